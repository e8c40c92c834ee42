// Written by scripts/fitting/fit-confidence.py --fused --track-model-only: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed, unsupported, identity_margin.
extension TrackConfidenceModel {
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let fusedAccurate = TrackConfidenceModel(weights: [
        -0.0108932, 0.836088, 0.024581, 0.178961, -1.15156, -0.0103325,
    ])
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames) with the appearance cues; choices made leave-one-benchmark-out.
    public static let fusedAccurateWithAppearance = TrackConfidenceModel(weights: [
        -0.184721, 0.79619, 0.0353599, 0.217125, -1.10333, 0.113234,
    ])
}
