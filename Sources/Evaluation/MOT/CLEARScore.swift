import Detection

/// The CLEAR MOT figures (Bernardin & Stiefelhagen 2008) of one sequence, or of several pooled, with
/// an IoU >= 0.5 match threshold, computed as py-motmetrics 1.4.0 computes them:
///
/// - frame by frame, each ground-truth object keeps the result id it was last matched to when that id
///   is on the frame and still overlaps it with IoU >= 0.5; the other objects and results are matched
///   by an optimal assignment that makes as many matches as it can and, among those, minimises the
///   sum of `1 - IoU`;
/// - a match whose object was last matched to another result id is an identity switch;
/// - unmatched objects are misses (FN), unmatched results false positives (FP);
/// - an object is mostly tracked when matched on at least 80% of its frames, mostly lost under 20%,
///   partly tracked between; a fragmentation is a run of missed frames between two matched ones.
///
/// MOTP is the mean IoU of the matches (TrackEval's convention; py-motmetrics reports `1 - MOTP`).
///
///     let clear = CLEARScore(truth: sequence.groundTruth, predictions: results)
///     print(clear.mota, clear.idSwitches)
public struct CLEARScore: Sendable, Equatable {
    /// Scored ground-truth boxes (matches + misses).
    public var objects: Int
    /// Result boxes (matches + false positives).
    public var predictions: Int
    /// Matched pairs, identity switches included (TP).
    public var matches: Int
    public var falsePositives: Int
    public var misses: Int
    public var idSwitches: Int
    public var fragmentations: Int
    /// Distinct ground-truth ids.
    public var objectIDs: Int
    public var mostlyTracked: Int
    public var partlyTracked: Int
    public var mostlyLost: Int
    /// Sum of the matches' IoUs.
    public var iouSum: Double

    /// `1 - (FN + FP + IDSW) / objects` (computed as TrackEval does, so 0 objects gives `-(FP + IDSW)`).
    public var mota: Double { Double(matches - falsePositives - idSwitches) / Double(max(1, objects)) }
    /// Mean IoU of the matches, 0 without matches.
    public var motp: Double { iouSum / Double(max(1, matches)) }

    /// Scores `predictions` against `truth`; both must have the same number of frames.
    public init(truth: MOTFrames, predictions: MOTFrames) {
        precondition(truth.frames.count == predictions.frames.count, "truth and predictions cover different frame counts")
        var lastMatch: [Int: Int] = [:]           // object id -> result id it was last matched to
        var matchedOnFrames: [Int: [Bool]] = [:]  // object id -> matched or not, on each frame it is on
        var objects = 0, predictionCount = 0, matches = 0, idSwitches = 0, iouSum = 0.0
        for (gt, hyp) in zip(truth.frames, predictions.frames) where !(gt.isEmpty && hyp.isEmpty) {
            objects += gt.count
            predictionCount += hyp.count
            let iou = MOTOverlap.matrix(gt, hyp)
            var matchOf = [Int?](repeating: nil, count: gt.count)
            var taken = [Bool](repeating: false, count: hyp.count)
            // Correspondences that still hold are kept.
            for (i, object) in gt.enumerated() {
                guard let previous = lastMatch[object.id],
                      let j = hyp.indices.first(where: { !taken[$0] && hyp[$0].id == previous }),
                      MOTOverlap.isMatchable(iou[i][j]) else { continue }
                matchOf[i] = j
                taken[j] = true
            }
            // The rest: as many matches as possible, then the least total distance.
            let rows = gt.indices.filter { matchOf[$0] == nil }, columns = hyp.indices.filter { !taken[$0] }
            for (i, j) in Self.bestMatches(rows: rows, columns: columns, iou: iou) {
                if let previous = lastMatch[gt[i].id], previous != hyp[j].id { idSwitches += 1 }
                matchOf[i] = j
                taken[j] = true
            }
            for (i, object) in gt.enumerated() {
                matchedOnFrames[object.id, default: []].append(matchOf[i] != nil)
                guard let j = matchOf[i] else { continue }
                lastMatch[object.id] = hyp[j].id
                matches += 1
                iouSum += iou[i][j]
            }
        }
        self.objects = objects
        self.predictions = predictionCount
        self.matches = matches
        falsePositives = predictionCount - matches
        misses = objects - matches
        self.idSwitches = idSwitches
        self.iouSum = iouSum
        objectIDs = matchedOnFrames.count
        var mostlyTracked = 0, partlyTracked = 0, mostlyLost = 0, fragmentations = 0
        for flags in matchedOnFrames.values {
            let ratio = Double(flags.count { $0 }) / Double(flags.count)
            if ratio >= 0.8 { mostlyTracked += 1 } else if ratio >= 0.2 { partlyTracked += 1 } else { mostlyLost += 1 }
            fragmentations += Self.missedRunsBetweenMatches(flags)
        }
        self.mostlyTracked = mostlyTracked
        self.partlyTracked = partlyTracked
        self.mostlyLost = mostlyLost
        self.fragmentations = fragmentations
    }

    /// The sums of several sequences' counts (the pooled MOTA and MOTP follow from them).
    public init(pooling scores: [CLEARScore]) {
        func sum(_ field: (CLEARScore) -> Int) -> Int { scores.reduce(0) { $0 + field($1) } }
        objects = sum(\.objects)
        predictions = sum(\.predictions)
        matches = sum(\.matches)
        falsePositives = sum(\.falsePositives)
        misses = sum(\.misses)
        idSwitches = sum(\.idSwitches)
        fragmentations = sum(\.fragmentations)
        objectIDs = sum(\.objectIDs)
        mostlyTracked = sum(\.mostlyTracked)
        partlyTracked = sum(\.partlyTracked)
        mostlyLost = sum(\.mostlyLost)
        iouSum = scores.reduce(0) { $0 + $1.iouSum }
    }

    /// The optimal matching of `rows` (objects) to `columns` (results) among pairs with IoU >= 0.5:
    /// the most pairs, then the least sum of `1 - IoU`. Impossible pairs cost more than any set of
    /// possible ones (py-motmetrics' constant `2 r c + 1`) and are dropped from the answer.
    private static func bestMatches(rows: [Int], columns: [Int], iou: [[Double]]) -> [(Int, Int)] {
        guard !rows.isEmpty, !columns.isEmpty else { return [] }
        let distances = rows.map { i in columns.map { j in MOTOverlap.isMatchable(iou[i][j]) ? 1 - iou[i][j] : nil } }
        let largest = distances.joined().compactMap { $0 }.map(abs).max()
        guard let largest else { return [] }
        let impossible = 2 * Double(min(rows.count, columns.count)) * (largest + 1) + 1
        let assignment = OptimalAssignment.solve(distances.map { $0.map { $0 ?? impossible } }, maximumCost: .greatestFiniteMagnitude)
        return assignment.enumerated().compactMap { row, column in
            guard let column, distances[row][column] != nil else { return nil }
            return (rows[row], columns[column])
        }
    }

    /// Runs of `false` that have a `true` before and after them.
    private static func missedRunsBetweenMatches(_ flags: [Bool]) -> Int {
        guard let first = flags.firstIndex(of: true), let last = flags.lastIndex(of: true) else { return 0 }
        var runs = 0
        for k in first..<last where flags[k] && !flags[k + 1] { runs += 1 }
        return runs
    }
}
