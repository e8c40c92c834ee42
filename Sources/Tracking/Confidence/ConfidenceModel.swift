import Foundation

/// The reported confidence of a ``CorrelationTracker``: the probability that its box overlaps the
/// object with IoU >= 0.5, from the frame's ``TrackingEvidence``: `1 / (1 + exp(-z))` where the
/// log-odds `z` is `w · features` over ``featureNames`` plus the values of boosted ``trees`` over the
/// same features (a logistic regression when there are none).
///
/// The models are fitted per level on the development set (every frame of OPE, SRE and TRE runs
/// of the bare tracker) by `scripts/fitting/fit-confidence.py`, which fits both a logistic regression and
/// boosted trees and keeps the one with the lower log loss fitted leave-one-sequence-out. It writes
/// ``fast`` and ``accurate`` (without the appearance cues, whose weights are then 0) and
/// ``fastWithAppearance`` and ``accurateWithAppearance`` (with them, for a handler that has an
/// ``AppearanceDescriber``) in `ConfidenceModel+Fitted.swift`, and reports the calibration figures
/// fitted leave-one-sequence-out.
/// Calibrated means: of the frames reported at 0.7, about 70% are on the object. An object whose
/// box lies mostly outside the frame (less than ``outOfViewBelow`` of it inside) is out of view:
/// its probability is 0 (such frames are left out of the fit).
///
///     let p = ConfidenceModel.accurate.probability(evidence)   // 0...1
public struct ConfidenceModel: LogisticConfidenceModel, Sendable, Equatable, Hashable {
    public static let featureNames = [
        "bias", "log_sharpness", "peak_ratio", "first_agreement", "smoothed_agreement", "fix_logit",
        "log_frames_without_fix", "jump", "size_change", "visible_fraction", "colour_contrast", "log_sharpness_x_agreement",
        "motion_against_scene", "scene_change", "smoothed_scene_change", "appearance_similarity",
        "smoothed_appearance_similarity", "partner_agreement", "partner_logit", "box_from_partner", "look_alike_ratio",
        "log_identity_share",
    ]
    public let weights: [Float]
    /// Boosted trees over the features of ``featureNames``, whose values add to the log-odds.
    public let trees: [LogOddsTree]
    /// Below this share of the tracker's box inside the frame the object is out of view.
    public static let outOfViewBelow: Float = 0.5
    /// Above this probability the box is more likely on the object than off it: it is drawn solid,
    /// and its tracker is sure of it.
    public static let solidAbove: Float = 0.5
    /// Below this probability the box is taken to be off the object (the odds are at least 4 to 1):
    /// the track is `lost`, and a tracker that re-detects searches for its object.
    public static let lostBelow: Float = 0.2

    /// A model with `weights` (one per feature of ``featureNames``; missing ones count as 0) and
    /// `trees`.
    public init(weights: [Float], trees: [LogOddsTree] = []) {
        self.weights = weights
        self.trees = trees
    }

    /// The features of the scene cues (``SceneContrast``) and of the appearance cues (``AppearanceDescriber``).
    public static let sceneFeatures = 12...14, appearanceFeatures = 15...16

    /// Whether the model weighs any feature of `features`: a non-zero weight, or a tree that splits on it.
    public func reads(_ features: ClosedRange<Int>) -> Bool {
        features.contains { $0 < weights.count && weights[$0] != 0 } || trees.contains { $0.features.contains(where: features.contains) }
    }

    /// Whether the model weighs the scene cues: without, its tracker's frames need no scene registration.
    public var readsSceneCues: Bool { reads(Self.sceneFeatures) }
    /// Whether the model weighs the appearance cues: without, its boxes need no description.
    public var readsAppearanceCues: Bool { reads(Self.appearanceFeatures) }

    /// The probability (0...1) that the box is on the object given `evidence`: that its place is
    /// the object's (``TrackingEvidence/identityShare``) times what the cues say of the place.
    public func probability(_ evidence: TrackingEvidence) -> Float {
        evidence.isOutOfView ? 0 : evidence.identityShare * Logistic.probability(logOdds(evidence))
    }

    /// The log-odds that the box is on the object given `evidence`: the weighted features plus the
    /// trees' values.
    public func logOdds(_ evidence: TrackingEvidence) -> Float {
        let count = Self.featureNames.count
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { x in
            x.initialize(repeating: 0)
            var z: Float = 0
            Self.forEachFeature(of: evidence) { index, value in
                x[index] = value
                if index < weights.count { z += weights[index] * value }
            }
            let features = UnsafeBufferPointer(x)
            for tree in trees { z += tree.value(features) }
            return z
        }
    }

    public static func forEachFeature(of e: TrackingEvidence, _ body: (Int, Float) -> Void) {
        let sharpness = log1p(max(0, finite(e.sharpness)))
        let agreement = finite(e.smoothedAgreement)
        body(0, 1)
        body(1, sharpness)
        body(2, min(max(finite(e.peakRatio), 0), 2))
        body(3, finite(e.firstAgreement))
        body(4, agreement)
        body(5, Logistic.logit(e.fixConfidence))
        body(6, log1p(Float(max(0, e.framesWithoutFix))))
        body(7, min(max(finite(e.jump), 0), 2))
        body(8, min(max(finite(e.sizeChange), 0), 2))
        body(9, min(max(finite(e.visibleFraction), 0), 1))
        body(10, min(max(finite(e.colourContrast), 0), 1))
        body(11, sharpness * agreement)
        body(12, min(max(finite(e.motionAgainstScene), 0), 2))
        body(13, min(max(finite(e.sceneChange), -4), 4))
        body(14, min(max(finite(e.smoothedSceneChange), -4), 4))
        body(15, min(max(finite(e.appearanceSimilarity), -1), 1))
        body(16, min(max(finite(e.smoothedAppearanceSimilarity), -1), 1))
        body(17, min(max(finite(e.partnerAgreement), 0), 1))
        body(18, Logistic.logit(e.partnerConfidence))
        body(19, e.boxFromPartner ? 1 : 0)
        body(20, min(max(finite(e.lookAlikeRatio), 0), 2))
        body(21, log(min(max(finite(e.identityShare), 0.05), 1)))
    }

    private static func finite(_ value: Float) -> Float { value.isFinite ? value : 0 }
}

/// The logistic function and its inverse, with the probabilities kept away from 0 and 1 so that
/// logits stay finite.
public enum Logistic {
    /// Probabilities are limited to `limit...(1 - limit)` before taking a logit.
    public static let limit: Float = 1e-3

    /// `1 / (1 + exp(-z))`, 0 for NaN.
    public static func probability(_ z: Float) -> Float {
        let p = 1 / (1 + exp(-z))
        return p.isFinite ? min(1, max(0, p)) : 0
    }

    /// `log(p / (1 - p))` of `p` limited to `limit...(1 - limit)`; NaN counts as 0.
    public static func logit(_ p: Float) -> Float {
        let q = p.isNaN ? limit : min(max(p, limit), 1 - limit)
        return log(q / (1 - q))
    }
}
