import Tracking

/// How a clip is tracked.
public struct TrackingOptions: Sendable {
    /// Speed/accuracy trade-off of every tracker.
    public var level: TrackingLevel
    /// 0-based index of the first frame to track; the boxes refer to this frame.
    public var startFrame: Int
    /// Re-run the detector and re-seed the trackers every this many frames; 0 turns re-seeding off.
    public var reseedEvery: Int

    public init(level: TrackingLevel = .accurate, startFrame: Int = 0, reseedEvery: Int = 50) {
        self.level = level
        self.startFrame = startFrame
        self.reseedEvery = reseedEvery
    }
}
