// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity, smoothed_appearance_similarity.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set without the appearance cues.
    public static let fast = ConfidenceModel(weights: [
        -6.24031, 0.58391, -2.62935, -1.03738, -10.8567, 0.552113, 0.0841459, -0.380962, -1.85034, 8.56436, 0, 2.64606, -1.35173, 0.217082, 1.0814,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set without the appearance cues.
    public static let accurate = ConfidenceModel(weights: [
        -8.49454, 0.547979, -1.9944, -1.3611, -6.88304, 0.414471, 0.0521625, -0.729793, -1.71994, 9.05996, 3.38753, 2.09045, -0.590936, 0.153757, 0.251977,
    ])
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set with the appearance cues.
    public static let fastWithAppearance = ConfidenceModel(weights: [
        -8.75759, 0.337388, -1.39306, 0.322186, -10.0089, 0.476711, 0.0476842, 0.708489, -0.55078, 4.93192, 0, 1.84799, -0.980318, 0.300561, 0.656531, 1.92614, 7.1773,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set with the appearance cues.
    public static let accurateWithAppearance = ConfidenceModel(weights: [
        -11.2776, 0.170534, -1.08412, -0.217326, -7.42118, 0.431062, 0.130035, -0.602465, -1.18618, 7.60301, 3.82752, 1.7177, -0.367398, 0.203825, -0.0395138, 0.439967, 6.64588,
    ])
}
