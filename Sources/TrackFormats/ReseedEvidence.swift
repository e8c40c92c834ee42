import Tracking

/// What one frame of a re-seeded track says about whether its box is on the object: the tracker's
/// own calibrated confidence, whether and how long ago the re-seeder re-initialised it, whether the
/// detector's last run supported it, and, for a person track, how much more its box looks like its
/// own person than like anyone else. ``TrackConfidenceModel`` turns it into the record's confidence.
///
/// The re-seeder's search outcomes (a search that did not find the first appearance, a proposed
/// relocation) are not cues: fitted leave-one-sequence-out they made the confidence worse on the
/// held-out sequence (objects that turn are not found by their first appearance while the tracker
/// follows them; README, "What the confidence means").
public struct ReseedEvidence: Sendable, Equatable {
    /// The tracker's cues; nil on a frame where the tracker (re)started.
    public var tracker: TrackingEvidence?
    /// The tracker's confidence (``ConfidenceModel``'s probability; 1 on a (re)start).
    public var trackerConfidence: Float
    /// The tracker was re-initialised at a detection on this frame.
    public var reseeded: Bool
    /// Frames since the track started or was last re-seeded.
    public var framesSinceReseed: Int
    /// The class or person detector's last scheduled run found nothing that supports the track.
    public var unsupported: Bool
    /// A person track's identity margin at its last check: the similarity of its box's (or matched
    /// detection's) re-identification embedding to its own memory less the highest similarity to
    /// anyone else's (another track's memory, a look-alike, another detection in reach), -1...1;
    /// 1 with no one else near; nil for a track that is not a person's or not yet checked.
    public var identityMargin: Float?

    public init(tracker: TrackingEvidence?, trackerConfidence: Float, reseeded: Bool, framesSinceReseed: Int,
                unsupported: Bool = false, identityMargin: Float? = nil) {
        self.tracker = tracker
        self.trackerConfidence = trackerConfidence
        self.reseeded = reseeded
        self.framesSinceReseed = framesSinceReseed
        self.unsupported = unsupported
        self.identityMargin = identityMargin
    }
}
