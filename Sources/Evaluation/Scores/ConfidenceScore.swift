/// How well a tracker's confidence predicts its own failures on a set of scored frames.
///
/// A frame is a failure when its IoU is below ``OTBProtocol/failureIoU`` (0.1; missing boxes are
/// failures). Only frames with a finite confidence count; frame 0 never has one (it is the
/// initialisation, not a tracking output).
public struct ConfidenceScore: Sendable, Equatable, Codable {
    /// Frames with a finite confidence.
    public var frames: Int
    /// Of those, frames that are failures.
    public var failureFrames: Int
    /// ROC AUC of `1 - confidence` as a predictor of failure (see ``rocAUC(scores:positives:)``);
    /// `nil` without both failures and successes.
    public var rocAUC: Double?
    /// The split between "confident" and "not confident".
    public var threshold: Double
    /// Frames with confidence > threshold.
    public var framesAbove: Int
    /// Frames with confidence <= threshold.
    public var framesAtOrBelow: Int
    /// Failure rate among frames with confidence > threshold; `nil` when there are none.
    public var failureRateAbove: Double?
    /// Failure rate among frames with confidence <= threshold; `nil` when there are none.
    public var failureRateAtOrBelow: Double?

    /// The JSON names of `otb_metrics.py`.
    enum CodingKeys: String, CodingKey {
        case frames = "conf_frames", failureFrames = "conf_fail_frames", rocAUC = "conf_roc_auc"
        case threshold = "conf_threshold", framesAbove = "n_conf_hi", framesAtOrBelow = "n_conf_lo"
        case failureRateAbove = "fail_rate_conf_hi", failureRateAtOrBelow = "fail_rate_conf_lo"
    }

    /// - Parameters:
    ///   - confidences: one per frame, NaN or infinite where there is none.
    ///   - ious: IoU of the same frames.
    ///   - threshold: confidence split, default 0.5 (`--conf-threshold` of `otb_metrics.py`).
    public init(confidences: [Double], ious: [Double], threshold: Double = OTBProtocol.defaultConfidenceThreshold) {
        var scores: [Double] = [], failures: [Bool] = []
        var above = 0, aboveFailures = 0, below = 0, belowFailures = 0
        for (c, iou) in zip(confidences, ious) where c.isFinite {
            let failed = iou < OTBProtocol.failureIoU
            scores.append(1 - c)
            failures.append(failed)
            if c > threshold {
                above += 1
                if failed { aboveFailures += 1 }
            } else {
                below += 1
                if failed { belowFailures += 1 }
            }
        }
        frames = scores.count
        failureFrames = aboveFailures + belowFailures
        rocAUC = Evaluation.rocAUC(scores: scores, positives: failures)
        self.threshold = threshold
        framesAbove = above
        framesAtOrBelow = below
        failureRateAbove = above > 0 ? Double(aboveFailures) / Double(above) : nil
        failureRateAtOrBelow = below > 0 ? Double(belowFailures) / Double(below) : nil
    }

    /// The confidence score of measured frames; `nil` when they carry no confidence.
    public init?(_ m: FrameMeasurements, threshold: Double = OTBProtocol.defaultConfidenceThreshold) {
        guard let confidences = m.confidences else { return nil }
        self.init(confidences: confidences, ious: m.ious, threshold: threshold)
    }
}
