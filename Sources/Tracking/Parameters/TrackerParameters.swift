/// Every setting of a ``CorrelationTracker``: one plain value per tracking level, built from the
/// same pieces (features, correlation filter, scale filter, confidence).
///
///     let tracker = try CorrelationTracker(frame: frame, box: box, parameters: .accurate)
///     var lighter = TrackerParameters.accurate
///     lighter.scaleCount = 9
///
/// Sizes named "cells" are in feature cells of the resampled search window, "pixels" in pixels
/// of that resampled window unless said otherwise.
public struct TrackerParameters: Sendable, Equatable {
    /// Gradient channels per cell.
    public enum GradientFeatures: String, Sendable {
        /// 31 FHOG channels: 18 signed and 9 unsigned orientations, 4 texture energies.
        case fhog
        /// 13 channels: 9 unsigned orientations, 4 texture energies.
        case unsigned

        /// Channels per cell: 31 or 13.
        public var channelCount: Int { self == .fhog ? 31 : 13 }
    }

    /// Colour channels per cell.
    public enum ColourFeatures: String, Sendable {
        /// Mean luma only (works on grey frames).
        case intensity
        /// Mean luma and two opponent colour differences (R - G, (R + G) / 2 - B); needs `frame.rgb`.
        case opponent
    }

    /// Pixels per feature cell side in the resampled window.
    public var cellSize: Int
    /// The search window is resampled so that it holds about `templateCells x templateCells` cells,
    /// whatever the object's size (speed does not depend on it).
    public var templateCells: Int
    /// Context around the object: the search window is the box grown by
    /// `padding * (width + height) / 2` along each axis (frame pixels).
    public var padding: Double
    public var gradientFeatures: GradientFeatures
    public var colourFeatures: ColourFeatures
    /// Desired-response Gaussian width, as a fraction of the object's size in cells.
    public var outputSigmaFactor: Double
    /// When above 0, the translation filter's coefficients are constrained to the object's box
    /// scaled by this factor (CSR-DCF's and BACF's spatial constraint, solved by ADMM), so the
    /// filter tells the object from its surroundings without learning them: a background that
    /// moves differently from the object (a panning camera, a passing occluder) cannot pull the
    /// response. 0 leaves the filter unconstrained (the closed-form DSST filter, about twice as fast).
    public var filterSupport: Double
    /// Ridge regularisation of the translation filter.
    public var regularisation: Float
    /// Translation model learning rate per frame, 0...1.
    public var learningRate: Float
    /// Learn from the search window just correlated (desired peak moved to the detected shift)
    /// instead of resampling a window centred on the new box: saves a feature extraction.
    public var learnFromSearchWindow: Bool

    /// Largest weight of the colour-histogram response merged with the correlation response
    /// (Staple's merge factor), 0...1, scaled each frame by the colour response's peak over its
    /// mean (near 0 when the object's colours fill its surroundings too); 0 disables the histogram.
    public var colourHistogramWeight: Float
    /// Colour histogram learning rate per frame, 0...1.
    public var colourHistogramLearningRate: Float

    /// Number of scales the 1-D scale filter compares (odd; 1 disables scale estimation).
    public var scaleCount: Int
    /// Learn the scale model from the samples just compared (desired peak moved to the detected
    /// scale) instead of resampling at the new size.
    public var scaleLearnFromSearch: Bool
    /// Ratio between neighbouring scales (> 1).
    public var scaleStep: Double
    /// Scale samples are resampled to about this many pixels (object box only, no context).
    public var scaleModelArea: Int
    /// Gradient channels of the scale samples (cell size 4).
    public var scaleFeatures: GradientFeatures
    /// Weight of the colour-histogram object likelihood added to the scale samples' features
    /// (0: gradients only; used only when the colour histogram is on).
    public var scaleColourWeight: Float
    /// Scale label Gaussian width in scale steps.
    public var scaleSigma: Double
    /// Scale model learning rate per frame, 0...1.
    public var scaleLearningRate: Float
    /// Ridge regularisation of the scale filter.
    public var scaleRegularisation: Float

    /// Number of aspect ratios a second 1-D filter compares (odd; 1 disables: the box keeps its
    /// initial aspect ratio).
    public var aspectCount: Int
    /// Ratio between neighbouring aspect ratios (> 1): width x step, height / step.
    public var aspectStep: Double
    /// How far the aspect ratio may move from the initial one, as a factor (>= 1).
    public var aspectLimit: Double

    /// Fraction (0...1) of the object's smoothed velocity by which the search window is moved ahead
    /// of the last box (0: centred on the last box).
    public var motionPrediction: Double
    /// Weight (0...1) of each learnt frame's motion in the smoothed velocity.
    public var velocitySmoothing: Double
    /// Validation gate of the constant-velocity motion model, in object sizes (square root of the
    /// box area): a response peak farther than this from the predicted position is taken for a
    /// distractor or clutter, not for the object (the box coasts, nothing is learnt, and the
    /// confidence is at most 0.5). On the development set's ground truth such innovations occur in
    /// 13 of 5463 frames (p99.9 = 1.6 sizes).
    public var motionGate: Double
    /// The gate also adapts to the track's own motion (a Kalman-style validation gate): a peak
    /// farther from the predicted position than this many times the root mean square of the
    /// track's recent innovations (in object sizes), and than ``motionGateFloor``, is taken for a
    /// distractor, such as a look-alike passing in front. The gate widens with the square root of
    /// the frames since the last accepted fix (the prediction's uncertainty grows while the box
    /// coasts). 0 turns the adaptive gate off.
    public var motionGateSpread: Double
    /// The adaptive gate's smallest radius, in object sizes.
    public var motionGateFloor: Double

    /// The response's quality, which decides whether the box follows the peak and how fast the
    /// models learn: `1 / (1 + exp(-(score - responseMidpoint) / responseWidth))` where `score` is
    /// the response's peak-to-sidelobe ratio times `min(1, peak / (0.6 x its running average))`.
    /// On correctly tracked development frames the score's median is ~20 and its 10th percentile
    /// ~10; on lost frames (IoU < 0.1) its median is ~5: midpoint 6, width 1.
    public var responseMidpoint: Float
    public var responseWidth: Float
    /// Below this response quality the models are not updated (occlusion or loss would corrupt them);
    /// between it and `fullLearningConfidence` the learning rate ramps up linearly.
    public var minimumLearningConfidence: Float
    public var fullLearningConfidence: Float
    /// At or below this response quality the object is taken as gone (covered, out of view): the box
    /// coasts on its predicted motion (see `motionPrediction`) instead of following the response's
    /// peak over clutter.
    public var holdConfidence: Float
    /// The reported confidence is a logistic model of failure over two cues (see
    /// ``FixConfidenceEstimator``): `1 / (1 + exp(-(z - confidenceMidpoint) / confidenceWidth))` with
    /// `z = log(1 + score) + agreementWeight x agreement`, where `score` is the response score above
    /// and `agreement` the running average (rate `agreementSmoothing` per frame) of `r / r0`, the
    /// response of the model as first learnt (never updated) at the tracked position over its first
    /// value, limited to 0...1.5. The agreement falls when the tracker drifted onto something else
    /// and learnt it, which the response alone does not show. Weights, midpoint and width are fitted
    /// on the whole development set, SRE runs pooled (README, "Accuracy and speed"); `agreementWeight` 0
    /// leaves out the agreement and its extra correlation per frame. Whatever `z`, the confidence is
    /// at most 0.5 while the response quality is at or below 0.5 or the motion gate refuses the peak.
    public var agreementWeight: Float
    public var agreementSmoothing: Float
    public var confidenceMidpoint: Float
    public var confidenceWidth: Float
    /// For the learning decision only, correlation peaks down to this fraction of their running
    /// average count as normal appearance change (the reported confidence uses 0.6); 0 ignores
    /// the peak height when deciding to learn.
    public var learningPeakTolerance: Float
    /// Spread of the tracker's position error per square root of a frame, in object sizes, while it
    /// has no confident fix (confidence at or below 0.5): the error then grows as a random walk, as
    /// an unobserved track's uncertainty does in a Kalman filter. After `n` such frames in a row the
    /// confidence is multiplied by the chance that the walk is still within one object size of the
    /// object, `1 - exp(-1 / (2 x driftSpread² x n))`, so that a long stretch without a confident
    /// fix ranks below a short one (confidences above 0.5 are unchanged). 0 turns the discount off.
    public var driftSpread: Double
    /// Turns each frame's ``TrackingEvidence`` into the reported confidence (the probability that
    /// the box is on the object); fitted per level.
    public var confidenceModel: ConfidenceModel
    /// The same with the appearance cue, used by a ``SequenceRequestHandler`` that has an
    /// ``AppearanceDescriber``.
    public var appearanceConfidenceModel: ConfidenceModel

    /// True when the tracker reads `frame.rgb` (colour features or the colour histogram).
    public var needsColour: Bool { colourFeatures == .opponent || colourHistogramWeight > 0 }

    /// The correlation filter of a level: ``fast`` or ``accurate``.
    public static func `for`(_ level: TrackingLevel) -> TrackerParameters {
        switch level {
        case .fast: .fast
        case .accurate: .accurate
        }
    }

    /// Best accuracy per millisecond, after Staple (Bertinetto et al. 2016): a DSST-style filter on
    /// FHOG + opponent-colour cells in a window of 1.5x context resampled to ~32x32 cells, its
    /// coefficients constrained to 1.25x the object's box (as in CSR-DCF), merged
    /// with a colour-histogram response weighted by how well colour singles the object out (up to
    /// 0.8), a 33-step scale filter (2% steps) and a 9-step aspect-ratio filter (4% steps) whose
    /// samples add the colour likelihood to FHOG, a constant-velocity search window whose gate adapts
    /// to the track's own motion, and a confidence from the response and the agreement with the first model. Needs colour. Figures over the
    /// whole development set are in the README (`vtrack eval`).
    public static let accurate = TrackerParameters(
        cellSize: 4, templateCells: 32, padding: 1.5, gradientFeatures: .fhog, colourFeatures: .opponent,
        outputSigmaFactor: 1.0 / 16, filterSupport: 1.25, regularisation: 1e-2, learningRate: 0.025, learnFromSearchWindow: false,
        colourHistogramWeight: 0.8, colourHistogramLearningRate: 0.04,
        scaleCount: 33, scaleLearnFromSearch: true, scaleStep: 1.02, scaleModelArea: 512, scaleFeatures: .fhog,
        scaleColourWeight: 2, scaleSigma: 1.75,
        scaleLearningRate: 0.025, scaleRegularisation: 1e-2,
        aspectCount: 9, aspectStep: 1.04, aspectLimit: 2, motionPrediction: 1, velocitySmoothing: 0.5, motionGate: 1.5,
        motionGateSpread: 10, motionGateFloor: 0.4,
        responseMidpoint: 6, responseWidth: 1,
        minimumLearningConfidence: 0.3, fullLearningConfidence: 0.6, holdConfidence: 0.05,
        agreementWeight: 14.25, agreementSmoothing: 0.2, confidenceMidpoint: 5.75, confidenceWidth: 1,
        learningPeakTolerance: 0.3, driftSpread: 0.25, confidenceModel: .accurate,
        appearanceConfidenceModel: .accurateWithAppearance)

    /// Fastest set that still estimates scale and reports an honest confidence: 13 gradient
    /// channels + luma in a window of 2x context resampled to ~20x20 cells, learnt from the search
    /// window itself (one feature extraction per frame), a 17-step scale filter (3% steps), a
    /// constant-velocity search window, the same confidence model as `accurate` with a stricter midpoint, no colour.
    public static let fast = TrackerParameters(
        cellSize: 4, templateCells: 20, padding: 2, gradientFeatures: .unsigned, colourFeatures: .intensity,
        outputSigmaFactor: 1.0 / 16, filterSupport: 0, regularisation: 1e-2, learningRate: 0.025, learnFromSearchWindow: true,
        colourHistogramWeight: 0, colourHistogramLearningRate: 0.04,
        scaleCount: 17, scaleLearnFromSearch: true, scaleStep: 1.03, scaleModelArea: 512, scaleFeatures: .unsigned,
        scaleColourWeight: 0, scaleSigma: 1.5,
        scaleLearningRate: 0.025, scaleRegularisation: 1e-2,
        aspectCount: 1, aspectStep: 1.02, aspectLimit: 2, motionPrediction: 1, velocitySmoothing: 0.5, motionGate: 1.5,
        motionGateSpread: 0, motionGateFloor: 0.4,
        responseMidpoint: 6, responseWidth: 1,
        minimumLearningConfidence: 0.3, fullLearningConfidence: 0.6, holdConfidence: 0.05,
        agreementWeight: 14.25, agreementSmoothing: 0.2, confidenceMidpoint: 7, confidenceWidth: 1.3,
        learningPeakTolerance: 0.3, driftSpread: 0.25, confidenceModel: .fast,
        appearanceConfidenceModel: .fastWithAppearance)
}
