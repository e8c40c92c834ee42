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

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the first runs' annotated frames (CSV: sequence, seconds from the first box, confidence, disputed by the forward-backward check, off the object), for fitting the review page's ranking.", valueName: "path"))
    var framesCSV: String?

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
        files.output("frames CSV", framesCSV)
        try files.check()
        let output = try csv.map { try TextOutputFile(path: $0, kind: "CSV") }
        let framesOutput = try framesCSV.map { try TextOutputFile(path: $0, kind: "frames CSV") }
        framesOutput?.writeLine("sequence,seconds,confidence,disputed,off")
        output?.writeLine("sequence,corrections_allowed,corrected_frames,first_run_auc,corrected_auc,evenly_spaced_auc,straight_lines_auc,"
            + "off_frames,off_solid_frames,off_solid_disputed_frames,disputed_frames,disputed_off_frames,first_moment_off,checked_frames,checked_auc"
            + (alsoTimeOrder ? ",time_order_frames,time_order_auc" : ""))
        let counts = correctionCounts
        var results: [ReviewLoopBenchmark.Result] = []
        for sequence in data.sequences {
            let sequenceResults = try ReviewLoopBenchmark.run(sequence, corrections: counts, options: TrackingOptions(
                level: level, trackerKind: TrackerChoice.kind(tracker, correlationFilter: correlationFilter)), alsoInTimeOrder: alsoTimeOrder)
            for warning in sequenceResults.first?.warnings ?? [] { StandardError.write("warning: \(sequence.name): \(warning)\n") }
            for frame in sequenceResults.first?.firstRunFrames ?? [] {
                framesOutput?.writeLine([TrackCSV.quoted(sequence.name), String(format: "%.3f", frame.seconds), String(format: "%.3f", frame.confidence),
                                         frame.disputed ? "1" : "0", frame.off ? "1" : "0"].joined(separator: ","))
            }
            for result in sequenceResults {
                let frames = result.correctedFrames.map(String.init).joined(separator: " ")
                let scores = [result.firstRun, result.corrected, result.evenlySpaced, result.straightLines].map { String(format: "%.3f", $0) }
                let inTime = result.inTimeOrder.map { ($0.frames.map(String.init).joined(separator: " "), String(format: "%.3f", $0.auc)) }
                print("\(result.sequence), K = \(result.allowed): first run \(scores[0]), corrected \(scores[1]), evenly spaced \(scores[2]),"
                    + " straight lines \(scores[3]) (corrected frames: \(frames.isEmpty ? "none" : frames))"
                    + String(format: "; checked %.3f", result.checked) + " (frames: \(result.checkedFrames.map(String.init).joined(separator: " ")))"
                    + (inTime.map { "; in time order \($0.1) (frames: \($0.0.isEmpty ? "none" : $0.0))" } ?? ""))
                let cues = result.cues
                let counts = [cues.off, cues.offSolid, cues.offSolidDisputed, cues.disputed, cues.disputedOff].map(String.init)
                    + [cues.firstMomentOff.map { $0 ? "1" : "0" } ?? "", result.checkedFrames.map(String.init).joined(separator: " "),
                       String(format: "%.3f", result.checked)]
                output?.writeLine(([TrackCSV.quoted(result.sequence), String(result.allowed), frames] + scores + counts
                    + (inTime.map { [$0.0, $0.1] } ?? [])).joined(separator: ","))
            }
            results += sequenceResults
        }
        try output?.commit()
        try framesOutput?.commit()
        printCueCoverage(results.filter { $0.allowed == counts[0] })
        for count in counts {
            let atK = results.filter { $0.allowed == count }
            guard !atK.isEmpty else { continue }
            func mean(_ value: KeyPath<ReviewLoopBenchmark.Result, Double>) -> String {
                String(format: "%.3f", atK.map { $0[keyPath: value] }.reduce(0, +) / Double(atK.count))
            }
            let inTime = alsoTimeOrder
                ? String(format: ", in time order %.3f", atK.compactMap { $0.inTimeOrder?.auc }.reduce(0, +) / Double(atK.count)) : ""
            let worst = atK.min { $0.corrected - $0.evenlySpaced < $1.corrected - $1.evenlySpaced }!
            let worstChecked = atK.min { $0.checked - $0.evenlySpaced < $1.checked - $1.evenlySpaced }!
            let means = "mean of \(atK.count): first run \(mean(\.firstRun)), corrected \(mean(\.corrected)), checked \(mean(\.checked)),"
                + " evenly spaced \(mean(\.evenlySpaced)), straight lines \(mean(\.straightLines))\(inTime) (K = \(count))"
            let worstCorrected = String(format: "%.3f vs %.3f", worst.corrected, worst.evenlySpaced) + worstLoss(atK, results: results, \.corrected)
            let worstCheckedFigures = String(format: "%.3f vs %.3f", worstChecked.checked, worstChecked.evenlySpaced)
                + worstLoss(atK, results: results, \.checked)
            print(means + "; worst against evenly spaced: corrected \(worst.sequence) \(worstCorrected),"
                + " checked \(worstChecked.sequence) \(worstCheckedFigures)")
        }
    }

    /// The largest AUC a sequence loses from more boxes (`value`: corrected or checked): against its run at the next smaller K asked for.
    private func worstLoss(_ atK: [ReviewLoopBenchmark.Result], results: [ReviewLoopBenchmark.Result],
                           _ value: KeyPath<ReviewLoopBenchmark.Result, Double>) -> String {
        let losses = atK.compactMap { result -> (String, Double)? in
            let before = results.filter { $0.sequence == result.sequence && $0.allowed < result.allowed }.max { $0.allowed < $1.allowed }
            return before.map { (result.sequence, $0[keyPath: value] - result[keyPath: value]) }
        }
        guard let worst = losses.max(by: { $0.1 < $1.1 }) else { return "" }
        return " (largest loss from the smaller K: \(worst.0) " + String(format: "%.3f)", worst.1)
    }

    /// How the first runs' pages point at the frames where the box is off the object, pooled over the sequences.
    private func printCueCoverage(_ results: [ReviewLoopBenchmark.Result]) {
        func total(_ value: KeyPath<ReviewLoopBenchmark.CueCoverage, Int>) -> Int { results.map { $0.cues[keyPath: value] }.reduce(0, +) }
        func share(_ part: Int, of whole: Int) -> String {
            let percent = whole == 0 ? "-" : String(format: "%.0f%%", 100 * Double(part) / Double(whole))
            return "\(part) of \(whole) (\(percent))"
        }
        let withOff = results.filter { $0.cues.off > 0 }
        let firstOff = withOff.count { $0.cues.firstMomentOff == true }
        let solid = share(total(\.offSolidDisputed), of: total(\.offSolid))
        let precision = share(total(\.disputedOff), of: total(\.disputed))
        let first = share(firstOff, of: withOff.count)
        print("forward-backward check: \(solid) off-object frames drawn solid disputed; \(precision) disputed frames off;"
            + " first moment off the object: \(first) sequences with off frames")
    }
}
