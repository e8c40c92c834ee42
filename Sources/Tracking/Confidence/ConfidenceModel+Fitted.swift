// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
// Features: bias, log_sharpness, peak_ratio, first_agreement, smoothed_agreement, fix_logit, log_frames_without_fix, jump, size_change, visible_fraction, colour_contrast, log_sharpness_x_agreement.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set.
    public static let fast = ConfidenceModel(weights: [
        -6.70397, 0.514275, -2.32049, -1.07747, -10.7446, 0.485424, 0.00215074, -0.931345, -1.60136, 9.06266, 0, 2.96317,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set.
    public static let accurate = ConfidenceModel(weights: [
        -9.14846, 0.823955, -2.05638, -1.32725, -6.52672, 0.407109, 0.0257062, -0.855172, -1.75559, 9.13331, 3.20957, 1.96636,
    ])
}
