import ArgumentParser
import Evaluation
import Files
import Foundation
import Pipeline
import TrackFormats
import Tracking

/// `vtrack eval review-loop`: what correcting a run's review moments is worth (``ReviewLoopBenchmark``).
struct ReviewLoopEvalCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "review-loop",
        abstract: "Play a reviewer on a dataset with ground truth: correct up to K of the review page's moments, re-track, score.",
        discussion: """
        For each sequence: track from the first ground-truth box; take the review page's moments \
        in its order (most at stake first) and, where the box is off the object (IoU < 0.5), give the ground-truth \
        box as a keyframe, up to --corrections per sequence; re-track from them (--keyframes). \
        Beside it, at the same K: keyframes spaced evenly, and straight lines between the same \
        corrections. Scores are success AUC over every annotated frame. Several K (--corrections \
        0,1,2,3) share each sequence's first run: one CSV row per sequence and K.

        Example:
          vtrack eval review-loop data/sequences --corrections 3 --sequences Couple,bag --csv loop.csv
          vtrack eval review-loop data/sequences --corrections 0,1,2,3,4,5 --csv curve.csv
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("Dataset folder (OTB layout).", valueName: "dir"))
    var dataset: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Corrections per sequence (K), or several, comma-separated.", valueName: "k"))
    var corrections = "3"

    @Option(parsing: .unconditional, help: "Tracker level: fast or accurate.")
    var level: TrackingLevel = .fast

    @Flag(help: "Track with the level's correlation filter on hand-made features (track --correlation-filter) instead of its learned tracker.")
    var correlationFilter = false

    @Option(parsing: .unconditional, help: TrackerChoice.help)
    var tracker: TrackerKind?

    @Flag(help: "Also play a reviewer who takes the moments in time order (CSV columns time_order_frames and time_order_auc).")
    var alsoTimeOrder = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write one row per sequence (CSV).", valueName: "path"))
    var csv: String?

    /// The values of K, in the order given.
    private var correctionCounts: [Int] {
        corrections.split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    func validate() throws {
        _ = try TrackerChoice.kind(tracker, correlationFilter: correlationFilter)
        let counts = correctionCounts
        guard counts.count == corrections.split(separator: ",", omittingEmptySubsequences: false).count,
              counts.allSatisfy({ $0 >= 0 }), Set(counts).count == counts.count else {
            throw ValidationError("--corrections must be whole numbers of 0 or more, each once, comma-separated (got '\(corrections)')")
        }
    }

    func run() throws {
        let data = try OTBDataset(directory: dataset, names: sequences.map(EvalCommand.sequenceNames))
        var files = CommandFiles()
        data.addInputs(to: &files)
        files.output("CSV", csv)
        try files.check()
        let output = try csv.map { try TextOutputFile(path: $0, kind: "CSV") }
        output?.writeLine("sequence,corrections_allowed,corrected_frames,first_run_auc,corrected_auc,evenly_spaced_auc,straight_lines_auc"
            + (alsoTimeOrder ? ",time_order_frames,time_order_auc" : ""))
        let counts = correctionCounts
        var results: [ReviewLoopBenchmark.Result] = []
        for sequence in data.sequences {
            let sequenceResults = try ReviewLoopBenchmark.run(sequence, corrections: counts, options: TrackingOptions(
                level: level, trackerKind: TrackerChoice.kind(tracker, correlationFilter: correlationFilter)), alsoInTimeOrder: alsoTimeOrder)
            for warning in sequenceResults.first?.warnings ?? [] { StandardError.write("warning: \(sequence.name): \(warning)\n") }
            for result in sequenceResults {
                let frames = result.correctedFrames.map(String.init).joined(separator: " ")
                let scores = [result.firstRun, result.corrected, result.evenlySpaced, result.straightLines].map { String(format: "%.3f", $0) }
                let inTime = result.inTimeOrder.map { ($0.frames.map(String.init).joined(separator: " "), String(format: "%.3f", $0.auc)) }
                print("\(result.sequence), K = \(result.allowed): first run \(scores[0]), corrected \(scores[1]), evenly spaced \(scores[2]),"
                    + " straight lines \(scores[3]) (corrected frames: \(frames.isEmpty ? "none" : frames))"
                    + (inTime.map { "; in time order \($0.1) (frames: \($0.0.isEmpty ? "none" : $0.0))" } ?? ""))
                output?.writeLine(([TrackCSV.quoted(result.sequence), String(result.allowed), frames] + scores
                    + (inTime.map { [$0.0, $0.1] } ?? [])).joined(separator: ","))
            }
            results += sequenceResults
        }
        try output?.commit()
        for count in counts {
            let atK = results.filter { $0.allowed == count }
            guard !atK.isEmpty else { continue }
            func mean(_ value: KeyPath<ReviewLoopBenchmark.Result, Double>) -> String {
                String(format: "%.3f", atK.map { $0[keyPath: value] }.reduce(0, +) / Double(atK.count))
            }
            let inTime = alsoTimeOrder
                ? String(format: ", in time order %.3f", atK.compactMap { $0.inTimeOrder?.auc }.reduce(0, +) / Double(atK.count)) : ""
            print("mean of \(atK.count): first run \(mean(\.firstRun)), corrected \(mean(\.corrected)), evenly spaced \(mean(\.evenlySpaced)),"
                + " straight lines \(mean(\.straightLines))\(inTime) (K = \(count))")
        }
    }
}
