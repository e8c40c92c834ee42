// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set without the appearance cue.
    public static let fast = ConfidenceModel(weights: [
        -6.24031, 0.58391, -2.62935, -1.03738, -10.8567, 0.552113, 0.0841459, -0.380962, -1.85034, 8.56436, 0, 2.64606, -1.35173, 0.217082, 1.0814,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set without the appearance cue.
    public static let accurate = ConfidenceModel(weights: [
        -8.49454, 0.547979, -1.9944, -1.3611, -6.88304, 0.414471, 0.0521625, -0.729793, -1.71994, 9.05996, 3.38753, 2.09045, -0.590936, 0.153757, 0.251977,
    ])
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set with the appearance cue.
    public static let fastWithAppearance = ConfidenceModel(weights: [
        -6.95555, 0.24605, -2.2189, -0.119167, -11.5841, 0.53967, 0.0703981, 0.184289, -1.06722, 6.69869, 0, 2.30226, -1.01624, 0.23829, 0.874198, 5.89316,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set with the appearance cue.
    public static let accurateWithAppearance = ConfidenceModel(weights: [
        -9.67508, 0.217569, -1.88213, -0.579073, -8.099, 0.441091, 0.100925, -0.646741, -1.33294, 8.32976, 3.56022, 2.01249, -0.326653, 0.183079, 0.00921264, 4.73003,
    ])
}
