/// Tracks a four-corner object: the tracker follows the corners' bounding box, and the corners
/// move and scale with it (a perspective change of the object is not followed).
///
///     let request = TrackRectangleRequest(rectangleObservation: card)
///     try handler.perform([request], on: frame)
///     let corners = request.results.first
public final class TrackRectangleRequest: TrackingRequest {
    /// The corners to track from: the user's on the first frame, the previous result afterwards.
    public var inputObservation: RectangleObservation
    /// Speed/accuracy of the box tracker underneath.
    public var trackingLevel: TrackingLevel
    public var isLastFrame: Bool = false
    /// Replaces the level's parameter set when not nil (experiments and tuning, such as
    /// `vtrack eval --set`); a change starts a new tracker for the observation.
    public var customParameters: TrackerParameters?
    /// The parameters the tracker runs with: ``customParameters`` or the level's set.
    public var parameters: TrackerParameters { customParameters ?? .for(trackingLevel) }
    /// After a perform: exactly one observation with the input's id.
    public internal(set) var results: [RectangleObservation] = []

    public init(rectangleObservation: RectangleObservation, trackingLevel: TrackingLevel = .accurate) {
        inputObservation = rectangleObservation
        self.trackingLevel = trackingLevel
    }
}
