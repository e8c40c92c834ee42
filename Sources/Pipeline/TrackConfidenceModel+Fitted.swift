// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
extension TrackConfidenceModel {
    /// Fitted on the `fast` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let fast = TrackConfidenceModel(weights: [
        0, 1, 0, 0, 0, 0, 0, 0,
    ])
    /// Fitted on the `accurate` pipeline's OPE, SRE and TRE frames of the development set (re-seeding every 50 frames).
    public static let accurate = TrackConfidenceModel(weights: [
        0, 1, 0, 0, 0, 0, 0, 0,
    ])
}
