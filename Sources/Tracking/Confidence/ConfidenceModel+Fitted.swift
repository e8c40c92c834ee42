// Written by scripts/fit-confidence.py: do not edit by hand, refit instead.
extension ConfidenceModel {
    /// Fitted on the bare `fast` tracker's OPE, SRE and TRE frames of the development set.
    public static let fast = ConfidenceModel(weights: [
        0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
    /// Fitted on the bare `accurate` tracker's OPE, SRE and TRE frames of the development set.
    public static let accurate = ConfidenceModel(weights: [
        0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
}
