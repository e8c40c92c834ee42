import Foundation

/// Which of a ``FusedTracker``'s two boxes to report where they disagree: the probability that the
/// Siamese tracker's box is on the object and the probability that the filter's is, each a logistic
/// regression over the same cues (``featureNames``): both trackers' own calibrated confidences (as
/// logits), how much their boxes overlap, and how long ago the filter was last restarted (a filter
/// restarted at the Siamese box a few frames ago has learnt little of its own). The box with the
/// higher probability is reported.
///
/// Fitted on the development set by `scripts/fitting/fit-fusion-choice.py` (leave-one-benchmark-out
/// figures in docs/fusion.md), which writes ``accurate`` in `FusionChoiceModel+Fitted.swift`.
public struct FusionChoiceModel: Sendable, Equatable {
    public static let featureNames = ["bias", "siamese_logit", "filter_logit", "agreement", "log_frames_since_filter_restart"]
    /// Weights of the Siamese box's probability, one per feature of ``featureNames``.
    public let siameseWeights: [Float]
    /// Weights of the filter box's probability.
    public let filterWeights: [Float]

    public init(siameseWeights: [Float], filterWeights: [Float]) {
        self.siameseWeights = siameseWeights
        self.filterWeights = filterWeights
    }

    /// Reports the Siamese box everywhere: the choice to run when collecting the frames the choice is
    /// fitted on (`vtrack eval --level accurate --evidence --set fusionChoice=siamese-box`).
    public static let siameseBox = FusionChoiceModel(siameseWeights: [1, 0, 0, 0, 0], filterWeights: [0, 0, 0, 0, 0])

    /// True when the filter's box is more likely on the object than the Siamese tracker's, given the
    /// trackers' own confidences (0...1), the IoU of their boxes and the frames since the filter restarted.
    public func prefersFilter(siameseConfidence: Float, filterConfidence: Float, agreement: Float, framesSinceFilterRestart: Int) -> Bool {
        let features: [Float] = [1, Logistic.logit(siameseConfidence), Logistic.logit(filterConfidence), agreement,
                                 log1p(Float(max(0, framesSinceFilterRestart)))]
        return Self.logOdds(filterWeights, features) > Self.logOdds(siameseWeights, features)
    }

    private static func logOdds(_ weights: [Float], _ features: [Float]) -> Float {
        zip(weights, features).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
