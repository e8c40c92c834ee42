import Pipeline
import Tracking

/// What one one-pass run of the tracker on one sequence produced: a record per frame and timings.
public struct SequenceRun: Sendable {
    public let sequence: String
    public let level: TrackingLevel
    /// Frame size in pixels.
    public let width: Int
    public let height: Int
    /// One record per decoded frame (at most one per ground-truth line), pixels, top-left origin;
    /// frame 0 holds the ground-truth box with confidence 1.
    public let records: [TrackRecord]
    /// Wall time of initialising the tracker on frame 0 (the first `perform`), seconds.
    public let initSeconds: Double
    /// Wall time of the `perform` calls on frames 1 and later, seconds.
    public let trackerSeconds: Double
    /// Wall time from opening the video to the last tracked frame (decode, colour conversion,
    /// tracking), seconds.
    public let decodeAndTrackSeconds: Double
    /// Decoder warnings and mismatches between the video and the ground truth.
    public let warnings: [String]

    /// Tracker-only speed: frames after the first per second of `perform` (the peers' convention);
    /// `nil` with fewer than two frames.
    public var trackerFPS: Double? {
        records.count > 1 && trackerSeconds > 0 ? Double(records.count - 1) / trackerSeconds : nil
    }

    /// Serial decode + track speed over all frames; `nil` when nothing was timed.
    public var decodeAndTrackFPS: Double? {
        decodeAndTrackSeconds > 0 && !records.isEmpty ? Double(records.count) / decodeAndTrackSeconds : nil
    }
}
