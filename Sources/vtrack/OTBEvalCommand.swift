import ArgumentParser
import Evaluation
import Foundation
import Pipeline
import Tracking

extension EvaluationProtocol: ExpressibleByArgument {}

/// `vtrack eval otb DIR` (and `vtrack eval DIR`): the single-object tracker on an OTB-layout dataset.
struct OTBEvalCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "otb",
        abstract: "Score the tracker on an OTB-layout dataset: success AUC, precision@20, the confidence's calibration, speed.",
        discussion: """
        DIR holds <Name>/groundtruth_rect.txt (x,y,w,h per line, pixels, top-left
        origin, line 1 = frame 0) and <Name>/<Name>.mp4 for each sequence. Runs
        start as the protocol says (ope, sre, tre), the bare tracker or, with
        --reseed-every N, the product pipeline; every figure, output file and
        floor is described in docs/evaluation.md.

        Examples:
          vtrack eval otb data/sequences --compare data/peers/summary.json
          vtrack eval otb data/sequences --protocol sre --level fast
          vtrack eval otb data/sequences --protocol tre --reseed-every 50
          vtrack eval otb data/sequences --categories docs/dev-set-categories.json \\
            --require scripts/ci/eval-floors.json
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
    var dataset: String

    @Option(parsing: .unconditional, help: "Tracker level to evaluate: fast, accurate or both.")
    var level: LevelChoice = .both

    @Option(parsing: .unconditional, help: ArgumentHelp("Output folder for the results, plots and CSVs; it may not hold the dataset or another input.", valueName: "outdir"))
    var out = "eval-out"

    @Option(parsing: .unconditional, help: ArgumentHelp("Peers to compare with (OPE only): a folder of <Tracker>/<Name>.csv, or its summary.json.",
                               valueName: "peers"))
    var compare: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(name: .customLong("protocol"), parsing: .unconditional, help: "How runs start: ope (one pass), sre (spatial robustness) or tre (temporal robustness).")
    var evaluationProtocol: EvaluationProtocol = .ope

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "With --protocol sre: only these of its 12 starts, comma-separated (shift-left, shift-right, shift-up, shift-down, shift-up-left, shift-up-right, shift-down-left, shift-down-right, scale-0.8, scale-0.9, scale-1.1, scale-1.2).",
        valueName: "a,b"))
    var starts: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("0: the bare tracker; N > 0: the product pipeline, re-seeding every N frames.", valueName: "n"))
    var reseedEvery = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("With --reseed-every N: what re-seeds the tracks (auto, template, person, face, PATH.onnx, a cascade; default: auto, as track does).",
                               valueName: "detector"))
    var detector: String?

    @Flag(help: "With --reseed-every N: the pipeline compensates camera motion (see track --camera-motion).")
    var cameraMotion = false

    @Option(parsing: .unconditional, help: ArgumentHelp("JSON object {\"category\": [\"Sequence\", ...]} for per-category mean AUCs.",
                               valueName: "file"))
    var categories: String?

    @Flag(help: "Also write each run's confidence features beside its CSV (<run>.evidence.csv), for scripts/fitting/fit-confidence.py.")
    var evidence = false

    @Flag(help: "Evaluate the levels' correlation filters on hand-made features (track --correlation-filter) instead of their learned trackers.")
    var correlationFilter = false

    @Flag(help: "Accepted for one release and ignored: the learned trackers are now the default (see --correlation-filter).")
    var learnedFeatures = false

    @Option(parsing: .unconditional, help: TrackerChoice.help)
    var tracker: TrackerKind?

    @Option(parsing: .unconditional, help: ArgumentHelp("JSON floors per level (meanAUC, meanConfidenceROCAUC, maxFailureRateAbove, maxECE, maxDashedOnObject); exit 1 when a figure is worse.",
                               valueName: "file"))
    var require: String?

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Change a tracker parameter for this run (ablations), e.g. lookAlikes=off (the Siamese tracker) or padding=2 (the correlation filter: --level accurate, or --correlation-filter); repeatable.",
                               valueName: "name=value"))
    var parameterAssignments: [String] = []

    func validate() throws {
        if let detector, !DetectorChoice.isKnown(detector) {
            throw ValidationError("unknown detector '\(detector)': use \(DetectorChoice.choicesText)")
        }
        if reseedEvery < 0 { throw ValidationError("--reseed-every must be 0 or more") }
        if reseedEvery > 0 && !parameterAssignments.isEmpty {
            throw ValidationError("--set cannot be combined with --reseed-every \(reseedEvery): the pipeline takes no custom tracker parameters (use --reseed-every 0)")
        }
        for level in level.levels {
            do {
                _ = try TrackerConfiguration.for(level, kind: TrackerChoice.kind(tracker, correlationFilter: correlationFilter))
                    .applying(parameterAssignments, level: level)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let sequences, commaSeparatedNames(sequences).isEmpty {
            throw ValidationError("--sequences needs at least one name")
        }
        if cameraMotion && reseedEvery == 0 {
            throw ValidationError("--camera-motion needs --reseed-every N: it is part of the pipeline")
        }
        if detector != nil && reseedEvery == 0 {
            throw ValidationError("--detector needs --reseed-every N: the bare tracker is not re-seeded")
        }
        if let starts {
            guard evaluationProtocol == .sre else {
                throw ValidationError("--starts needs --protocol sre: only its starts have names that every sequence shares")
            }
            let names = commaSeparatedNames(starts)
            if names.isEmpty {
                throw ValidationError("--starts needs at least one name")
            }
            if let unknown = names.first(where: { !RunStart.spatialNames.contains($0) }) {
                throw ValidationError("--starts: no SRE start is called '\(unknown)' (the starts: \(RunStart.spatialNames.joined(separator: ", ")))")
            }
        }
        if compare != nil && evaluationProtocol != .ope {
            throw ValidationError("--compare needs --protocol ope: the peers' results are one-pass runs")
        }
    }

    func run() throws {
        // The evaluation folder gets the results, plots and CSVs: no file it reads may be inside it.
        var files = CommandFiles()
        try OTBDataset(directory: dataset, names: sequences.map(commaSeparatedNames)).addInputs(to: &files)
        files.input("the peers' results", compare)
        files.input("the categories file", categories)
        files.input("the floors file", require)
        files.outputFolder("evaluation folder", out)
        try files.check()
        let floors = try require.map { try EvaluationFloors(path: $0) }
        var options = EvaluationOptions(levels: level.levels, sequences: sequences.map(commaSeparatedNames),
                                        outputDirectory: out, peers: compare,
                                        parameterAssignments: parameterAssignments,
                                        evaluationProtocol: evaluationProtocol, reseedEvery: reseedEvery,
                                        detector: detector.map { DetectorChoice(parsing: $0) } ?? .automatic, compensatesCameraMotion: cameraMotion,
                                        categories: try categories.map { try SequenceCategories(path: $0) })
        options.writesEvidence = evidence
        options.startNames = starts.map { Set(commaSeparatedNames($0)) }
        options.trackerKind = try TrackerChoice.kind(tracker, correlationFilter: correlationFilter)
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

    private func commaSeparatedNames(_ list: String) -> [String] {
        EvalCommand.sequenceNames(list)
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
