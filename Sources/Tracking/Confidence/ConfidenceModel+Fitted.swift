// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity, smoothed_appearance_similarity.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set without the appearance cues.
    public static let fast = ConfidenceModel(weights: [
        -6.24031, 0.58391, -2.62935, -1.03738, -10.8567, 0.552113, 0.0841459, -0.380962, -1.85034, 8.56436, 0, 2.64606, -1.35173, 0.217082, 1.0814,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set without the appearance cues.
    public static let accurate = ConfidenceModel(weights: [
        -7.2649, 0.733549, -2.07396, -1.12079, -6.72614, 0.355134, -0.0312052, -0.826264, -2.0347, 7.61048, 3.24967, 1.99967, -0.596213, 0.150648, 0.356831,
    ])
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set with the appearance cues.
    public static let fastWithAppearance = ConfidenceModel(weights: [
        -8.75759, 0.337388, -1.39306, 0.322186, -10.0089, 0.476711, 0.0476842, 0.708489, -0.55078, 4.93192, 0, 1.84799, -0.980318, 0.300561, 0.656531, 1.92614, 7.1773,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set with the appearance cues.
    public static let accurateWithAppearance = ConfidenceModel(weights: [
        -10.7066, 0.302388, -1.09639, 0.0275922, -7.38798, 0.377142, 0.0566594, -0.746403, -1.52057, 6.64426, 3.74576, 1.64273, -0.349119, 0.202046, 0.0652533, 0.688555, 6.82605,
    ])
}
