/// Speed/accuracy trade-off of a track-object request; see ``TrackerParameters/fast`` and
/// ``TrackerParameters/accurate``.
public enum TrackingLevel: String, Sendable, CaseIterable {
    /// Several times faster, less accurate; works on luma only.
    case fast
    /// The most accurate tracker; needs colour (`ImageFrame.rgb`).
    case accurate
}
