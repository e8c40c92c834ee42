import Numerics

/// The identity figures (Ristani et al. 2016) of one sequence, or of several pooled: ground-truth
/// ids and result ids are paired once for the whole sequence by an optimal assignment that maximises
/// the frames on which a pair overlaps with IoU >= 0.5 (IDTP). IDF1 = 2 IDTP / (objects + results),
/// as py-motmetrics and TrackEval compute it.
///
///     let identity = IdentityScore(truth: sequence.groundTruth, predictions: results)
///     print(identity.idf1)
public struct IdentityScore: Sendable, Equatable {
    /// Boxes on which the paired ids overlap with IoU >= 0.5.
    public var truePositives: Int
    /// Result boxes not covered by their id's partner.
    public var falsePositives: Int
    /// Ground-truth boxes not covered by their id's partner.
    public var falseNegatives: Int

    public var idf1: Double { Double(2 * truePositives) / Double(max(1, 2 * truePositives + falsePositives + falseNegatives)) }
    /// ID precision: IDTP / result boxes.
    public var idPrecision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
    /// ID recall: IDTP / ground-truth boxes.
    public var idRecall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }

    /// Scores `predictions` against `truth`; both must have the same number of frames.
    public init(truth: MOTFrames, predictions: MOTFrames) {
        precondition(truth.frames.count == predictions.frames.count, "truth and predictions cover different frame counts")
        let objectIDs = IDIndex(truth), resultIDs = IDIndex(predictions)
        var overlapping = [[Double]](repeating: [Double](repeating: 0, count: resultIDs.count), count: objectIDs.count)
        for (gt, hyp) in zip(truth.frames, predictions.frames) where !gt.isEmpty && !hyp.isEmpty {
            let iou = MOTOverlap.matrix(gt, hyp)
            for (i, object) in gt.enumerated() {
                for (j, result) in hyp.enumerated() where iou[i][j] >= 0.5 {
                    overlapping[objectIDs[object.id]][resultIDs[result.id]] += 1
                }
            }
        }
        // Minimising IDFN + IDFP over pairings (the formulation of both peers) is maximising IDTP.
        var pairedFrames = 0.0
        if !overlapping.isEmpty, resultIDs.count > 0 {
            let assignment = OptimalAssignment.solve(overlapping.map { $0.map { -$0 } }, maximumCost: .greatestFiniteMagnitude)
            for (row, column) in assignment.enumerated() { if let column { pairedFrames += overlapping[row][column] } }
        }
        truePositives = Int(pairedFrames)
        falsePositives = predictions.boxCount - truePositives
        falseNegatives = truth.boxCount - truePositives
    }

    /// The sums of several sequences' counts.
    public init(pooling scores: [IdentityScore]) {
        truePositives = scores.reduce(0) { $0 + $1.truePositives }
        falsePositives = scores.reduce(0) { $0 + $1.falsePositives }
        falseNegatives = scores.reduce(0) { $0 + $1.falseNegatives }
    }
}

/// Dense indices 0..<count for the ids of a file, in order of first appearance.
struct IDIndex {
    private var indices: [Int: Int] = [:]

    init(_ frames: MOTFrames) {
        for box in frames.frames.joined() where indices[box.id] == nil { indices[box.id] = indices.count }
    }

    var count: Int { indices.count }
    subscript(id: Int) -> Int { indices[id]! }
}
