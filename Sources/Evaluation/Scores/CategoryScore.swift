/// Mean success AUC of one tracker over the evaluated sequences of one category.
///
///     let scores = CategoryScore.scores(of: categories, results: level.sequences)
public struct CategoryScore: Sendable, Equatable, Codable {
    public var name: String
    /// The category's sequences that were evaluated, in evaluation order.
    public var sequences: [String]
    /// Unweighted mean of their per-sequence AUCs, 0...1.
    public var meanAUC: Double

    enum CodingKeys: String, CodingKey {
        case name, sequences, meanAUC = "mean_auc"
    }

    /// One score per category that has at least one evaluated sequence, in the categories' order.
    public static func scores(of categories: SequenceCategories,
                              results: [EvaluationReport.SequenceResult]) -> [CategoryScore] {
        categories.categories.compactMap { category in
            let members = results.filter { category.sequences.contains($0.sequence) }
            guard !members.isEmpty else { return nil }
            return CategoryScore(name: category.name, sequences: members.map(\.sequence),
                                 meanAUC: CurveScores.mean(members.map(\.scores.auc)))
        }
    }
}
