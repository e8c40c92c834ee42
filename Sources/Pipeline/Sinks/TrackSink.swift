import TrackFormats

/// A destination for the per-frame records of one clip (CSV, annotated video, ...).
///
/// The session calls ``write(frame:records:)`` once per tracked frame, in frame order, then
/// ``finish()`` once when the clip completed. A sink reads what it needs of the frame from its
/// ``FrameContext`` (index and time, the colour picture, the camera's motion). A sink that is
/// released without `finish()` must not leave anything under its final name.
public protocol TrackSink: AnyObject {
    func write(frame: FrameContext, records: [TrackRecord]) throws
    func finish() throws
}
