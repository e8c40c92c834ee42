import Tracking

/// What one frame of a re-seeded track says about whether its box is on the object: the tracker's
/// own calibrated confidence and the re-seeder's findings. ``TrackConfidenceModel`` turns it into
/// the record's confidence.
public struct TrackEvidence: Sendable, Equatable {
    /// The tracker's cues; nil on a frame where the tracker (re)started.
    public var tracker: TrackingEvidence?
    /// The tracker's confidence (``ConfidenceModel``'s probability; 1 on a (re)start).
    public var trackerConfidence: Float
    /// The last search for the object by its appearance found nothing where the tracker is.
    public var searchFailed: Bool
    /// Frames in a row with ``searchFailed``.
    public var framesSearchFailed: Int
    /// A search found the object away from the tracker, not yet confirmed by a second search.
    public var relocationProposed: Bool
    /// The tracker was re-initialised at a detection on this frame.
    public var reseeded: Bool
    /// Frames since the track started or was last re-seeded.
    public var framesSinceReseed: Int
    /// Frames in a row without the tracker's fix.
    public var framesWithoutFix: Int

    public init(tracker: TrackingEvidence?, trackerConfidence: Float, searchFailed: Bool, framesSearchFailed: Int,
                relocationProposed: Bool, reseeded: Bool, framesSinceReseed: Int, framesWithoutFix: Int) {
        self.tracker = tracker
        self.trackerConfidence = trackerConfidence
        self.searchFailed = searchFailed
        self.framesSearchFailed = framesSearchFailed
        self.relocationProposed = relocationProposed
        self.reseeded = reseeded
        self.framesSinceReseed = framesSinceReseed
        self.framesWithoutFix = framesWithoutFix
    }
}
