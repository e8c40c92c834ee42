/// What every sequence-tracking request has in common (like Vision's `VNTrackingRequest`).
/// Requests are classes: the handler writes their `results` in place.
public protocol TrackingRequest: AnyObject {
    /// Set it on the last frame a request is performed: the handler releases the tracker after
    /// that frame, freeing a slot of the per-type limit.
    var isLastFrame: Bool { get set }
}
