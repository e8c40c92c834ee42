// Written by scripts/fitting/fit-confidence.py --fused: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let fusedAccurate = TrackConfidenceModel(weights: [
        2.43823, 0.779048, 0, -0.407803,
    ])
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames) with the appearance cues; choices made leave-one-benchmark-out.
    public static let fusedAccurateWithAppearance = TrackConfidenceModel(weights: [
        2.74341, 0.737084, 0, -0.467184,
    ])
}
