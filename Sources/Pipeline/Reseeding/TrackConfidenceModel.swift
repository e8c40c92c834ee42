import Foundation
import TrackFormats
import Tracking

/// The reported confidence of a re-seeded track: the probability that its box overlaps the object
/// with IoU >= 0.5, from the frame's ``ReseedEvidence`` by logistic regression,
/// `1 / (1 + exp(-w · features))` over ``featureNames``. Its first input is the logit of the
/// tracker's own calibrated confidence (``ConfidenceModel``), the others whether the tracker was
/// re-seeded on this frame (its box is then the detection's) and how long ago, whether the
/// detector's last run left the track unsupported, and a person track's identity margin (0 where
/// there is none). A model fitted without the last two (``readsDetectorEvidence`` false) leaves
/// them to ``TrackedObject``'s rule: an unsupported or doubted track is drawn dashed.
///
/// The weights are fitted per level by `scripts/fitting/fit-confidence.py` on the pipeline's OPE, SRE and
/// TRE runs of the development set (`vtrack eval --reseed-every 50 --evidence`), which writes
/// ``fast`` and ``accurate``, and ``fastWithAppearance`` and ``accurateWithAppearance`` for a tracker
/// whose confidence has the appearance cue, in `TrackConfidenceModel+Fitted.swift`.
public struct TrackConfidenceModel: LogisticConfidenceModel, Sendable, Equatable {
    public static let featureNames = [
        "bias", "tracker_logit", "reseeded", "log_frames_since_reseed", "unsupported", "identity_margin",
    ]
    public let weights: [Float]

    public init(weights: [Float]) {
        self.weights = weights
    }

    /// The fitted model of `level` for the trackers of `kind` (the correlation filter, the Siamese
    /// tracker at learned `fast`, the fused pair at learned `accurate`), for a tracker whose confidence
    /// has the appearance cue or not.
    public static func `for`(_ level: TrackingLevel, withAppearance: Bool, kind: TrackerKind) -> TrackConfidenceModel {
        switch (kind, level, withAppearance) {
        case (.correlationFilter, .fast, false): .fast
        case (.correlationFilter, .accurate, false): .accurate
        case (.correlationFilter, .fast, true): .fastWithAppearance
        case (.correlationFilter, .accurate, true): .accurateWithAppearance
        case (.learned, .fast, false): .learnedFast
        case (.learned, .fast, true): .learnedFastWithAppearance
        case (.learned, .accurate, false): .fusedAccurate
        case (.learned, .accurate, true): .fusedAccurateWithAppearance
        case (.lightFC, _, false): .lightFC
        case (.lightFC, _, true): .lightFCWithAppearance
        }
    }

    /// True when the model weighs the detector's evidence (support and the identity margin) itself.
    public var readsDetectorEvidence: Bool { weights.count == Self.featureNames.count }

    /// The probability (0...1) that the box is on the object given `evidence`.
    public func probability(_ evidence: ReseedEvidence) -> Float {
        Logistic.probability(logOdds(evidence))
    }

    public static func forEachFeature(of e: ReseedEvidence, _ body: (Int, Float) -> Void) {
        body(0, 1)
        body(1, Logistic.logit(e.trackerConfidence))
        body(2, e.reseeded ? 1 : 0)
        body(3, log1p(Float(max(0, e.framesSinceReseed))))
        body(4, e.unsupported ? 1 : 0)
        body(5, e.identityMargin ?? 0)
    }
}
