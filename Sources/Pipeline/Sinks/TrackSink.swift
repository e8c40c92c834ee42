import TrackFormats

/// A destination for the per-frame records of one clip (CSV, annotated video, ...).
///
/// The session calls ``write(frame:records:)`` once per tracked frame, in frame order, then, when
/// the clip completed, ``finish()`` on every sink and only then ``publish()`` on every one
/// (``Swift/Array/finishAndPublish()``), so that the run's outputs get their names together, once all
/// are complete. A sink reads what it needs of the frame from its ``FrameContext`` (index and time,
/// the colour picture, the camera's motion). A sink that is released without `publish()` must not
/// leave anything under its final name.
public protocol TrackSink: AnyObject {
    func write(frame: FrameContext, records: [TrackRecord]) throws
    /// Writes everything left: the output is whole under its temporary name, not yet under its own.
    func finish() throws
    /// Gives the finished output its name. Sinks that write no file have nothing to do.
    func publish() throws
}

extension TrackSink {
    public func publish() throws {}
}

extension Array where Element == any TrackSink {
    /// Finishes every sink, then publishes every one: no output of the run gets its name before all
    /// are complete (a review page that cannot be written leaves no CSV either).
    public func finishAndPublish() throws {
        for sink in self { try sink.finish() }
        for sink in self { try sink.publish() }
    }
}
