import TrackFormats

/// A moment of a run that a person reviewing it should look at: where a track was lost, found
/// again or re-seeded, where its confidence fell through 0.5, or where two objects' boxes began to
/// overlap (where identities can swap), or where forward and backward passes began to disagree;
/// or a frame where a keyframe is worth most although nothing looked wrong.
public struct ReviewMoment: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The track became `lost` (out of view, or the confidence below 0.2).
        case lost
        /// A `lost` track is followed again.
        case foundAgain = "found again"
        /// The re-seeding detector re-initialised the track.
        case reseeded
        /// The confidence fell from above 0.5 to 0.5 or below (the box turns dashed) without the track being lost,
        /// after it had been above 0.5 for at least ``ReviewMomentFinder/clearSeconds`` (or since the track began).
        case doubtful = "confidence below 0.5"
        /// Two tracks' boxes began to overlap with IoU ≥ ``ReviewMomentFinder/overlapIoU``, after being apart for at
        /// least ``ReviewMomentFinder/clearSeconds`` (or never overlapping before).
        case overlap
        /// A forward and a backward pass began to disagree (``TrackSource/disputed``): keyframe-guided
        /// passes, or the review page's forward-backward check of a run.
        case disagreement = "passes disagree"
        /// Nothing looked wrong, but a keyframe here is expected to fix many frames: a frame in a long
        /// stretch without one (``ReviewMomentRanking/ranked(_:timelines:checks:)``).
        case check = "worth a keyframe"
    }

    public var kind: Kind
    /// 0-based decoded frame index.
    public var frame: Int
    /// Presentation time, seconds.
    public var time: Double
    /// The tracks involved (one, or two for an overlap), as their track ids.
    public var trackIDs: [Int]
    /// The tracks' display names (label, or `#id`), in the order of ``trackIDs``.
    public var names: [String]

    public init(kind: Kind, frame: Int, time: Double, trackIDs: [Int], names: [String]) {
        self.kind = kind
        self.frame = frame
        self.time = time
        self.trackIDs = trackIDs
        self.names = names
    }

    /// One line for a person: "left: lost", "left and #2: overlap".
    public var summary: String { names.joined(separator: " and ") + ": " + kind.rawValue }
}
