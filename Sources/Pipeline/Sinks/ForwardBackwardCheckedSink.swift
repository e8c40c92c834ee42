import TrackFormats

/// Hands another sink a run's frames after TLD's forward-backward check (``ForwardBackwardCheck``):
/// the same records, one window late, with ``TrackSource/disputed`` where the box likely changed
/// objects although the run may have drawn it solid. The review page's sink gets its frames through
/// it, so that its moments (`passes disagree`) and timelines show the check.
///
///     let sink = try ForwardBackwardCheckedSink(ReviewPageSink(...), options: session.options, frameRate: info.frameRate)
///
/// The check tracks once more, backward, over each frame (no second decode): only runs that write a
/// review page pay for it.
public final class ForwardBackwardCheckedSink: TrackSink {
    private let sink: TrackSink
    private let check: ForwardBackwardCheck

    /// `options` are the run's (its level and tracker check it); `frameRate` (frames per second)
    /// sets the check's window. Throws as a session does when its trackers cannot be loaded.
    public init(_ sink: TrackSink, options: TrackingOptions, frameRate: Double) throws {
        self.sink = sink
        check = try ForwardBackwardCheck(options: options, frameRate: frameRate)
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        for checked in try check.add(frame, records: records) { try sink.write(frame: checked.context, records: checked.records) }
    }

    public func finish() throws {
        for checked in try check.finish() { try sink.write(frame: checked.context, records: checked.records) }
        try sink.finish()
    }

    public func publish() throws { try sink.publish() }
}
