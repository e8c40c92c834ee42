import TrackFormats
import Tracking

/// The tracks of one kind that a session follows through a clip (the boxes given, the planar
/// rectangles given, or everyone a class detector finds), with the lifecycle they share. On every
/// frame from the start frame on, the session calls, in this order:
///
/// 1. ``start(on:)`` on the start frame, ``prepare(on:frameOffset:)`` on every later one (re-seed,
///    start and end tracks), then ``endAll()`` on the clip's last frame;
/// 2. the sequence handler performs every group's ``requests`` together;
/// 3. ``observe(_:)``: take in the results;
/// 4. ``records(on:)``: the frame's records;
/// 5. ``advance()``: make this frame's results the next frame's inputs and forget ended tracks.
///
/// Boxes are pixels with the origin at the top-left pixel throughout.
protocol TrackGroup: AnyObject {
    /// Starts the group's tracks on the start frame.
    func start(on context: FrameContext) throws
    /// Runs before a later frame, `frameOffset` frames after the start frame, is tracked.
    func prepare(on context: FrameContext, frameOffset: Int) throws
    /// Makes the current frame every track's last (the clip's last frame).
    func endAll()
    /// The requests to perform on the current frame.
    var requests: [TrackingRequest] { get }
    /// Takes in the results of the frame just performed.
    func observe(_ context: FrameContext)
    /// The records of the frame just performed.
    func records(on context: FrameContext) -> [TrackRecord]
    /// Ends the frame.
    func advance()
    /// Track ids given so far.
    var tracksStarted: Int { get }
}
