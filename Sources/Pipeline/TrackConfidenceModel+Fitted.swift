// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let fast = TrackConfidenceModel(weights: [
        0.487403, 0.919652, -5.00514, -0.115377,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let accurate = TrackConfidenceModel(weights: [
        1.87856, 0.911992, -6.46992, -0.385527,
    ])
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames) with the appearance cues.
    public static let fastWithAppearance = TrackConfidenceModel(weights: [
        -0.0751473, 0.938494, -4.66747, 0.00296207,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames) with the appearance cues.
    public static let accurateWithAppearance = TrackConfidenceModel(weights: [
        1.17343, 0.9267, -6.01211, -0.241197,
    ])
}
