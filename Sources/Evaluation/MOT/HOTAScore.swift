import Numerics

/// HOTA, the higher-order tracking accuracy (Luiten et al., IJCV 2021), of one sequence or of several
/// pooled, computed as TrackEval computes it. For each localisation threshold α in 0.05, 0.10, ...,
/// 0.95 the boxes of each frame are matched by an optimal assignment weighted by how well each pair
/// of ids is aligned over the whole sequence, pairs under IoU α dropped; then
///
///     DetA(α) = TP / (TP + FN + FP)
///     AssA(α) = mean over the TP matches of |TPA| / (|TPA| + |FNA| + |FPA|) of their id pair
///     HOTA(α) = sqrt(DetA(α) · AssA(α))
///
/// and each figure is the mean over the 19 thresholds. Pooled sequences add TP, FN and FP per α and
/// weight AssA by TP, as TrackEval's combined row does.
///
///     let hota = HOTAScore(truth: sequence.groundTruth, predictions: results)
///     print(hota.hota, hota.detA, hota.assA)
public struct HOTAScore: Sendable, Equatable {
    /// The thresholds α: 0.05 + k · 0.05 for k in 0..<19 (TrackEval's `np.arange(0.05, 0.99, 0.05)`).
    public static let thresholds = (0..<19).map { 0.05 + Double($0) * 0.05 }

    /// Per threshold: matched boxes, unmatched ground truth, unmatched results.
    public var truePositives: [Double]
    public var falseNegatives: [Double]
    public var falsePositives: [Double]
    /// Per threshold: association accuracy, recall and precision (means over the matches).
    public var associationAccuracy: [Double]
    public var associationRecall: [Double]
    public var associationPrecision: [Double]
    /// Per threshold: mean IoU of the matches (1 without matches).
    public var localisationAccuracy: [Double]

    public var detectionAccuracy: [Double] {
        Self.thresholds.indices.map { truePositives[$0] / max(1, truePositives[$0] + falseNegatives[$0] + falsePositives[$0]) }
    }
    public var detectionRecall: [Double] {
        Self.thresholds.indices.map { truePositives[$0] / max(1, truePositives[$0] + falseNegatives[$0]) }
    }
    public var detectionPrecision: [Double] {
        Self.thresholds.indices.map { truePositives[$0] / max(1, truePositives[$0] + falsePositives[$0]) }
    }
    /// HOTA(α) for each threshold.
    public var hotaCurve: [Double] { zip(detectionAccuracy, associationAccuracy).map { ($0 * $1).squareRoot() } }

    /// The summary figures: means over the thresholds.
    public var hota: Double { Self.mean(hotaCurve) }
    public var detA: Double { Self.mean(detectionAccuracy) }
    public var assA: Double { Self.mean(associationAccuracy) }
    public var detRe: Double { Self.mean(detectionRecall) }
    public var detPr: Double { Self.mean(detectionPrecision) }
    public var assRe: Double { Self.mean(associationRecall) }
    public var assPr: Double { Self.mean(associationPrecision) }
    public var locA: Double { Self.mean(localisationAccuracy) }

    /// Scores `predictions` against `truth`; both must have the same number of frames.
    public init(truth: MOTFrames, predictions: MOTFrames) {
        precondition(truth.frames.count == predictions.frames.count, "truth and predictions cover different frame counts")
        let eps = Double.ulpOfOne, count = Self.thresholds.count
        let objectIDs = IDIndex(truth), resultIDs = IDIndex(predictions)
        let similarities = zip(truth.frames, predictions.frames).map { MOTOverlap.matrix($0, $1) }

        // How well each pair of ids is aligned over the sequence.
        let zeros = [[Double]](repeating: [Double](repeating: 0, count: resultIDs.count), count: objectIDs.count)
        var potentialMatches = zeros
        var objectFrames = [Double](repeating: 0, count: objectIDs.count)
        var resultFrames = [Double](repeating: 0, count: resultIDs.count)
        for (k, (gt, hyp)) in zip(truth.frames, predictions.frames).enumerated() {
            let similarity = similarities[k]
            let rowSums = similarity.map { $0.reduce(0, +) }
            let columnSums = hyp.indices.map { j in similarity.reduce(0) { $0 + $1[j] } }
            for (i, object) in gt.enumerated() {
                for (j, result) in hyp.enumerated() {
                    let denominator = columnSums[j] + rowSums[i] - similarity[i][j]
                    if denominator > eps { potentialMatches[objectIDs[object.id]][resultIDs[result.id]] += similarity[i][j] / denominator }
                }
            }
            for object in gt { objectFrames[objectIDs[object.id]] += 1 }
            for result in hyp { resultFrames[resultIDs[result.id]] += 1 }
        }
        let alignment = potentialMatches.indices.map { g in
            potentialMatches[g].indices.map { t in
                potentialMatches[g][t] / (objectFrames[g] + resultFrames[t] - potentialMatches[g][t])
            }
        }

        var truePositives = [Double](repeating: 0, count: count)
        var falseNegatives = truePositives, falsePositives = truePositives, iouSums = truePositives
        var matchCounts = [[[Double]]](repeating: zeros, count: count)
        for (k, (gt, hyp)) in zip(truth.frames, predictions.frames).enumerated() {
            if gt.isEmpty || hyp.isEmpty {
                for a in 0..<count {
                    falsePositives[a] += Double(hyp.count)
                    falseNegatives[a] += Double(gt.count)
                }
                continue
            }
            let similarity = similarities[k]
            let scores = gt.indices.map { i in
                hyp.indices.map { j in alignment[objectIDs[gt[i].id]][resultIDs[hyp[j].id]] * similarity[i][j] }
            }
            let pairs = OptimalAssignment.solve(scores.map { $0.map { -$0 } }, maximumCost: .greatestFiniteMagnitude)
                .enumerated().compactMap { row, column in column.map { (row, $0) } }
            for (a, alpha) in Self.thresholds.enumerated() {
                let matched = pairs.filter { similarity[$0.0][$0.1] >= alpha - eps }
                truePositives[a] += Double(matched.count)
                falseNegatives[a] += Double(gt.count - matched.count)
                falsePositives[a] += Double(hyp.count - matched.count)
                for (i, j) in matched {
                    iouSums[a] += similarity[i][j]
                    matchCounts[a][objectIDs[gt[i].id]][resultIDs[hyp[j].id]] += 1
                }
            }
        }

        var accuracy = [Double](repeating: 0, count: count), recall = accuracy, precision = accuracy
        for a in 0..<count {
            var accuracySum = 0.0, recallSum = 0.0, precisionSum = 0.0
            for (g, row) in matchCounts[a].enumerated() {
                for (t, matches) in row.enumerated() where matches > 0 {
                    accuracySum += matches * matches / max(1, objectFrames[g] + resultFrames[t] - matches)
                    recallSum += matches * matches / max(1, objectFrames[g])
                    precisionSum += matches * matches / max(1, resultFrames[t])
                }
            }
            accuracy[a] = accuracySum / max(1, truePositives[a])
            recall[a] = recallSum / max(1, truePositives[a])
            precision[a] = precisionSum / max(1, truePositives[a])
        }
        self.truePositives = truePositives
        self.falseNegatives = falseNegatives
        self.falsePositives = falsePositives
        associationAccuracy = accuracy
        associationRecall = recall
        associationPrecision = precision
        localisationAccuracy = (0..<count).map { max(1e-10, iouSums[$0]) / max(1e-10, truePositives[$0]) }
    }

    /// Several sequences pooled as TrackEval's combined row: TP, FN, FP summed per threshold, the
    /// association and localisation figures weighted by each sequence's TP.
    public init(pooling scores: [HOTAScore]) {
        let count = Self.thresholds.count
        func sum(_ field: (HOTAScore) -> [Double]) -> [Double] {
            (0..<count).map { a in scores.reduce(0) { $0 + field($1)[a] } }
        }
        truePositives = sum(\.truePositives)
        falseNegatives = sum(\.falseNegatives)
        falsePositives = sum(\.falsePositives)
        let tp = truePositives
        func weighted(_ field: (HOTAScore) -> [Double]) -> [Double] {
            (0..<count).map { a in scores.reduce(0) { $0 + field($1)[a] * $1.truePositives[a] } / max(1, tp[a]) }
        }
        associationAccuracy = weighted(\.associationAccuracy)
        associationRecall = weighted(\.associationRecall)
        associationPrecision = weighted(\.associationPrecision)
        localisationAccuracy = (0..<count).map { a in
            max(1e-10, scores.reduce(0) { $0 + $1.localisationAccuracy[a] * $1.truePositives[a] }) / max(1e-10, tp[a])
        }
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
