import VideoIO

/// Writes ``MOTChallengeFormat`` rows as frames are tracked, one per record that MOTChallenge counts
/// as a result (``MOTChallengeFormat/isResult(_:)``: objects where they are tracked, not `lost` or
/// tentative ones), flushing after each frame. The
/// file appears under its final name only once ``finish()`` has run; until then the rows are in a
/// hidden `.NAME.partial` file beside it.
public final class MOTChallengeTrackSink: TrackSink {
    private let file: TextOutputFile

    /// Throws ``OutputError`` when the file cannot be created.
    public init(path: String) throws {
        file = try TextOutputFile(path: path)
    }

    public func write(frame: VideoFrame, records: [TrackRecord]) throws {
        for record in records where MOTChallengeFormat.isResult(record) { file.writeLine(MOTChallengeFormat.row(record)) }
        try file.flush()
    }

    public func finish() throws {
        try file.commit()
    }
}
