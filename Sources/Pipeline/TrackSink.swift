import VideoIO

/// A destination for the per-frame records of one clip (CSV, annotated video, ...).
///
/// The session calls ``write(frame:records:)`` once per tracked frame, in frame order, then
/// ``finish()`` once when the clip completed. When the camera's motion is measured, it calls
/// ``note(_:)`` with the frame's motion just before that frame's `write`. A sink that is released
/// without `finish()` must not leave anything under its final name.
public protocol TrackSink: AnyObject {
    func write(frame: VideoFrame, records: [TrackRecord]) throws
    func finish() throws
    /// The camera's motion on the frame about to be written; sinks that do not show it ignore it.
    func note(_ motion: SceneMotion)
}

extension TrackSink {
    public func note(_ motion: SceneMotion) {}
}
