import Tracking

/// How a clip is tracked.
public struct TrackingOptions: Sendable {
    /// Speed/accuracy trade-off of every tracker.
    public var level: TrackingLevel
    /// 0-based index of the first frame to track; the boxes refer to this frame.
    public var startFrame: Int
    /// Re-run the detector and re-seed the trackers every this many frames; 0 turns re-seeding off.
    public var reseedEvery: Int
    /// What re-seeds the trackers; a class detector also starts tracks when no boxes are given.
    public var detector: DetectorChoice
    /// Without boxes (automatic multi-object tracking): run the class detector every this many
    /// frames. The default, 2, confirms a newcomer within 5 frames of its entering.
    public var automaticDetectionInterval: Int
    /// Smallest class-detector score (0...1) that may re-seed a track or start one.
    public var detectionMinimumScore: Float
    /// Register each frame against the previous one and move every tracker's search by the
    /// picture's shift first (camera-motion compensation, for panning drone or handheld footage).
    public var compensatesCameraMotion: Bool
    /// Register each frame and pass the camera's motion and the scene's stability to the sinks
    /// (the annotated MP4 shows a marker).
    public var showsCameraMotion: Bool
    /// Which trackers follow the given boxes (``TrackerConfiguration/for(_:kind:)``): the learned ones
    /// by default (the Siamese tracker at `fast`, fused with the correlation filter at `accurate`),
    /// which need the neural runtime; without it a session runs the correlation filters and says so
    /// (``ClipReport/warnings``). Automatic tracks (no boxes given) always run the filters: detections
    /// re-seed them every few frames.
    public var trackerKind: TrackerKind

    public init(level: TrackingLevel = .accurate, startFrame: Int = 0, reseedEvery: Int = 50,
                detector: DetectorChoice = .automatic, detectionMinimumScore: Float = 0.5,
                compensatesCameraMotion: Bool = false, showsCameraMotion: Bool = false, automaticDetectionInterval: Int = 2,
                trackerKind: TrackerKind = .learned) {
        self.trackerKind = trackerKind
        self.automaticDetectionInterval = automaticDetectionInterval
        self.level = level
        self.startFrame = startFrame
        self.reseedEvery = reseedEvery
        self.detector = detector
        self.detectionMinimumScore = detectionMinimumScore
        self.compensatesCameraMotion = compensatesCameraMotion
        self.showsCameraMotion = showsCameraMotion
    }
}
