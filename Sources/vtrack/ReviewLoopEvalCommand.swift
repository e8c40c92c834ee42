import ArgumentParser
import Evaluation
import Foundation
import Pipeline
import Tracking

/// `vtrack eval review-loop`: what correcting a run's review moments is worth (``ReviewLoopBenchmark``).
struct ReviewLoopEvalCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "review-loop",
        abstract: "Play a reviewer on a dataset with ground truth: correct up to K of the review page's moments, re-track, score.",
        discussion: """
        For each sequence: track from the first ground-truth box; take the review page's moments \
        in their order and, where the box is off the object (IoU < 0.5), give the ground-truth \
        box as a keyframe, up to --corrections per sequence; re-track from them (--keyframes). \
        Beside it, at the same K: keyframes spaced evenly, and straight lines between the same \
        corrections. Scores are success AUC over every annotated frame.

        Example:
          vtrack eval review-loop data/sequences --corrections 3 --sequences Couple,bag --csv loop.csv
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("Dataset folder (OTB layout).", valueName: "dir"))
    var dataset: String

    @Option(help: ArgumentHelp("Corrections per sequence (K).", valueName: "k"))
    var corrections = 3

    @Option(help: "Tracker level: fast or accurate.")
    var level: TrackingLevel = .fast

    @Flag(help: "Track with the level's correlation filter on hand-made features (track --correlation-filter) instead of its learned tracker.")
    var correlationFilter = false

    @Option(help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(help: ArgumentHelp("Where to write one row per sequence (CSV).", valueName: "path"))
    var csv: String?

    func validate() throws {
        if corrections < 0 { throw ValidationError("--corrections must be 0 or more") }
    }

    func run() throws {
        let data = try OTBDataset(directory: dataset, names: sequences.map(EvalCommand.sequenceNames))
        var files = CommandFiles()
        data.addInputs(to: &files)
        files.output("CSV", csv)
        try files.check()
        let output = try csv.map { try TextOutputFile(path: $0, kind: "CSV") }
        output?.writeLine("sequence,corrections_allowed,corrected_frames,first_run_auc,corrected_auc,evenly_spaced_auc,straight_lines_auc")
        var results: [ReviewLoopBenchmark.Result] = []
        for sequence in data.sequences {
            let result = try ReviewLoopBenchmark.run(sequence, corrections: corrections, options: TrackingOptions(
                level: level, trackerKind: correlationFilter ? .correlationFilter : .learned))
            results.append(result)
            let frames = result.correctedFrames.map(String.init).joined(separator: " ")
            let scores = [result.firstRun, result.corrected, result.evenlySpaced, result.straightLines].map { String(format: "%.3f", $0) }
            print("\(result.sequence): first run \(scores[0]), corrected \(scores[1]), evenly spaced \(scores[2]), straight lines \(scores[3])"
                + " (corrected frames: \(frames.isEmpty ? "none" : frames))")
            output?.writeLine(([TrackCSV.quoted(result.sequence), String(result.allowed), frames] + scores).joined(separator: ","))
        }
        try output?.commit()
        guard !results.isEmpty else { return }
        func mean(_ value: KeyPath<ReviewLoopBenchmark.Result, Double>) -> Double {
            results.map { $0[keyPath: value] }.reduce(0, +) / Double(results.count)
        }
        let means = [\ReviewLoopBenchmark.Result.firstRun, \.corrected, \.evenlySpaced, \.straightLines].map { String(format: "%.3f", mean($0)) }
        print("mean of \(results.count): first run \(means[0]), corrected \(means[1]), evenly spaced \(means[2]), straight lines \(means[3])"
            + " (K = \(corrections))")
    }
}
