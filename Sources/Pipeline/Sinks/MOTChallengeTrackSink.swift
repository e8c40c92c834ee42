import Files
import TrackFormats

/// Writes a run's MOTChallenge results (``MOTChallengeFormat`` rows) in frame order: the records
/// that ``MOTResultRules`` decides are results, as it decides them. The sink only formats and
/// writes; which records are results (followed objects, confirmed newcomers from their first
/// frame, bridged gaps) is the rules' decision.
///
/// Flushed after each batch of decided frames. The file appears under its final name only once
/// ``publish()`` has run; until then the rows are in a hidden `.NAME.PID-RANDOM.partial` file beside it.
public final class MOTChallengeTrackSink: TrackSink {
    private let file: TextOutputFile
    private var rules: MOTResultRules

    /// `rules` should carry the run's settings (``ClipTrackingSession/resultRules``). Throws
    /// ``OutputError`` when the file cannot be created.
    public init(path: String, rules: MOTResultRules) throws {
        file = try TextOutputFile(path: path)
        self.rules = rules
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        try write(rules.add(frame: frame.index, records: records))
    }

    public func finish() throws {
        try write(rules.finish())
        try file.complete()
    }

    public func publish() throws {
        try file.commit()
    }

    private func write(_ frames: [[TrackRecord]]) throws {
        guard !frames.isEmpty else { return }
        for results in frames {
            for record in results { file.writeLine(MOTChallengeFormat.row(record)) }
        }
        try file.flush()
    }
}
