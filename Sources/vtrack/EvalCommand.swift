import ArgumentParser
import Evaluation
import Foundation
import Pipeline
import Tracking

extension EvaluationProtocol: ExpressibleByArgument {}

struct EvalCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the tracker on an OTB-layout dataset (success AUC, precision@20, speed), or multi-object tracking on a MOTChallenge-layout one (--mot).",
        discussion: """
        DIR holds one folder per sequence: <Name>/groundtruth_rect.txt (x,y,w,h
        per line, pixels, top-left origin, line 1 = frame 0; nan lines = no
        target, not scored) and <Name>/<Name>.mp4 or <Name>/img/0001.jpg, ...

        Protocols (as in the OTB benchmark), every frame of a run from its start
        frame on scored as otb_metrics.py scores it:
          ope  one pass: start on frame 0 at the ground-truth box, run unaided
          sre  spatial robustness: 12 runs from frame 0, the box shifted by 10%
               of its size in 8 directions and scaled by 0.8, 0.9, 1.1, 1.2
          tre  temporal robustness: up to 20 runs starting at frames
               round(k*N/20) (moved on to the next annotated frame)
        SRE/TRE pool the frames of a sequence's runs into its scores; the set's
        figures are means over sequences. All runs of a sequence share one
        decode pass and run in parallel.

        --reseed-every N (N > 0) runs each start through the product pipeline
        (what vtrack track --reseed-every N does) instead of the bare tracker.

        After the per-sequence rows, each level's summary: mean AUC and
        Prec@20, worst sequence, mean AUC per category (--categories), mean
        per-sequence confidence ROC AUC, failure rate (IoU < 0.1) at
        confidence > 0.5 and <= 0.5, the calibration of the confidence (the
        probability that IoU >= 0.5; all frames pooled: ECE over 10 bins,
        Brier score, share drawn solid, dashed frames on the object, solid
        frames failing, lost frames on the object), tracker frames/s.
        --require FILE then exits with status 1 and one line per figure worse
        than its floor.

        Writes OUTDIR/<level>/<Name>.csv (OPE) or
        OUTDIR/<level>/<protocol>/<Name>/<run>.csv (runs such as shift-left,
        scale-0.8, start-0123), OUTDIR/results.json, OUTDIR/success.svg,
        OUTDIR/precision.svg and OUTDIR/calibration.svg (reliability diagram).
        --evidence also writes each run's confidence features beside its CSV
        (<run>.evidence.csv), what scripts/fitting/fit-confidence.py refits the
        confidence models on. --compare (OPE only) adds other trackers' curves,
        recomputed from their CSVs (PEERS/<Tracker>/<Name>.csv) against the same
        ground truth.

        --mot DIR scores the automatic mode instead (vtrack track CLIP --detector
        person with no --box: every person found gets a track). DIR holds
        <Name>/seqinfo.ini (seqLength), <Name>/gt/gt.txt (MOTChallenge ground
        truth, 1-based frames; rows with flag 0 are not scored) and
        <Name>/<Name>.mp4 or <Name>/img1/000001.jpg, ... Each sequence's results
        are written by the same sink as vtrack track --mot, to OUTDIR/mot/<Name>.txt,
        read back and scored against the ground truth, per sequence and pooled:
        MOTA, MOTP (mean IoU of the matches), IDF1 with IDP and IDR, HOTA with
        DetA and AssA (means over IoU thresholds 0.05...0.95, as TrackEval), ID
        switches, false positives, misses, fragmentations, mostly tracked /
        partly tracked / mostly lost ids, frames/s. Matches need IoU >= 0.5.
        Boxes are scored as the files have them (MOT15 ground truth counts pixels
        from 1, vtrack from 0). --detector (default person), --detect-every
        (default 2), --reseed-every, --level (default accurate) and
        --camera-motion are as for track. --compare FOLDER scores other trackers' results beside vtrack's:
        FOLDER/<Tracker>/<Name>.txt (scripts/experiments/mot-peers.py writes ByteTrack's and
        norfair's). Writes OUTDIR/mot/<Name>.txt and OUTDIR/results.json.

        Examples:
          vtrack eval data/sequences --compare data/peers/summary.json
          vtrack eval data/sequences --protocol sre --level fast
          vtrack eval data/sequences --protocol tre --reseed-every 50
          vtrack eval data/sequences --categories docs/dev-set-categories.json \\
            --require scripts/ci/eval-floors.json
          vtrack eval --mot data/mot --out mot-out
          vtrack eval --mot data/mot --compare mot-out/peers --out mot-out
        """
    )

    enum LevelChoice: String, ExpressibleByArgument, CaseIterable {
        case fast, accurate, both

        var levels: [TrackingLevel] {
            switch self {
            case .fast: return [.fast]
            case .accurate: return [.accurate]
            case .both: return [.fast, .accurate]
            }
        }
    }

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("Dataset folder (OTB layout), or one sequence folder.", valueName: "dir"))
    var dataset: String?

    @Option(help: ArgumentHelp("A MOTChallenge-layout dataset folder (or one sequence folder): score the automatic multi-object tracking.",
                               valueName: "dir"))
    var mot: String?

    @Option(help: "Tracker level to evaluate: fast, accurate or both (default both; with --mot one level, default accurate).")
    var level: LevelChoice?

    @Option(help: ArgumentHelp("Output folder.", valueName: "outdir"))
    var out = "eval-out"

    @Option(help: ArgumentHelp("Peers to compare with: a folder of <Tracker>/<Name>.csv, or its summary.json (with --mot: <Tracker>/<Name>.txt).",
                               valueName: "peers"))
    var compare: String?

    @Option(help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(name: .customLong("protocol"), help: "How runs start: ope (one pass), sre (spatial robustness) or tre (temporal robustness).")
    var evaluationProtocol: EvaluationProtocol = .ope

    @Option(help: ArgumentHelp("0 (default): the bare tracker; N > 0: the product pipeline, re-seeding every N frames (with --mot: as track, default 50).",
                               valueName: "n"))
    var reseedEvery: Int?

    @Option(help: ArgumentHelp("With --mot: run the automatic mode's detector every N frames (as track, default 2).",
                               valueName: "n"))
    var detectEvery: Int?

    @Option(help: ArgumentHelp("With --reseed-every N: what re-seeds the tracks (template, person, face, PATH.onnx, a cascade); with --mot the class detector that starts them (default person).",
                               valueName: "detector"))
    var detector: String?

    @Flag(help: "With --reseed-every N: the pipeline compensates camera motion (see track --camera-motion).")
    var cameraMotion = false

    @Option(help: ArgumentHelp("JSON object {\"category\": [\"Sequence\", ...]} for per-category mean AUCs.",
                               valueName: "file"))
    var categories: String?

    @Flag(help: "Also write each run's confidence features beside its CSV (<run>.evidence.csv), for scripts/fitting/fit-confidence.py.")
    var evidence = false

    @Option(help: ArgumentHelp("JSON floors per level (meanAUC, meanConfidenceROCAUC, maxFailureRateAbove, maxECE, maxDashedOnObject); exit 1 when a figure is worse.",
                               valueName: "file"))
    var require: String?

    @Option(name: .customLong("set"), parsing: .singleValue,
            help: ArgumentHelp("Change a tracker parameter for this run (ablations), e.g. padding=2; repeatable.",
                               valueName: "name=value"))
    var parameterAssignments: [String] = []

    func validate() throws {
        if let detector, !DetectorChoice.isKnown(detector) {
            throw ValidationError("unknown detector '\(detector)': use \(DetectorChoice.choicesText)")
        }
        if let reseedEvery, reseedEvery < 0 { throw ValidationError("--reseed-every must be 0 or more") }
        if let detectEvery, detectEvery < 1 { throw ValidationError("--detect-every must be 1 or more") }
        switch (dataset, mot) {
        case (nil, nil): throw ValidationError("give a dataset folder DIR (OTB layout) or --mot DIR (MOTChallenge layout)")
        case (.some, .some): throw ValidationError("give either a dataset folder DIR (OTB layout) or --mot DIR, not both")
        case (nil, .some): try validateMOT()
        case (.some, nil): try validateOTB()
        }
    }

    private func validateMOT() throws {
        if level == .both { throw ValidationError("--mot evaluates one level: --level fast or --level accurate") }
        if !motDetector.findsNewObjects {
            throw ValidationError("--mot needs a class detector that starts tracks (person, face, PATH.onnx or a cascade), not template")
        }
        for (given, option) in [(evaluationProtocol != .ope, "--protocol"), (categories != nil, "--categories"), (evidence, "--evidence"),
                                (require != nil, "--require"), (!parameterAssignments.isEmpty, "--set")] where given {
            throw ValidationError("\(option) applies to the OTB evaluation, not to --mot")
        }
    }

    private func validateOTB() throws {
        if detectEvery != nil { throw ValidationError("--detect-every applies to --mot (the automatic mode)") }
        let reseedEvery = otbReseedEvery, detector = otbDetector
        for level in otbLevels {
            do {
                _ = try TrackerParameters.for(level).applying(parameterAssignments)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let sequences, sequenceNames(sequences).isEmpty {
            throw ValidationError("--sequences needs at least one name")
        }
        if reseedEvery > 0 && !parameterAssignments.isEmpty {
            throw ValidationError("--set cannot be combined with --reseed-every \(reseedEvery): the pipeline takes no custom tracker parameters (use --reseed-every 0)")
        }
        if cameraMotion && reseedEvery == 0 {
            throw ValidationError("--camera-motion needs --reseed-every N: it is part of the pipeline")
        }
        if detector != "template" && reseedEvery == 0 {
            throw ValidationError("--detector needs --reseed-every N: the bare tracker is not re-seeded")
        }
        if compare != nil && evaluationProtocol != .ope {
            throw ValidationError("--compare needs --protocol ope: the peers' results are one-pass runs")
        }
    }

    /// The OTB evaluation's settings: both levels, the bare tracker, the template re-detector unless given.
    private var otbLevels: [TrackingLevel] { (level ?? .both).levels }
    private var otbReseedEvery: Int { reseedEvery ?? 0 }
    private var otbDetector: String { detector ?? "template" }
    /// The MOT evaluation's: those of vtrack track.
    private var motDetector: DetectorChoice { DetectorChoice(parsing: detector ?? "person") }

    func run() throws {
        if let mot {
            try MOTEvalRun(options: MOTEvaluationOptions(
                sequences: sequences.map(sequenceNames), outputDirectory: out, peers: compare,
                level: level?.levels.first ?? .accurate, detector: motDetector, detectEvery: detectEvery ?? 2,
                reseedEvery: reseedEvery ?? 50,
                compensatesCameraMotion: cameraMotion)).run(dataset: mot)
            return
        }
        guard let dataset else { return }
        let reseedEvery = otbReseedEvery
        let floors = try require.map { try EvaluationFloors(path: $0) }
        var options = EvaluationOptions(levels: otbLevels, sequences: sequences.map(sequenceNames),
                                        outputDirectory: out, peers: compare,
                                        parameterAssignments: parameterAssignments,
                                        evaluationProtocol: evaluationProtocol, reseedEvery: reseedEvery,
                                        detector: DetectorChoice(parsing: otbDetector), compensatesCameraMotion: cameraMotion,
                                        categories: try categories.map { try SequenceCategories(path: $0) })
        options.writesEvidence = evidence
        var printedHeader = false
        let report = try DatasetEvaluation.run(dataset: dataset, options: options) { level, result in
            if !printedHeader {
                print(row(["sequence", "level", "frames", "AUC", "Prec@20", "NPrec", "confAUC", "fps trk", "fps dec+trk"]))
                printedHeader = true
            }
            print(row([result.sequence, level.rawValue, "\(result.scores.frames)", number(result.scores.auc),
                       number(result.scores.precisionAt20), number(result.scores.normalizedPrecisionAUC),
                       number(result.confidence?.rocAUC), rate(result.trackerFPS), rate(result.decodeAndTrackFPS)]))
            for warning in result.warnings {
                StandardError.write("warning: \(result.sequence): \(warning)\n")
            }
        }
        for result in report.levels {
            let s = result.summary
            print(row(["mean (\(s.sequences))", result.name, "\(s.frames)", number(s.meanAUC), number(s.meanPrecisionAt20),
                       number(s.meanNormalizedPrecisionAUC), number(s.meanSequenceConfidenceROCAUC),
                       rate(result.trackerFPSPooled), rate(result.decodeAndTrackFPSPooled)]))
        }
        for result in report.levels {
            print("")
            EvalSummaryLines.lines(for: result, protocol: evaluationProtocol, reseedEvery: reseedEvery).forEach { print($0) }
        }
        if !report.peers.isEmpty {
            print("\npeers on the same sequences (mean over the sequences each has; fps as published, tracker only)")
            print(row(["tracker", "", "seqs", "AUC", "Prec@20", "NPrec", "confAUC", "fps trk", ""]))
            for peer in report.peers {
                let s = peer.summary
                print(row([peer.name, "", "\(s.sequences)", number(s.meanAUC), number(s.meanPrecisionAt20),
                           number(s.meanNormalizedPrecisionAUC), number(s.meanSequenceConfidenceROCAUC),
                           rate(peer.publishedTrackerFPS), ""]))
                if !peer.missingSequences.isEmpty {
                    print("  \(peer.name) has no results for: \(peer.missingSequences.joined(separator: ", "))")
                }
            }
        }
        print("\nwrote \(report.resultsJSON), \(report.successPlot), \(report.precisionPlot), \(report.calibrationPlot)")
        print("CSVs in \(options.levels.map(options.csvFolder).joined(separator: ", "))")
        let violations = floors?.violations(in: report) ?? []
        for line in violations {
            StandardError.write(line + "\n")
        }
        if !violations.isEmpty { throw ExitCode(1) }
    }

    private func sequenceNames(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func row(_ cells: [String]) -> String {
        let widths = [14, 9, 7, 7, 8, 7, 8, 9, 12]
        return zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return index < 2 ? cell + padding : padding + cell
        }.joined(separator: " ")
    }

    private func number(_ value: Double?) -> String { EvalSummaryLines.number(value) }
    private func rate(_ value: Double?) -> String { EvalSummaryLines.rate(value) }
}
