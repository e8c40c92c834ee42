/// The sequence on which a tracker scores its lowest success AUC.
///
///     let worst = WorstSequence(level.sequences)
///     print(worst?.sequence ?? "-", worst?.auc ?? 0)
public struct WorstSequence: Sendable, Equatable, Codable {
    public var sequence: String
    /// Its success AUC, 0...1.
    public var auc: Double

    /// The lowest-AUC result (the first one on a tie); `nil` without results.
    public init?(_ results: [EvaluationReport.SequenceResult]) {
        guard let worst = results.min(by: { $0.scores.auc < $1.scores.auc }) else { return nil }
        sequence = worst.sequence
        auc = worst.scores.auc
    }
}
