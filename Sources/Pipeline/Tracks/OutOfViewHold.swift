import Imaging
import Tracking

/// What a record shows for an object that left the picture: not the sliver of the tracker's box
/// still inside the frame, but the last box seen mostly inside it, as `lost` with confidence 0.
///
/// The object is out of view when less than half of the tracker's box (before clipping) lies inside
/// the frame (``TrackingEvidence/isOutOfView``): the box is then mostly where nothing can be seen.
public struct OutOfViewHold {
    /// The last box shown while the object was in view (pixels, top-left origin).
    public private(set) var lastVisibleBox: PixelRect?

    public init() {}

    /// The box to show for a frame whose result is `box` with `evidence` (nil on a (re)start), and
    /// whether the object is out of view.
    public mutating func show(_ box: PixelRect, evidence: TrackingEvidence?) -> (box: PixelRect, isOutOfView: Bool) {
        if let evidence, evidence.isOutOfView {
            return (lastVisibleBox ?? box, true)
        }
        lastVisibleBox = box
        return (box, false)
    }
}
