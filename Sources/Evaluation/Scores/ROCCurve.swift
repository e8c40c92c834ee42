/// Area under the ROC curve of a score for a binary event, computed as the Mann-Whitney U
/// statistic with average ranks (tied scores count 1/2), as `otb_metrics.py` does.
///
/// 1 means every positive scores higher than every negative, 0.5 means the score is uninformative,
/// below 0.5 means it is inverted. Rank-based, so any monotonic rescaling of the score gives the
/// same value.
///
///     rocAUC(scores: [0.9, 0.8, 0.1], positives: [true, true, false])   // 1.0
///
/// - Returns: `nil` when there is no positive or no negative, or when the arrays differ in length.
///   Scores must not be NaN (callers drop frames without a score first).
public func rocAUC(scores: [Double], positives: [Bool]) -> Double? {
    guard scores.count == positives.count else { return nil }
    let positiveCount = positives.reduce(0) { $1 ? $0 + 1 : $0 }
    let negativeCount = positives.count - positiveCount
    guard positiveCount > 0, negativeCount > 0 else { return nil }
    let order = scores.indices.sorted { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
    var positiveRankSum = 0.0
    var i = 0
    while i < order.count {
        var j = i
        while j + 1 < order.count && scores[order[j + 1]] == scores[order[i]] { j += 1 }
        let rank = Double(i + j) / 2 + 1
        for k in i...j where positives[order[k]] { positiveRankSum += rank }
        i = j + 1
    }
    let p = Double(positiveCount), n = Double(negativeCount)
    return (positiveRankSum - p * (p + 1) / 2) / (p * n)
}
