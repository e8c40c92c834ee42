// Written by scripts/fitting/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let fast = TrackConfidenceModel(weights: [
        0.667668, 0.787463, -4.43014, -0.141235,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let accurate = TrackConfidenceModel(weights: [
        2.22572, 0.819346, -6.24923, -0.450532,
    ])
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames) with the appearance cues.
    public static let fastWithAppearance = TrackConfidenceModel(weights: [
        0.106196, 0.859744, -4.38069, -0.0149684,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames) with the appearance cues.
    public static let accurateWithAppearance = TrackConfidenceModel(weights: [
        1.58231, 0.800992, -5.65693, -0.309138,
    ])
}
