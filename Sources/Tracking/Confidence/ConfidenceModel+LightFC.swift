// Written by scripts/fitting/fit-confidence.py --lightfc: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity, smoothed_appearance_similarity, partner_agreement, partner_logit, box_from_partner, look_alike_ratio, log_identity_share.
extension ConfidenceModel {
    /// Fitted on the bare LightFC Siamese `fast` tracker's OPE frames of the development set without the appearance cues; choices made leave-one-benchmark-out; used at every level.
    public static let lightFC = ConfidenceModel(weights: [
        -1.13259, 0.375458, -5.49661, 7.84855e-20, 7.84861e-20, 2.4148, -0.868949, 0.932563, -1.14673, 3.83041, 0, 0.375458, 1.4156, 0.0715317, -0.1493, 0, 0, 7.84856e-20, -8.2455e-13, 0, 0.536202, 0,
    ])
    /// Fitted on the bare LightFC Siamese `fast` tracker's OPE frames of the development set offered the appearance cues, which did not lower the held-out log loss: the model without them; choices made leave-one-benchmark-out; used at every level.
    public static let lightFCWithAppearance = ConfidenceModel(weights: [
        -1.13259, 0.375458, -5.49661, 7.84855e-20, 7.84861e-20, 2.4148, -0.868949, 0.932563, -1.14673, 3.83041, 0, 0.375458, 1.4156, 0.0715317, -0.1493, 0, 0, 7.84856e-20, -8.2455e-13, 0, 0.536202, 0,
    ])
}
