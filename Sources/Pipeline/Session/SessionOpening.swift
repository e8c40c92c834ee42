import Tracking
import VideoIO

/// What every session does before it tracks: checks the request against the handler's limits and
/// the options' ranges, opens the clip, and settles which trackers can run here.
struct SessionOpening {
    let reader: VideoReader
    /// The options as resolved: the tracker kind that can run (``RunnableTrackerKind``).
    let options: TrackingOptions
    /// Why the session runs other trackers than asked for (no neural runtime), for the report's warnings.
    let runtimeWarning: String?

    /// Throws ``SessionError`` for more than ``SequenceRequestHandler/maximumTrackersPerType`` boxes
    /// or rectangles, a negative start frame or a negative re-seed interval (before the clip is
    /// opened), `VideoError` for an unreadable clip, and what ``RunnableTrackerKind/resolving(_:)``
    /// throws. With no boxes no learned tracker runs, so the runtime is not looked for.
    init(clipPath: String, boxes: Int, rectangles: Int = 0, options: TrackingOptions) throws {
        for (kind, count) in [("boxes", boxes), ("rectangles", rectangles)] where count > SequenceRequestHandler.maximumTrackersPerType {
            throw SessionError.tooManyTargets(path: clipPath, kind: kind, count: count, limit: SequenceRequestHandler.maximumTrackersPerType)
        }
        guard options.startFrame >= 0 else { throw SessionError.badStartFrame(path: clipPath, startFrame: options.startFrame) }
        guard options.reseedEvery >= 0 else { throw SessionError.badReseedInterval(options.reseedEvery) }
        reader = try VideoReader(path: clipPath)
        (self.options, runtimeWarning) = boxes > 0 ? try RunnableTrackerKind.resolving(options) : (options, nil)
    }
}
