import Imaging

/// Asks a detector for the objects in one frame, as Vision's Core ML requests do.
///
///     let request = DetectObjectsRequest(detector: try PersonDetector())
///     request.minimumConfidence = 0.5
///     try ImageRequestHandler(frame: frame).perform([request])
///     for person in request.results { print(person.boundingBox, person.confidence) }
///
/// Results are in normalised coordinates with the origin at the lower left of the whole frame.
public final class DetectObjectsRequest {
    /// The model that detects.
    public let detector: any Detector
    /// Labels to keep; all when nil.
    public var classes: Set<String>?
    /// Detections scoring below this (0...1) are dropped.
    public var minimumConfidence: Float
    /// The part of the frame searched, normalised, origin lower left; the whole frame by default.
    public var regionOfInterest: NormalizedRect
    /// Detections of the last perform, by decreasing confidence.
    public internal(set) var results: [RecognizedObjectObservation] = []

    public init(detector: any Detector, classes: Set<String>? = nil, minimumConfidence: Float = 0.5,
                regionOfInterest: NormalizedRect = NormalizedRect(x: 0, y: 0, width: 1, height: 1)) {
        self.detector = detector
        self.classes = classes
        self.minimumConfidence = minimumConfidence
        self.regionOfInterest = regionOfInterest
    }
}
