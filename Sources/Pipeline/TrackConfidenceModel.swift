import Foundation
import Tracking

/// The reported confidence of a re-seeded track: the probability that its box overlaps the object
/// with IoU >= 0.5, from the frame's ``TrackEvidence`` by logistic regression,
/// `1 / (1 + exp(-w · features))` over ``featureNames``. Its first input is the logit of the
/// tracker's own calibrated confidence (``ConfidenceModel``), the others whether the tracker was
/// re-seeded on this frame (its box is then the detection's) and how long ago.
///
/// The weights are fitted per level by `scripts/fit-confidence.py` on the pipeline's OPE, SRE and
/// TRE runs of the development set (`vtrack eval --reseed-every 50 --evidence`), which writes
/// ``fast`` and ``accurate`` in `TrackConfidenceModel+Fitted.swift`.
public struct TrackConfidenceModel: Sendable, Equatable {
    /// Names of the features, in the order of ``weights``.
    public static let featureNames = [
        "bias", "tracker_logit", "reseeded", "log_frames_since_reseed",
    ]
    /// One weight per feature of ``featureNames``.
    public let weights: [Float]

    public init(weights: [Float]) {
        self.weights = weights
    }

    /// The fitted model of `level`.
    public static func `for`(_ level: TrackingLevel) -> TrackConfidenceModel {
        level == .fast ? .fast : .accurate
    }

    /// The probability (0...1) that the box is on the object given `evidence`.
    public func probability(_ evidence: TrackEvidence) -> Float {
        var z: Float = 0
        Self.forEachFeature(of: evidence) { index, value in
            if index < weights.count { z += weights[index] * value }
        }
        return Logistic.probability(z)
    }

    /// The feature values of `evidence`, in the order of ``featureNames`` (for fitting).
    public static func features(of evidence: TrackEvidence) -> [Float] {
        var values = [Float](repeating: 0, count: featureNames.count)
        forEachFeature(of: evidence) { values[$0] = $1 }
        return values
    }

    private static func forEachFeature(of e: TrackEvidence, _ body: (Int, Float) -> Void) {
        body(0, 1)
        body(1, Logistic.logit(e.trackerConfidence))
        body(2, e.reseeded ? 1 : 0)
        body(3, log1p(Float(max(0, e.framesSinceReseed))))
    }
}
