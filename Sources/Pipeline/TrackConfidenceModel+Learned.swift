// Written by scripts/fitting/fit-confidence.py --learned: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the learned-feature (Siamese) `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let learnedFast = TrackConfidenceModel(weights: [
        1.5045, 0.825939, 0, -0.258241,
    ])
    /// Fitted on the learned-feature (Siamese) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let learnedAccurate = TrackConfidenceModel(weights: [
        1.87755, 0.84643, 0.00044186, -0.345537,
    ])
    /// Fitted on the learned-feature (Siamese) `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames) with the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedFastWithAppearance = TrackConfidenceModel(weights: [
        2.07353, 0.752132, 0, -0.367231,
    ])
    /// Fitted on the learned-feature (Siamese) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames) with the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedAccurateWithAppearance = TrackConfidenceModel(weights: [
        2.15195, 0.817369, 0.000410496, -0.398972,
    ])
}
