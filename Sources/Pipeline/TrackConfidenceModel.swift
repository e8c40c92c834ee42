import Foundation
import Tracking

/// The reported confidence of a re-seeded track: the probability that its box overlaps the object
/// with IoU >= 0.5, from the frame's ``TrackEvidence`` by logistic regression,
/// `1 / (1 + exp(-w · features))` over ``featureNames``. Its first input is the logit of the
/// tracker's own calibrated confidence (``ConfidenceModel``), the others whether the tracker was
/// re-seeded on this frame (its box is then the detection's) and how long ago.
///
/// The weights are fitted per level by `scripts/fitting/fit-confidence.py` on the pipeline's OPE, SRE and
/// TRE runs of the development set (`vtrack eval --reseed-every 50 --evidence`), which writes
/// ``fast`` and ``accurate``, and ``fastWithAppearance`` and ``accurateWithAppearance`` for a tracker
/// whose confidence has the appearance cue, in `TrackConfidenceModel+Fitted.swift`.
public struct TrackConfidenceModel: LogisticConfidenceModel, Sendable, Equatable {
    public static let featureNames = [
        "bias", "tracker_logit", "reseeded", "log_frames_since_reseed",
    ]
    public let weights: [Float]

    public init(weights: [Float]) {
        self.weights = weights
    }

    /// The fitted model of `level`, for a tracker whose confidence has the appearance cue or not,
    /// on learned features (the Siamese tracker) or hand-made ones (the correlation filter).
    public static func `for`(_ level: TrackingLevel, withAppearance: Bool, learnedFeatures: Bool = false) -> TrackConfidenceModel {
        switch (level, withAppearance, learnedFeatures) {
        case (.fast, false, false): return .fast
        case (.accurate, false, false): return .accurate
        case (.fast, true, false): return .fastWithAppearance
        case (.accurate, true, false): return .accurateWithAppearance
        case (.fast, false, true): return .learnedFast
        case (.accurate, false, true): return .learnedAccurate
        case (.fast, true, true): return .learnedFastWithAppearance
        case (.accurate, true, true): return .learnedAccurateWithAppearance
        }
    }

    /// The probability (0...1) that the box is on the object given `evidence`.
    public func probability(_ evidence: TrackEvidence) -> Float {
        Logistic.probability(logOdds(evidence))
    }

    public static func forEachFeature(of e: TrackEvidence, _ body: (Int, Float) -> Void) {
        body(0, 1)
        body(1, Logistic.logit(e.trackerConfidence))
        body(2, e.reseeded ? 1 : 0)
        body(3, log1p(Float(max(0, e.framesSinceReseed))))
    }
}
