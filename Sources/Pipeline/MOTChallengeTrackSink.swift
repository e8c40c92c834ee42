import VideoIO

/// Writes ``MOTChallengeFormat`` rows in frame order, one per record that MOTChallenge counts as a
/// result (``MOTChallengeFormat/isResult(_:)``: objects where they are followed, not `lost` ones).
///
/// A tentative track (automatic tracking: seen by the detector, not yet confirmed) is not a result
/// yet, but once it is confirmed the frames it was tentative on are its first frames as an object:
/// its tentative rows are then written too (those of a track dropped without being confirmed never
/// are). So the rows of a frame are held while a track that was tentative on it is undecided, at
/// most until its next detector run; with boxes given (no tentative tracks) every frame is written
/// at once. Flushed after each frame written. The file appears under its final name only once
/// ``finish()`` has run; until then the rows are in a hidden `.NAME.partial` file beside it.
public final class MOTChallengeTrackSink: TrackSink {
    private let file: TextOutputFile
    /// Frames not written yet, oldest first: each row with its track and whether the track was
    /// tentative on that frame.
    private var held: [[(trackID: Int, row: String, tentative: Bool)]] = []
    /// Tentative tracks not yet confirmed or dropped, with the first held frame (index into `held`)
    /// they were tentative on.
    private var undecided: [Int: Int] = [:]
    /// Tracks confirmed while frames they were tentative on are still held.
    private var confirmed: Set<Int> = []

    /// Throws ``OutputError`` when the file cannot be created.
    public init(path: String) throws {
        file = try TextOutputFile(path: path)
    }

    public func write(frame: VideoFrame, records: [TrackRecord]) throws {
        var rows: [(trackID: Int, row: String, tentative: Bool)] = []
        var present: Set<Int> = []
        for record in records {
            present.insert(record.trackID)
            if record.state == .tentative {
                if undecided[record.trackID] == nil { undecided[record.trackID] = held.count }
                if MOTChallengeFormat.isResultOnceConfirmed(record) {
                    rows.append((record.trackID, MOTChallengeFormat.row(record), true))
                }
            } else {
                // A track that was tentative and now has another state was confirmed (a dropped one
                // has no record).
                if undecided.removeValue(forKey: record.trackID) != nil { confirmed.insert(record.trackID) }
                if MOTChallengeFormat.isResult(record) { rows.append((record.trackID, MOTChallengeFormat.row(record), false)) }
            }
        }
        // A tentative track with no record on this frame was dropped.
        for trackID in undecided.keys where !present.contains(trackID) { undecided[trackID] = nil }
        held.append(rows)
        try writeDecidedFrames(upTo: undecided.values.min() ?? held.count)
    }

    public func finish() throws {
        undecided.removeAll()
        try writeDecidedFrames(upTo: held.count)
        try file.commit()
    }

    /// Writes the held frames before `end` (no undecided track on them) and forgets them.
    private func writeDecidedFrames(upTo end: Int) throws {
        guard end > 0 else { return }
        for frame in held[..<end] {
            for row in frame where !row.tentative || confirmed.contains(row.trackID) { file.writeLine(row.row) }
        }
        held.removeFirst(end)
        undecided = undecided.mapValues { $0 - end }
        if held.isEmpty { confirmed.removeAll() }
        try file.flush()
    }
}
