import Imaging
import TrackFormats

/// The step that turns a run's records, frame by frame, into what MOTChallenge scores as its
/// tracking results: a decision over records, kept apart from any file format.
///
///     var rules = MOTResultRules(duplicateIoU: 0.5)
///     for (frame, records) in run { for decided in rules.add(frame: frame, records: records) { write(decided) } }
///     for decided in rules.finish() { write(decided) }
///
/// - A record is a result when MOTChallenge counts it as one (``MOTChallengeFormat/isResult(_:)``:
///   objects where they are followed, not `lost` ones).
/// - A tentative track (automatic tracking: seen by the detector, not yet confirmed) is not a result
///   yet, but once it is confirmed the frames it was tentative on are its first frames as an object:
///   its tentative records become results too (those of a track dropped unconfirmed never do).
/// - A track followed, then not (`lost`, or too unsure) for fewer than ``bridgedGap`` frames, then
///   followed again was followed through the gap (a person walking behind another and out again):
///   the gap's frames get results too, the box interpolated linearly between the two followed frames
///   and the confidence the lower of theirs, as ByteTrack's published results are made. A longer
///   gap, or a track that ends in one, gets none; and no gap result is made where it would lie on
///   another track's result (IoU above ``duplicateIoU``): two tracks never share a person.
///
/// So a frame's results are held while a track tentative on it is undecided (at most until its next
/// detector run) and while a gap that includes it may still close (fewer than ``bridgedGap``
/// frames); otherwise every frame is decided at once. Frames come out in the order they went in.
public struct MOTResultRules: Sendable {
    /// Gaps shorter than this many frames are bridged by interpolation (ByteTrack's interpolation
    /// bridges followed frames less than 20 apart, gaps of up to 18 frames).
    public static let defaultBridgedGap = 20

    /// Gaps shorter than this many frames are bridged.
    public let bridgedGap: Int
    /// Overlap (IoU) with another track's result above which a bridged result is not made: the
    /// run's own bar for two tracks being on one object.
    public let duplicateIoU: Double

    private struct Result {
        var record: TrackRecord
        /// Whether the track was tentative on the result's frame (a result only once it is confirmed).
        var tentative: Bool
    }

    /// A track's last followed record and the first held frame (index into `held`) of its gap.
    private struct Gap {
        var last: TrackRecord
        var start: Int
    }

    /// Frames not decided yet, oldest first: the frame's index and its results.
    private var held: [(frame: Int, results: [Result])] = []
    /// Tentative tracks not yet confirmed or dropped, with the first held frame they were tentative on.
    private var undecided: [Int: Int] = [:]
    /// Tracks confirmed while frames they were tentative on are still held.
    private var confirmed: Set<Int> = []
    /// Each confirmed track's latest result.
    private var lastResult: [Int: TrackRecord] = [:]
    /// Gaps that may still be bridged, by track.
    private var gaps: [Int: Gap] = [:]

    /// The rules with automatic tracking's default settings, for files not made by a tracking run.
    public static let standard = MOTResultRules(duplicateIoU: MultiObjectTracker.Parameters().duplicateIoU)

    /// `duplicateIoU` should be the run's own (automatic tracking's
    /// ``MultiObjectTracker/Parameters/duplicateIoU``).
    public init(bridgedGap: Int = MOTResultRules.defaultBridgedGap, duplicateIoU: Double) {
        self.bridgedGap = bridgedGap
        self.duplicateIoU = duplicateIoU
    }

    /// Takes in one frame's records (frames in order) and returns the results of every frame now
    /// decided, oldest first; often none, or just this frame's.
    public mutating func add(frame: Int, records: [TrackRecord]) -> [[TrackRecord]] {
        var results: [Result] = []
        var present: Set<Int> = []
        let index = held.count
        for record in records {
            present.insert(record.trackID)
            if record.state == .tentative {
                if undecided[record.trackID] == nil { undecided[record.trackID] = index }
                if MOTChallengeFormat.isResultOnceConfirmed(record) { results.append(Result(record: record, tentative: true)) }
                continue
            }
            // A track that was tentative and now has another state was confirmed (a dropped one has no record).
            if undecided.removeValue(forKey: record.trackID) != nil { confirmed.insert(record.trackID) }
            if MOTChallengeFormat.isResult(record) {
                if let gap = gaps.removeValue(forKey: record.trackID) { bridge(gap, to: record) }
                lastResult[record.trackID] = record
                results.append(Result(record: record, tentative: false))
            } else if gaps[record.trackID] == nil, let last = lastResult[record.trackID] {
                gaps[record.trackID] = Gap(last: last, start: index)
            }
        }
        // A tentative track with no record on this frame was dropped; a track with none has ended.
        for trackID in undecided.keys where !present.contains(trackID) { undecided[trackID] = nil }
        for trackID in lastResult.keys where !present.contains(trackID) { lastResult[trackID] = nil }
        held.append((frame, results))
        // A gap too long to bridge is given up, and so is the record before it.
        for (trackID, gap) in gaps where !present.contains(trackID) || held.count - gap.start >= bridgedGap {
            gaps[trackID] = nil
            lastResult[trackID] = nil
        }
        let firstUndecided = min(undecided.values.min() ?? held.count, gaps.values.map(\.start).min() ?? held.count)
        return takeDecidedFrames(upTo: firstUndecided)
    }

    /// Ends the run: tracks still tentative were never confirmed and open gaps never close. Returns
    /// the results of every frame still held.
    public mutating func finish() -> [[TrackRecord]] {
        undecided.removeAll()
        gaps.removeAll()
        return takeDecidedFrames(upTo: held.count)
    }

    /// Adds interpolated results for `gap`'s held frames, which lie between its last followed record
    /// and `next`, except where one would lie on another track's.
    private mutating func bridge(_ gap: Gap, to next: TrackRecord) {
        let span = Double(next.frame - gap.last.frame)
        guard span > 1 else { return }
        let a = gap.last.box, b = next.box
        var bridged = next
        bridged.confidence = min(gap.last.confidence, next.confidence)
        for index in gap.start..<held.count {
            let t = Double(held[index].frame - gap.last.frame) / span
            guard t > 0, t < 1 else { continue }
            bridged.frame = held[index].frame
            bridged.box = PixelRect(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
                                    width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
            guard !held[index].results.contains(where: { $0.record.trackID != next.trackID && $0.record.box.iou(bridged.box) > duplicateIoU })
            else { continue }
            held[index].results.append(Result(record: bridged, tentative: false))
        }
    }

    /// The results of the held frames before `end` (no undecided track or open gap on them), which are forgotten.
    private mutating func takeDecidedFrames(upTo end: Int) -> [[TrackRecord]] {
        guard end > 0 else { return [] }
        let decided = held[..<end].map { frame in
            frame.results.filter { !$0.tentative || confirmed.contains($0.record.trackID) }.map(\.record)
        }
        held.removeFirst(end)
        undecided = undecided.mapValues { $0 - end }
        gaps = gaps.mapValues { Gap(last: $0.last, start: $0.start - end) }
        if held.isEmpty { confirmed.removeAll() }
        return decided
    }
}
