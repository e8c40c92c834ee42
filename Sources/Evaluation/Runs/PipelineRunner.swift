import Foundation
import Pipeline
import TrackFormats
import Tracking
import VideoIO

/// Runs each start of a protocol through the product's pipeline (``ClipTrackingSession``, with
/// re-seeding from the template re-detector), one session per start, so that the scores measure
/// what `vtrack track CLIP --box ... --reseed-every N` does. The sessions share one decode of the
/// clip and run in parallel (``ClipTrackingSession/runTogether(_:makeSinks:)``).
///
///     let runs = try PipelineRunner.run(sequence, protocol: .ope, level: .accurate, reseedEvery: 50)
///
/// The session's tracker always uses the level's parameter set (it takes no custom parameters).
public enum PipelineRunner {
    /// Tracks `sequence` at `level` from each start of `protocol` with re-seeding every `reseedEvery`
    /// frames (> 0). Returns one run per start, in the protocol's order; records past the last
    /// ground-truth line are dropped. Throws ``EvaluationError/videoFailed(path:reason:)`` when the
    /// video cannot be opened and ``EvaluationError/trackingFailed(sequence:frame:reason:)`` when a
    /// start is unusable or a session fails.
    public static func run(_ sequence: OTBSequence, protocol evaluationProtocol: EvaluationProtocol,
                           level: TrackingLevel, reseedEvery: Int, detector: DetectorChoice = .automatic,
                           compensatesCameraMotion: Bool = false, trackerKind: TrackerKind = .learned,
                           startNames: Set<String>? = nil) throws -> [SequenceRun] {
        let clock = ContinuousClock()
        let started = clock.now
        let info: VideoInfo
        do {
            info = try VideoReader(path: sequence.videoPath).info
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
        let starts = try LockstepRunner.usableStarts(of: sequence, protocol: evaluationProtocol, names: startNames,
                                                     width: info.width, height: info.height)
        let frameCount = sequence.groundTruth.count
        let sessions = try starts.map { start in
            do {
                return try ClipTrackingSession(
                    clipPath: sequence.videoPath, targets: [TrackTarget(label: sequence.name, box: start.box)],
                    options: TrackingOptions(level: level, startFrame: start.frame, reseedEvery: reseedEvery,
                                             detector: detector, compensatesCameraMotion: compensatesCameraMotion,
                                             trackerKind: trackerKind))
            } catch {
                throw EvaluationError.trackingFailed(sequence: sequence.name, frame: start.frame, reason: "run \(start.name): \(error)")
            }
        }
        let collectors = starts.map { _ in RecordCollector(trackID: 1, frameLimit: frameCount) }
        let outcomes: [Result<ClipReport, Error>]
        do {
            outcomes = try ClipTrackingSession.runTogether(sessions, makeSinks: collectors.map { collector in { [collector] } })
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
        let total = (clock.now - started).seconds
        return try zip(starts, zip(outcomes, collectors)).map { start, outcome in
            let (result, collector) = outcome
            let records = collector.records
            let report: ClipReport
            do {
                report = try result.get()
            } catch {
                throw EvaluationError.trackingFailed(sequence: sequence.name, frame: start.frame,
                                                     reason: "run \(start.name): \(error)")
            }
            var warnings = report.warnings
            if let unscored = SequenceRun.unscoredFramesWarning(videoFrames: info.frameCount, groundTruthLines: frameCount) {
                warnings.append(unscored)
            }
            if start.frame + records.count < frameCount {
                warnings.append("run \(start.name) has \(records.count) frames from frame \(start.frame), the ground truth \(frameCount): the missing frames score as misses")
            }
            return SequenceRun(sequence: sequence.name, start: start, level: level, width: info.width, height: info.height,
                               records: records, initSeconds: nil, trackerSeconds: report.trackingSeconds,
                               decodeAndTrackSeconds: total, warnings: warnings)
        }
    }
}
