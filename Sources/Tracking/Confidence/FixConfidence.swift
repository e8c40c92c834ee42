/// The fix decision: whether a tracker trusts this frame's box enough to follow the response's peak
/// and learn from it. A tracker's *fix confidence* (0...1: the correlation filter's from its
/// ``FixConfidenceEstimator``, the Siamese tracker's head score) above ``trustedAbove`` is a confident
/// fix: the tracker follows and learns, re-seeding leaves the track alone, the motion model takes the
/// box. A control signal inside the trackers, not the reported confidence: that is
/// ``ConfidenceModel``'s probability, drawn solid above ``ConfidenceModel/solidAbove`` (another
/// threshold, equal by coincidence).
public enum FixConfidence {
    /// Above this fix confidence the tracker trusts the frame.
    public static let trustedAbove: Float = 0.5
}
