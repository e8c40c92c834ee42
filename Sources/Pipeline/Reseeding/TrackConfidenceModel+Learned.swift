// Written by scripts/fitting/fit-confidence.py --learned --track-model-only: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed, unsupported, identity_margin.
extension TrackConfidenceModel {
    /// Fitted on the learned-feature (Siamese) `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let learnedFast = TrackConfidenceModel(weights: [
        0.414119, 0.738423, 0.0257869, 0.077173, -1.73231, 0.754022,
    ])
    /// Fitted on the learned-feature (Siamese) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let learnedAccurate = TrackConfidenceModel(weights: [
        1.87755, 0.84643, 0.00044186, -0.345537,
    ])
    /// Fitted on the learned-feature (Siamese) `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames) offered the appearance cues, which did not lower the held-out log loss: the model without them; choices made leave-one-benchmark-out.
    public static let learnedFastWithAppearance = TrackConfidenceModel(weights: [
        0.414119, 0.738423, 0.0257869, 0.077173, -1.73231, 0.754022,
    ])
    /// Fitted on the learned-feature (Siamese) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames) with the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedAccurateWithAppearance = TrackConfidenceModel(weights: [
        2.15195, 0.817369, 0.000410496, -0.398972,
    ])
}
