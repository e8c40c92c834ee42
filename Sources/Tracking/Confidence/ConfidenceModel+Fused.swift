// Written by scripts/fitting/fit-confidence.py --fused: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity, smoothed_appearance_similarity, partner_agreement, partner_logit, box_from_partner.
extension ConfidenceModel {
    /// Fitted on the bare fused (Siamese and correlation filter) `accurate` tracker's OPE frames of the development set without the appearance cues; choices made leave-one-benchmark-out.
    public static let fusedAccurate = ConfidenceModel(weights: [
        -1.74514, 0.118045, -3.55647, 3.03753e-22, 3.03757e-22, 0.280191, -1.44439, 0.616829, -0.721517, 2.30744, 0, 0.118045, 0.027873, 0.000840478, -0.021584, 0, 0, 3.73, -0.120776, 0.0256323,
    ])
    /// Fitted on the bare fused (Siamese and correlation filter) `accurate` tracker's OPE frames of the development set with the appearance cues; choices made leave-one-benchmark-out.
    public static let fusedAccurateWithAppearance = ConfidenceModel(weights: [
        -5.46658, 0.0824863, -2.57379, 4.50978e-22, 4.50977e-22, 0.25626, -1.0709, 0.254937, -0.320666, 2.46145, 0, 0.0824863, 0.36522, 0.0525649, -0.178201, 1.91444, 3.56211, 3.35407, -0.207475, 0.00267156,
    ])
}
