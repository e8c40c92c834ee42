/// Tracks one object (an axis-aligned box) through a sequence with a ``SequenceRequestHandler``.
///
///     let handler = SequenceRequestHandler()
///     let request = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(boundingBox: box))
///     for frame in frames {
///         try handler.perform([request], on: frame)
///         guard let result = request.results.first else { break }
///         request.inputObservation = result          // continue from the last result
///     }
public final class TrackObjectRequest: TrackingRequest {
    /// The observation to track from: the user's box on the first frame, the previous result
    /// afterwards, or a detection with the same id to re-seed the track.
    public var inputObservation: DetectedObjectObservation
    public var trackingLevel: TrackingLevel
    public var isLastFrame: Bool = false
    /// This frame's registration against the previous one (for example the result of a
    /// ``TranslationalImageRegistrationRequest`` performed on the same frame first): the tracker
    /// searches where the scene moved its object. Nil (the default) or a result without confidence
    /// leaves the search where the object was.
    public var cameraMotion: ImageTranslationObservation?
    /// Which trackers follow the object at the level (``TrackerConfiguration/for(_:kind:)``).
    /// ``TrackerKind/learned`` needs a handler with a ``SiameseNetworkLibrary`` that can load the
    /// level's networks; the library's default is ``TrackerKind/correlationFilter``, which needs none
    /// (the command line and `TrackingOptions` default to ``TrackerKind/learned``).
    public var trackerKind: TrackerKind = .correlationFilter
    /// Replaces the level's configuration when not nil (experiments and tuning, such as
    /// `vtrack eval --set`); a change starts a new tracker for the observation.
    public var customConfiguration: TrackerConfiguration?
    /// Every this many frames, and when its object is lost, a learned tracker searches the whole
    /// frame for a doubtful or lost object (``SiameseSettings/wholeFrameSearchInterval``); 0 (the
    /// default) never. Applies to ``configuration`` whichever it is; the correlation filter ignores it.
    public var wholeFrameSearchInterval = 0
    /// What the tracker runs with: ``customConfiguration`` or the level's for ``trackerKind``, with
    /// ``wholeFrameSearchInterval``.
    public var configuration: TrackerConfiguration {
        (customConfiguration ?? .for(trackingLevel, kind: trackerKind)).searchingWholeFrame(every: wholeFrameSearchInterval)
    }
    /// After a perform: exactly one observation with the input's id, box clipped to the frame.
    public internal(set) var results: [DetectedObjectObservation] = []
    /// After a perform: the cues behind the result's confidence; nil on a frame where a tracker
    /// started (the result is the input box, confidence 1).
    public internal(set) var evidence: TrackingEvidence?

    public init(detectedObjectObservation: DetectedObjectObservation, trackingLevel: TrackingLevel = .accurate) {
        inputObservation = detectedObjectObservation
        self.trackingLevel = trackingLevel
    }
}
