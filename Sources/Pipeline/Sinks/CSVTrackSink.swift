import Files
import TrackFormats

/// Writes ``TrackCSV`` rows as frames are tracked, flushing complete rows after each frame.
/// The file appears under its final name only once ``publish()`` has run; until then the rows are in
/// a hidden `.NAME.PID-RANDOM.partial` file beside it.
public final class CSVTrackSink: TrackSink {
    private let file: TextOutputFile

    /// Throws ``OutputError`` when the file cannot be created.
    public init(path: String) throws {
        file = try TextOutputFile(path: path)
        file.writeLine(TrackCSV.header)
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        for record in records { file.writeLine(TrackCSV.row(record)) }
        try file.flush()
    }

    public func finish() throws {
        try file.complete()
    }

    public func publish() throws {
        try file.commit()
    }
}
