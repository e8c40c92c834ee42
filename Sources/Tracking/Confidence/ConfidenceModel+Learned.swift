// Written by scripts/fitting/fit-confidence.py --learned: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement, motion_against_scene, scene_change, smoothed_scene_change, appearance_similarity, smoothed_appearance_similarity.
extension ConfidenceModel {
    /// Fitted on the bare learned-feature (Siamese) `fast` tracker's OPE frames of the development set without the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedFast = ConfidenceModel(weights: [
        -1.65289, 0.0997002, -4.66229, -3.0277e-18, -3.02781e-18, 0.817565, -0.450485, 0.103932, -0.659401, 2.38453, 0, 0.0997002, 1.15473, 0.15775, -0.450459,
    ])
    /// Fitted on the bare learned-feature (Siamese) `accurate` tracker's OPE frames of the development set without the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedAccurate = ConfidenceModel(weights: [
        -2.17618, 0.182651, -5.04537, 3.67082e-21, 3.67085e-21, 0.719992, -1.23845, 1.58934, -0.6988, 2.68282, 0, 0.182651, 0.860021, 0.0805769, -0.31201,
    ])
    /// Fitted on the bare learned-feature (Siamese) `fast` tracker's OPE frames of the development set with the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedFastWithAppearance = ConfidenceModel(weights: [
        -4.20317, 0.0541293, -3.69725, -5.08109e-17, -5.08104e-17, 0.740208, -0.208432, -0.0799747, -0.244539, 2.20453, 0, 0.0541293, 1.53498, 0.180756, -0.604895, 1.78569, 2.13185,
    ])
    /// Fitted on the bare learned-feature (Siamese) `accurate` tracker's OPE frames of the development set with the appearance cues; choices made leave-one-benchmark-out.
    public static let learnedAccurateWithAppearance = ConfidenceModel(weights: [
        -4.28841, 0.145926, -4.26744, 2.01344e-21, 2.0136e-21, 0.675902, -0.985041, 1.30181, -0.316182, 2.32907, 0, 0.145926, 1.10284, 0.0952899, -0.386134, 0.126612, 3.36914,
    ])
}
