import Imaging
import VideoIO

/// Writes ``MOTChallengeFormat`` rows in frame order, one per record that MOTChallenge counts as a
/// result (``MOTChallengeFormat/isResult(_:)``: objects where they are followed, not `lost` ones).
///
/// A tentative track (automatic tracking: seen by the detector, not yet confirmed) is not a result
/// yet, but once it is confirmed the frames it was tentative on are its first frames as an object:
/// its tentative rows are then written too (those of a track dropped without being confirmed never
/// are).
///
/// A track followed, then not (`lost`, or too unsure) for fewer than ``bridgedGap`` frames, then
/// followed again was followed through the gap (a person walking behind another and out again):
/// the gap's frames get rows too, the box interpolated linearly between the two followed frames and
/// the confidence the lower of theirs, as ByteTrack's published results are made. A longer gap, or
/// a track that ends in one, gets none; and no gap row is written where it would lie on another
/// track's row (IoU above the automatic mode's ``MultiObjectTracker/Parameters/duplicateIoU``):
/// two tracks never share a person, in the file either.
///
/// So the rows of a frame are held while a track that was tentative on it is undecided (at most
/// until its next detector run) and while a gap that includes it may still close (fewer than
/// ``bridgedGap`` frames); otherwise every frame is written at once. Flushed after each frame
/// written. The file appears under its final name only once ``finish()`` has run; until then the
/// rows are in a hidden `.NAME.partial` file beside it.
public final class MOTChallengeTrackSink: TrackSink {
    /// Gaps shorter than this many frames are bridged by interpolation (ByteTrack's interpolation
    /// bridges followed frames less than 20 apart, gaps of up to 18 frames).
    public static let bridgedGap = 20

    private struct Row {
        var trackID: Int
        var box: PixelRect
        var row: String
        /// Whether the track was tentative on the row's frame (written only once it is confirmed).
        var tentative: Bool
    }

    /// A track's last followed record and the first held frame (index into `held`) of its gap.
    private struct Gap {
        var last: TrackRecord
        var start: Int
    }

    private let file: TextOutputFile
    /// Frames not written yet, oldest first: the frame's index and its rows.
    private var held: [(frame: Int, rows: [Row])] = []
    /// Tentative tracks not yet confirmed or dropped, with the first held frame (index into `held`)
    /// they were tentative on.
    private var undecided: [Int: Int] = [:]
    /// Tracks confirmed while frames they were tentative on are still held.
    private var confirmed: Set<Int> = []
    /// Each confirmed track's latest result record.
    private var lastResult: [Int: TrackRecord] = [:]
    /// Gaps that may still be bridged, by track.
    private var gaps: [Int: Gap] = [:]

    /// Throws ``OutputError`` when the file cannot be created.
    public init(path: String) throws {
        file = try TextOutputFile(path: path)
    }

    public func write(frame: VideoFrame, records: [TrackRecord]) throws {
        var rows: [Row] = []
        var present: Set<Int> = []
        let index = held.count
        for record in records {
            present.insert(record.trackID)
            if record.state == .tentative {
                if undecided[record.trackID] == nil { undecided[record.trackID] = index }
                if MOTChallengeFormat.isResultOnceConfirmed(record) {
                    rows.append(Row(trackID: record.trackID, box: record.box, row: MOTChallengeFormat.row(record), tentative: true))
                }
                continue
            }
            // A track that was tentative and now has another state was confirmed (a dropped one
            // has no record).
            if undecided.removeValue(forKey: record.trackID) != nil { confirmed.insert(record.trackID) }
            if MOTChallengeFormat.isResult(record) {
                if let gap = gaps.removeValue(forKey: record.trackID) { bridge(gap, to: record) }
                lastResult[record.trackID] = record
                rows.append(Row(trackID: record.trackID, box: record.box, row: MOTChallengeFormat.row(record), tentative: false))
            } else if gaps[record.trackID] == nil, let last = lastResult[record.trackID] {
                gaps[record.trackID] = Gap(last: last, start: index)
            }
        }
        // A tentative track with no record on this frame was dropped; a track with none has ended.
        for trackID in undecided.keys where !present.contains(trackID) { undecided[trackID] = nil }
        for trackID in lastResult.keys where !present.contains(trackID) { lastResult[trackID] = nil }
        held.append((frame.index, rows))
        // A gap too long to bridge is given up, and so is the record before it.
        for (trackID, gap) in gaps where !present.contains(trackID) || held.count - gap.start >= Self.bridgedGap {
            gaps[trackID] = nil
            lastResult[trackID] = nil
        }
        let firstUndecided = min(undecided.values.min() ?? held.count, gaps.values.map(\.start).min() ?? held.count)
        try writeDecidedFrames(upTo: firstUndecided)
    }

    public func finish() throws {
        undecided.removeAll()
        gaps.removeAll()
        try writeDecidedFrames(upTo: held.count)
        try file.commit()
    }

    /// Adds interpolated rows for `gap`'s held frames, which lie between its last followed record
    /// and `next`, except where a row would lie on another track's.
    private func bridge(_ gap: Gap, to next: TrackRecord) {
        let overlapLimit = MultiObjectTracker.Parameters().duplicateIoU
        let span = Double(next.frame - gap.last.frame)
        guard span > 1 else { return }
        let a = gap.last.box, b = next.box
        var row = next
        row.confidence = min(gap.last.confidence, next.confidence)
        for index in gap.start..<held.count {
            let t = Double(held[index].frame - gap.last.frame) / span
            guard t > 0, t < 1 else { continue }
            row.frame = held[index].frame
            row.box = PixelRect(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
                                width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
            guard !held[index].rows.contains(where: { $0.trackID != next.trackID && $0.box.iou(row.box) > overlapLimit }) else { continue }
            held[index].rows.append(Row(trackID: next.trackID, box: row.box, row: MOTChallengeFormat.row(row), tentative: false))
        }
    }

    /// Writes the held frames before `end` (no undecided track or open gap on them) and forgets them.
    private func writeDecidedFrames(upTo end: Int) throws {
        guard end > 0 else { return }
        for frame in held[..<end] {
            for row in frame.rows where !row.tentative || confirmed.contains(row.trackID) { file.writeLine(row.row) }
        }
        held.removeFirst(end)
        undecided = undecided.mapValues { $0 - end }
        gaps = gaps.mapValues { Gap(last: $0.last, start: $0.start - end) }
        if held.isEmpty { confirmed.removeAll() }
        try file.flush()
    }
}
