import TrackFormats
import Tracking

/// What one run of the tracker on one sequence produced: a record per frame from its start frame
/// on, and timings.
public struct SequenceRun: Sendable {
    public let sequence: String
    /// Where the run started (its name names its CSV).
    public let start: RunStart
    public let level: TrackingLevel
    /// Frame size in pixels.
    public let width: Int
    public let height: Int
    /// One record per decoded frame from ``start`` on (at most up to the last ground-truth line),
    /// pixels, top-left origin; the first holds the start box with confidence 1.
    public let records: [TrackRecord]
    /// Wall time of initialising the tracker on the start frame (its first `perform`), seconds;
    /// `nil` when the run went through the pipeline, whose tracking time includes it.
    public let initSeconds: Double?
    /// Wall time of the tracker's work on the frames after the start frame, seconds (the `perform`
    /// calls; with the pipeline, also re-detection and the start).
    public let trackerSeconds: Double
    /// Wall time of the decode pass the run was part of (decode, colour conversion, tracking of
    /// every run of the pass), seconds.
    public let decodeAndTrackSeconds: Double
    /// Decoder warnings and mismatches between the video and the ground truth.
    public let warnings: [String]

    /// The warning for a video shorter than its ground truth (`videoFrames` decoded), whose missing
    /// frames score as misses, or nil.
    static func missingFramesWarning(videoFrames: Int, groundTruthLines: Int) -> String? {
        guard videoFrames < groundTruthLines else { return nil }
        return "the video has \(videoFrames) frames, the ground truth \(groundTruthLines): the missing frames score as misses"
    }

    /// The warning for a video longer than its ground truth (its later frames are not scored), or nil.
    /// `videoFrames` is the frame count the container declares, when it declares one.
    static func unscoredFramesWarning(videoFrames: Int?, groundTruthLines: Int) -> String? {
        guard let videoFrames, videoFrames > groundTruthLines else { return nil }
        return "the video has \(videoFrames) frames, the ground truth \(groundTruthLines) lines: frames from \(groundTruthLines) on are not scored"
    }

    /// Tracker-only speed: frames after the first per second of tracker time (the peers'
    /// convention); `nil` with fewer than two frames.
    public var trackerFPS: Double? {
        records.count > 1 && trackerSeconds > 0 ? Double(records.count - 1) / trackerSeconds : nil
    }

    /// Decode + track speed of this run's frames over the pass's wall time; `nil` when nothing was timed.
    public var decodeAndTrackFPS: Double? {
        decodeAndTrackSeconds > 0 && !records.isEmpty ? Double(records.count) / decodeAndTrackSeconds : nil
    }
}
