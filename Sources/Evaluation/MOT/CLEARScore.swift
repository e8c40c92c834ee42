import Numerics

/// The CLEAR MOT figures (Bernardin & Stiefelhagen 2008) of one sequence, or of several pooled, with
/// an IoU >= 0.5 match threshold, computed as the MOTChallenge devkit and TrackEval compute them:
///
/// - frame by frame, the objects and results are matched by an optimal assignment that first keeps
///   every pair matched on the previous frame that still overlaps with IoU >= 0.5, then maximises
///   the sum of the IoUs; pairs under IoU 0.5 are never matched;
/// - a match whose object was last matched (on any earlier frame) to another result id is an
///   identity switch;
/// - unmatched objects are misses (FN), unmatched results false positives (FP);
/// - an object is mostly tracked when matched on more than 80% of its frames, mostly lost under 20%,
///   partly tracked between; a fragmentation is a matched stretch of an object after its first one
///   (a stretch ends on any frame on which it is not matched).
///
/// MOTP is the mean IoU of the matches. py-motmetrics 1.4.0 differs in three known ways: it keeps
/// an object's last match from any earlier frame rather than the previous one (its issue #132),
/// counts exactly 80% as mostly tracked, and does not end a stretch on frames without the object.
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
        let threshold = 0.5 - Double.ulpOfOne
        var lastMatch: [Int: Int] = [:]          // object id -> result id it was last matched to, on any frame
        var previousFrameMatch: [Int: Int] = [:] // the same, for the objects matched on the previous frame
        var frames: [Int: Int] = [:], matchedFrames: [Int: Int] = [:], stretches: [Int: Int] = [:]
        var objects = 0, predictionCount = 0, matches = 0, idSwitches = 0, iouSum = 0.0
        for (gt, hyp) in zip(truth.frames, predictions.frames) {
            objects += gt.count
            predictionCount += hyp.count
            for object in gt { frames[object.id, default: 0] += 1 }
            // A frame without objects or without results has no match and leaves the previous frame's as they are.
            guard !gt.isEmpty, !hyp.isEmpty else { continue }
            let iou = MOTOverlap.matrix(gt, hyp)
            let scores = gt.indices.map { i in
                hyp.indices.map { j -> Double in
                    guard iou[i][j] >= threshold else { return 0 }
                    return (previousFrameMatch[gt[i].id] == hyp[j].id ? 1000 : 0) + iou[i][j]
                }
            }
            let pairs = OptimalAssignment.solve(scores.map { $0.map { -$0 } }, maximumCost: .greatestFiniteMagnitude)
                .enumerated().compactMap { i, j in j.flatMap { scores[i][$0] > Double.ulpOfOne ? (i, $0) : nil } }
            var matchedNow: [Int: Int] = [:]
            for (i, j) in pairs {
                let object = gt[i].id, result = hyp[j].id
                if let previous = lastMatch[object], previous != result { idSwitches += 1 }
                if previousFrameMatch[object] == nil { stretches[object, default: 0] += 1 }
                matchedNow[object] = result
                lastMatch[object] = result
                matchedFrames[object, default: 0] += 1
                iouSum += iou[i][j]
            }
            matches += pairs.count
            previousFrameMatch = matchedNow
        }
        self.objects = objects
        self.predictions = predictionCount
        self.matches = matches
        falsePositives = predictionCount - matches
        misses = objects - matches
        self.idSwitches = idSwitches
        self.iouSum = iouSum
        objectIDs = frames.count
        let ratios = frames.map { Double(matchedFrames[$0.key] ?? 0) / Double($0.value) }
        mostlyTracked = ratios.count { $0 > 0.8 }
        partlyTracked = ratios.count { $0 >= 0.2 } - mostlyTracked
        mostlyLost = ratios.count - mostlyTracked - partlyTracked
        fragmentations = stretches.values.reduce(0) { $0 + $1 - 1 }
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
}
