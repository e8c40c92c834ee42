// Written by scripts/fitting/fit-confidence.py --lightfc: do not edit by hand, refit instead.
// Features: bias, tracker_logit, reseeded, log_frames_since_reseed.
extension TrackConfidenceModel {
    /// Fitted on the LightFC Siamese `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames); choices made leave-one-benchmark-out; used at every level.
    public static let lightFC = TrackConfidenceModel(weights: [
        1.5368, 0.63523, -0.992835, -0.285477,
    ])
    /// Fitted on the LightFC Siamese `fast` pipeline's OPE frames of the development set (re-seeding every 50 frames) offered the appearance cues, which did not lower the held-out log loss: the model without them; choices made leave-one-benchmark-out; used at every level.
    public static let lightFCWithAppearance = TrackConfidenceModel(weights: [
        1.5368, 0.63523, -0.992835, -0.285477,
    ])
}
