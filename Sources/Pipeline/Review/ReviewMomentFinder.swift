import Imaging

/// Finds ``ReviewMoment``s in a run's records, frame by frame, as a sink receives them.
///
///     var finder = ReviewMomentFinder()
///     for (frame, records) in run { moments += finder.add(records) }
///
/// A track's first record is the user's box or a new detection: only changes after it are moments.
/// `tentative` records (automatic tracks not yet confirmed) are ignored.
public struct ReviewMomentFinder: Sendable {
    /// Two boxes overlap when their IoU is at least this.
    public static let overlapIoU = 0.5

    private var previous: [Int: (state: TrackState, confidence: Float, source: TrackSource)] = [:]
    private var overlapping: Set<Pair> = []

    private struct Pair: Hashable {
        var first: Int, second: Int
    }

    public init() {}

    /// The moments on the frame of `records` (all on one frame), given the frames before it.
    public mutating func add(_ records: [TrackRecord]) -> [ReviewMoment] {
        var moments: [ReviewMoment] = []
        let shown = records.filter { $0.state != .tentative }.sorted { $0.trackID < $1.trackID }
        for record in shown {
            defer { previous[record.trackID] = (record.state, record.confidence, record.source) }
            guard let before = previous[record.trackID] else { continue }
            func moment(_ kind: ReviewMoment.Kind) {
                moments.append(ReviewMoment(kind: kind, frame: record.frame, time: record.time,
                                            trackIDs: [record.trackID], names: [record.displayName]))
            }
            let isLost = record.state == .lost, wasLost = before.state == .lost
            if isLost && !wasLost { moment(.lost) }
            if wasLost && !isLost && record.state != .ended { moment(.foundAgain) }
            if record.state == .reseeded { moment(.reseeded) }
            if !isLost && before.confidence > 0.5 && record.confidence <= 0.5 { moment(.doubtful) }
            if record.source == .disputed && before.source != .disputed { moment(.disagreement) }
        }
        let inView = shown.filter { $0.state != .lost && $0.state != .ended }
        var now: Set<Pair> = []
        for (index, a) in inView.enumerated() {
            for b in inView[(index + 1)...] where a.box.iou(b.box) >= Self.overlapIoU {
                let pair = Pair(first: a.trackID, second: b.trackID)
                now.insert(pair)
                if !overlapping.contains(pair) {
                    moments.append(ReviewMoment(kind: .overlap, frame: a.frame, time: a.time, trackIDs: [a.trackID, b.trackID],
                                                names: [a.displayName, b.displayName]))
                }
            }
        }
        overlapping = now
        return moments
    }
}
