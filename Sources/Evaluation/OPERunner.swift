import Foundation
import Imaging
import Pipeline
import Tracking
import VideoIO

/// Runs the one-pass evaluation (OPE) protocol on one sequence: the tracker starts on frame 0 at
/// the ground-truth box (line 1 of `groundtruth_rect.txt`) and then runs unaided, each frame's
/// result fed back as the next frame's input, as Apple Vision's sequence tracking is used. There is
/// no re-detection and no reset.
///
///     let run = try OPERunner.run(sequence, level: .fast)
///     print(run.records.count, run.trackerFPS ?? 0)
///
/// Frames are decoded one after the other on the calling thread (no read-ahead), so
/// ``SequenceRun/decodeAndTrackSeconds`` is the serial cost of decode + track.
public enum OPERunner {
    /// Tracks `sequence` at `level` (with `parameters` instead of the level's set when given), decoding at most as many frames as there are ground-truth lines.
    /// Throws ``EvaluationError/videoFailed(path:reason:)`` when the video cannot be opened,
    /// ``EvaluationError/trackingFailed(sequence:frame:reason:)`` when the first box is not a usable
    /// box inside the frame or the tracker rejects a frame.
    public static func run(_ sequence: OTBSequence, level: TrackingLevel,
                           parameters: TrackerParameters? = nil) throws -> SequenceRun {
        let clock = ContinuousClock()
        let started = clock.now
        let reader: VideoReader
        do {
            reader = try VideoReader(path: sequence.videoPath)
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
        let width = reader.info.width, height = reader.info.height
        guard let first = sequence.groundTruth.first, first.isValid,
              let start = first.clipped(toWidth: width, height: height), start.width >= 1, start.height >= 1 else {
            throw EvaluationError.trackingFailed(sequence: sequence.name, frame: 0,
                                                 reason: "ground-truth box \(sequence.groundTruth.first.map { "\($0)" } ?? "-") is not inside the \(width)x\(height) frame")
        }
        let colour = (parameters ?? .for(level)).needsColour
        let handler = SequenceRequestHandler()
        let request = TrackObjectRequest(
            detectedObjectObservation: DetectedObjectObservation(
                boundingBox: NormalizedRect(start, imageWidth: width, imageHeight: height)),
            trackingLevel: level)
        request.customParameters = parameters
        let frameCount = sequence.groundTruth.count
        var records: [TrackRecord] = []
        records.reserveCapacity(frameCount)
        var initTime = Duration.zero, trackTime = Duration.zero

        while records.count < frameCount, let frame = try nextFrame(reader, path: sequence.videoPath) {
            let image = frame.imageFrame(colour: colour)
            let isFirst = records.isEmpty
            if !isFirst, let previous = request.results.first { request.inputObservation = previous }
            request.isLastFrame = records.count == frameCount - 1
            let before = clock.now
            do {
                try handler.perform([request], on: image)
            } catch {
                throw EvaluationError.trackingFailed(sequence: sequence.name, frame: frame.index, reason: "\(error)")
            }
            if isFirst { initTime += clock.now - before } else { trackTime += clock.now - before }
            let observation = request.results.first ?? request.inputObservation
            records.append(TrackRecord(
                frame: frame.index, time: frame.time, trackID: 1, label: sequence.name,
                box: PixelRect(observation.boundingBox, imageWidth: image.width, imageHeight: image.height),
                confidence: isFirst ? 1 : observation.confidence, state: .tracked))
        }
        let total = clock.now - started
        var warnings = reader.warnings
        if records.count < frameCount {
            warnings.append("the video has \(records.count) frames, the ground truth \(frameCount): the missing frames score as misses")
        }
        return SequenceRun(sequence: sequence.name, level: level, width: width, height: height, records: records,
                           initSeconds: initTime.seconds, trackerSeconds: trackTime.seconds,
                           decodeAndTrackSeconds: total.seconds, warnings: warnings)
    }

    private static func nextFrame(_ reader: VideoReader, path: String) throws -> VideoFrame? {
        do {
            return try reader.nextFrame()
        } catch {
            throw EvaluationError.videoFailed(path: path, reason: "\(error)")
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
