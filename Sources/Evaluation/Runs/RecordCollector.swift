import Pipeline
import TrackFormats

/// A ``TrackSink`` that keeps one track's records in memory, in frame order, for scoring without
/// a file round trip through the session.
///
///     let collector = RecordCollector(trackID: 1, frameLimit: truth.count)
///     _ = try session.run(makeSinks: { [collector] })
///     print(collector.records.count)
final class RecordCollector: TrackSink {
    /// The track kept (the session numbers the given targets from 1); other tracks are dropped.
    let trackID: Int
    /// Frames at or after this index are dropped (they have no ground truth).
    let frameLimit: Int
    private(set) var records: [TrackRecord] = []

    init(trackID: Int, frameLimit: Int) {
        self.trackID = trackID
        self.frameLimit = frameLimit
    }

    func write(frame: FrameContext, records: [TrackRecord]) throws {
        guard frame.index < frameLimit else { return }
        self.records += records.filter { $0.trackID == trackID }
    }

    func finish() throws {}
}
