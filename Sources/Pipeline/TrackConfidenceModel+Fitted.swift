// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let fast = TrackConfidenceModel(weights: [
        0.170826, 0.906608, -4.68771, -0.0475072,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let accurate = TrackConfidenceModel(weights: [
        2.0042, 0.892101, -6.74542, -0.412853,
    ])
}
