// Written by scripts/fitting/fit-confidence.py --fused: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out.
    public static let fusedAccurate = TrackConfidenceModel(weights: [
        2.4067, 0.813682, 0, -0.441803,
    ])
    /// Fitted on the fused (Siamese and correlation filter) `accurate` pipeline's OPE frames of the development set (re-seeding every 50 frames) offered the appearance cues, which did not lower the held-out log loss: the model without them; choices made leave-one-benchmark-out.
    public static let fusedAccurateWithAppearance = TrackConfidenceModel(weights: [
        2.4067, 0.813682, 0, -0.441803,
    ])
}
