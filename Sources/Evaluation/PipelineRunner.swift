import Dispatch
import Foundation
import Pipeline
import Tracking
import VideoIO

/// Runs each start of a protocol through the product's pipeline (``ClipTrackingSession``, with
/// re-seeding from the template re-detector), one session per start, so that the scores measure
/// what `vtrack track CLIP --box ... --reseed-every N` does. Each session decodes the clip; two
/// sessions run at a time.
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
                           level: TrackingLevel, reseedEvery: Int, detector: DetectorChoice = .template,
                           compensatesCameraMotion: Bool = false) throws -> [SequenceRun] {
        let clock = ContinuousClock()
        let started = clock.now
        let info: VideoInfo
        do {
            info = try VideoReader(path: sequence.videoPath).info
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
        let starts = try LockstepRunner.usableStarts(of: sequence, protocol: evaluationProtocol,
                                                     width: info.width, height: info.height)
        let frameCount = sequence.groundTruth.count
        var outcomes = [Result<(records: [TrackRecord], report: ClipReport), Error>?](repeating: nil, count: starts.count)
        let queue = DispatchQueue(label: "PipelineRunner.outcomes")
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            let start = starts[index]
            let outcome = Result { () throws -> (records: [TrackRecord], report: ClipReport) in
                let session = try ClipTrackingSession(
                    clipPath: sequence.videoPath, targets: [TrackTarget(label: sequence.name, box: start.box)],
                    options: TrackingOptions(level: level, startFrame: start.frame, reseedEvery: reseedEvery,
                                             detector: detector, compensatesCameraMotion: compensatesCameraMotion))
                let collector = RecordCollector(trackID: 1, frameLimit: frameCount)
                let report = try session.run(makeSinks: { [collector] })
                return (collector.records, report)
            }
            queue.sync { outcomes[index] = outcome }
        }
        let total = (clock.now - started).seconds
        return try zip(starts, outcomes).map { start, outcome in
            let (records, report): ([TrackRecord], ClipReport)
            do {
                (records, report) = try outcome!.get()
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
