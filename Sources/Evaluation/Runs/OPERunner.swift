import Tracking

/// Runs the one-pass evaluation (OPE) protocol on one sequence: the tracker starts on frame 0 at
/// the ground-truth box (line 1 of `groundtruth_rect.txt`) and then runs unaided, as
/// ``LockstepRunner`` runs every start (OPE is its one-run case).
///
///     let run = try OPERunner.run(sequence, level: .fast)
///     print(run.records.count, run.trackerFPS ?? 0)
///
/// Frames are decoded one after the other on the calling thread (no read-ahead), so
/// ``SequenceRun/decodeAndTrackSeconds`` is the serial cost of decode + track.
public enum OPERunner {
    /// Tracks `sequence` at `level` with the trackers of `trackerKind` (or `configuration` when given), decoding
    /// at most as many frames as there are ground-truth lines.
    /// Throws ``EvaluationError/videoFailed(path:reason:)`` when the video cannot be opened,
    /// ``EvaluationError/trackingFailed(sequence:frame:reason:)`` when the first box is not a usable
    /// box inside the frame or the tracker rejects a frame.
    public static func run(_ sequence: OTBSequence, level: TrackingLevel,
                           configuration: TrackerConfiguration? = nil, trackerKind: TrackerKind = .learned) throws -> SequenceRun {
        try LockstepRunner.run(sequence, protocol: .ope, level: level, configuration: configuration, trackerKind: trackerKind)[0]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
