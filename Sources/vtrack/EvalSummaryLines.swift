import Evaluation
import Foundation

/// The summary block `vtrack eval` prints for one level after its per-sequence rows: every figure
/// over the whole set (means, worst sequence, per category, confidence, speed).
enum EvalSummaryLines {
    /// Lines for `result` (a vtrack level) of a report made with `evaluationProtocol`.
    static func lines(for result: EvaluationReport.TrackerResult, protocol evaluationProtocol: EvaluationProtocol,
                      reseedEvery: Int) -> [String] {
        let s = result.summary
        let runs = result.sequences.map(\.runs.count)
        let runText = evaluationProtocol == .ope ? "one run per sequence"
            : "\(runs.min() ?? 0)-\(runs.max() ?? 0) runs per sequence, their frames pooled per sequence"
        let tracker = reseedEvery > 0 ? "pipeline re-seeding every \(reseedEvery) frames" : "bare tracker"
        var lines = ["\(result.name) summary (\(evaluationProtocol.rawValue.uppercased()), \(tracker), \(runText)):"]
        lines.append("  mean AUC \(number(s.meanAUC)), mean Prec@20 \(number(s.meanPrecisionAt20)) over \(s.sequences) sequences")
        if let worst = result.worstSequence {
            lines.append("  worst sequence: \(worst.sequence), AUC \(number(worst.auc))")
        }
        if !result.categories.isEmpty {
            lines.append("  mean AUC per category:")
            let width = result.categories.map { $0.name.count + "\($0.sequences.count)".count }.max() ?? 0
            for category in result.categories {
                let label = "\(category.name) (\(category.sequences.count))"
                lines.append("    " + label + String(repeating: " ", count: max(0, width + 3 - label.count))
                             + " " + number(category.meanAUC))
            }
        }
        lines.append("  confidence ROC AUC (failure = IoU < 0.1): mean over sequences \(number(s.meanSequenceConfidenceROCAUC)) "
            + "(\(s.sequencesWithDefinedConfidenceROCAUC) of \(s.sequences) sequences have both classes), "
            + "all frames pooled \(number(s.pooledConfidence?.rocAUC))")
        if let c = s.pooledConfidence {
            lines.append("  failure rate, all frames pooled: \(number(c.failureRateAbove)) at confidence > 0.5 "
                + "(\(c.framesAbove) frames), \(number(c.failureRateAtOrBelow)) at <= 0.5 (\(c.framesAtOrBelow) frames)")
        }
        if let k = s.pooledCalibration {
            lines.append("  calibration (confidence = probability of IoU >= 0.5), all frames pooled: ECE \(number(k.expectedCalibrationError)), "
                + "Brier \(number(k.brierScore)), on the object \(percent(k.onObject)), mean confidence \(number(k.meanConfidence))")
            lines.append("  drawn solid \(percent(k.solidShare)) of frames; dashed frames on the object \(percent(k.dashedOnObject)); "
                + "solid frames failing (IoU < 0.1) \(percent(k.solidFailures)); lost frames on the object "
                + "\(k.lostOnObject.map(percent) ?? "-") (\(k.lostFrames.map(String.init) ?? "-") lost)")
        }
        lines.append("  tracker \(rate(result.trackerFPSPooled)) frames/s (all runs pooled, one run per core at a time), "
            + "decode + track \(rate(result.decodeAndTrackFPSPooled)) run-frames/s")
        return lines
    }

    static func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
    static func percent(_ value: Double) -> String { String(format: "%.1f%%", 100 * value) }
    static func rate(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
}
