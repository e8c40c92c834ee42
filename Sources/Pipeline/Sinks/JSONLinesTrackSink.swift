import Files
import TrackFormats

/// Writes a ``TrackJSONLines`` line for every tracked frame (frames without tracks included), flushing
/// after each frame. The file appears under its final name only once ``publish()`` has run; until then
/// the lines are in a hidden `.NAME.PID-RANDOM.partial` file beside it.
public final class JSONLinesTrackSink: TrackSink {
    private let file: TextOutputFile

    /// Throws ``OutputError`` when the file cannot be created.
    public init(path: String) throws {
        file = try TextOutputFile(path: path)
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        file.writeLine(TrackJSONLines.line(frame: frame.index, time: frame.time, records: records))
        try file.flush()
    }

    public func finish() throws {
        try file.complete()
    }

    public func publish() throws {
        try file.commit()
    }
}
