import Imaging

/// An object a detection request found: what it is, how sure the detector is, and where it is.
/// Immutable, like Vision's recognised-object observations.
public struct RecognizedObjectObservation: Sendable, Equatable {
    /// The class name ("person", "face", "car", ...); "object" when the detector names none.
    public let label: String
    /// The detector's score, 0...1.
    public let confidence: Float
    /// Normalised coordinates (0...1) with the origin at the lower-left corner of the whole frame.
    public let boundingBox: NormalizedRect

    public init(label: String, confidence: Float, boundingBox: NormalizedRect) {
        self.label = label
        self.confidence = confidence
        self.boundingBox = boundingBox
    }
}
