// Written by scripts/fitting/fit-fusion-choice.py: do not edit by hand, refit instead.
// Features: bias, siamese_logit, filter_logit, agreement, log_frames_since_filter_restart.
extension FusionChoiceModel {
    /// Fitted on the learned `accurate` level's bare OPE frames of the development set where its two boxes disagree.
    public static let accurate = FusionChoiceModel(siameseWeights: [1.097, 0.754514, 0.0507612, 2.54022, -0.754337],
                                                  filterWeights: [-4.3532, -0.103491, 0.0604105, 3.80274, 0.503217])
}
