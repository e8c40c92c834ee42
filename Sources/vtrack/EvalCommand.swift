import ArgumentParser
import Evaluation
import Foundation
import Tracking

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the tracker on an OTB-layout dataset (success AUC, precision@20, speed).",
        discussion: """
        DIR holds one folder per sequence: <Name>/groundtruth_rect.txt (x,y,w,h
        per line, pixels, top-left origin, line 1 = frame 0) and <Name>/<Name>.mp4
        or <Name>/img/0001.jpg, ...

        One-pass evaluation: the tracker starts on frame 0 at the ground-truth
        box and runs unaided; every frame, frame 0 included, is scored as
        otb_metrics.py scores it.

        Writes OUTDIR/<level>/<Name>.csv, OUTDIR/results.json, OUTDIR/success.svg
        and OUTDIR/precision.svg. --compare adds other trackers' curves,
        recomputed from their CSVs (PEERS/<Tracker>/<Name>.csv) against the same
        ground truth.

        Example:
          vtrack eval data/sequences --compare data/peers/summary.json
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

    @Argument(help: ArgumentHelp("Dataset folder (OTB layout), or one sequence folder.", valueName: "dir"))
    var dataset: String

    @Option(help: "Tracker level to evaluate: fast, accurate or both.")
    var level: LevelChoice = .both

    @Option(help: ArgumentHelp("Output folder.", valueName: "outdir"))
    var out = "eval-out"

    @Option(help: ArgumentHelp("Peers to compare with: a folder of <Tracker>/<Name>.csv, or its summary.json.",
                               valueName: "peers"))
    var compare: String?

    @Option(help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(name: .customLong("set"), parsing: .singleValue,
            help: ArgumentHelp("Change a tracker parameter for this run (ablations), e.g. padding=2; repeatable.",
                               valueName: "name=value"))
    var parameterAssignments: [String] = []

    func validate() throws {
        for level in level.levels {
            do {
                _ = try TrackerParameters.for(level).applying(parameterAssignments)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let sequences, sequenceNames(sequences).isEmpty {
            throw ValidationError("--sequences needs at least one name")
        }
    }

    func run() throws {
        let options = EvaluationOptions(levels: level.levels, sequences: sequences.map(sequenceNames),
                                        outputDirectory: out, peers: compare,
                                        parameterAssignments: parameterAssignments)
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
                FileHandle.standardError.write(Data("warning: \(result.sequence): \(warning)\n".utf8))
            }
        }
        for result in report.levels {
            let s = result.summary
            print(row(["mean (\(s.sequences))", result.name, "\(s.frames)", number(s.meanAUC), number(s.meanPrecisionAt20),
                       number(s.meanNormalizedPrecisionAUC), number(s.meanSequenceConfidenceROCAUC),
                       rate(result.trackerFPSPooled), rate(result.decodeAndTrackFPSPooled)]))
        }
        for result in report.levels {
            guard let c = result.summary.pooledConfidence else { continue }
            print("\(result.name): confidence as failure predictor (failure = IoU < 0.1), all frames pooled: "
                + "ROC AUC \(number(c.rocAUC)), failure rate \(number(c.failureRateAbove)) at confidence > 0.5 "
                + "(\(c.framesAbove) frames), \(number(c.failureRateAtOrBelow)) at <= 0.5 (\(c.framesAtOrBelow) frames)")
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
        print("\nwrote \(report.resultsJSON), \(report.successPlot), \(report.precisionPlot)")
        print("CSVs in \(options.levels.map { (out as NSString).appendingPathComponent($0.rawValue) }.joined(separator: ", "))")
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

    private func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
    private func rate(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
}
