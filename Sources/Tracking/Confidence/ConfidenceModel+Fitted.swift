// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set.
    public static let fast = ConfidenceModel(weights: [
        -6.24031, 0.58391, -2.62935, -1.03738, -10.8567, 0.552113, 0.0841459, -0.380962, -1.85034, 8.56436, 0, 2.64606, -1.35173, 0.217082, 1.0814,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set.
    public static let accurate = ConfidenceModel(weights: [
        -8.49454, 0.547979, -1.9944, -1.3611, -6.88304, 0.414471, 0.0521625, -0.729793, -1.71994, 9.05996, 3.38753, 2.09045, -0.590936, 0.153757, 0.251977,
    ])
}
