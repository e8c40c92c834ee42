import Foundation
import Imaging

/// An immutable tracking or detection result: a box, a confidence and the id of the object it
/// follows.
///
///     let seed = DetectedObjectObservation(boundingBox: NormalizedRect(x: 0.1, y: 0.2, width: 0.1, height: 0.3))
///     let request = TrackObjectRequest(detectedObjectObservation: seed)
public struct DetectedObjectObservation: Sendable, Equatable, Hashable {
    /// Stays the same for one object across frames, tracker re-initialisations included.
    public let id: UUID
    /// Normalised coordinates: 0...1 on both axes, origin at the lower-left corner of the frame.
    public let boundingBox: NormalizedRect
    /// The probability (0...1) that the box overlaps the object with IoU >= 0.5, calibrated on the
    /// development set: of results reported at 0.7, about 70% are on the object. > 0.5: probably on
    /// it. A box that has mostly left the frame (less than half of it inside) is clipped to the frame's edge with confidence 0.
    public let confidence: Float

    /// A new observation with a fresh id and confidence 1 (what a user or a detector gives).
    public init(boundingBox: NormalizedRect) {
        self.init(id: UUID(), boundingBox: boundingBox, confidence: 1)
    }

    /// An observation with a given id, e.g. to re-seed a track at a detection while keeping its id.
    /// The confidence is clamped to 0...1 (NaN becomes 0).
    public init(id: UUID, boundingBox: NormalizedRect, confidence: Float = 1) {
        self.id = id
        self.boundingBox = boundingBox
        self.confidence = confidence.isNaN ? 0 : min(1, max(0, confidence))
    }
}
