/// Tracks a planar four-corner object (a sign, a screen, a document) whose corners follow the
/// perspective, with a ``PlanarObjectTracker``: a box tracker finds the motion, and the homography
/// from the first frame's patch is refined on every frame.
///
///     let request = TrackRectangleRequest(rectangleObservation: card)
///     try handler.perform([request], on: frame)
///     let corners = request.results.first
public final class TrackRectangleRequest: TrackingRequest {
    /// The corners to track from: the user's on the first frame, the previous result afterwards.
    public var inputObservation: RectangleObservation
    /// Speed/accuracy of the box tracker underneath.
    public var trackingLevel: TrackingLevel
    /// How the picture's content moved since the previous frame (a registration result); when set
    /// with a confidence above 0, the tracker looks first where the camera's motion took the object.
    public var cameraMotion: ImageTranslationObservation?
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
