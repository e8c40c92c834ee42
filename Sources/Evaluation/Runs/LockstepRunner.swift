import Dispatch
import Foundation
import Imaging
import NeuralDetection
import Pipeline
import TrackFormats
import Tracking
import VideoIO

/// Runs several starts of the bare tracker on one sequence in a single decode pass: every run has
/// its own ``SequenceRequestHandler`` and ``TrackObjectRequest``, joins at its start frame with its
/// start box, and then runs unaided, each frame's result fed back as the next frame's input, as
/// Apple Vision's sequence tracking is used (no re-detection, no reset). The runs active on a frame
/// are updated in parallel, one run per core.
///
///     let runs = try LockstepRunner.run(sequence, protocol: .tre, level: .fast)
///     print(runs.count, runs.map(\.start.frame))
///
/// One-pass evaluation (OPE) is the one-run case (see ``OPERunner``).
public enum LockstepRunner {
    /// Tracks `sequence` at `level` (with `configuration` instead of the level's for `trackerKind` when given) from
    /// each start of `protocol`, decoding at most as many frames as there are ground-truth lines.
    /// Returns one run per start, in the protocol's order.
    /// Throws ``EvaluationError/videoFailed(path:reason:)`` when the video cannot be opened or
    /// decoded, ``EvaluationError/trackingFailed(sequence:frame:reason:)`` when a start box is not a
    /// usable box inside the frame (or there is none) or the tracker rejects a frame;
    /// ``NeuralDetectionError`` when the runtime is installed but the appearance describer is not usable.
    public static func run(_ sequence: OTBSequence, protocol evaluationProtocol: EvaluationProtocol,
                           level: TrackingLevel, configuration: TrackerConfiguration? = nil,
                           trackerKind: TrackerKind = .learned, startNames: Set<String>? = nil) throws -> [SequenceRun] {
        let clock = ContinuousClock()
        let started = clock.now
        let reader: VideoReader
        do {
            reader = try VideoReader(path: sequence.videoPath)
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
        let width = reader.info.width, height = reader.info.height
        let starts = try usableStarts(of: sequence, protocol: evaluationProtocol, names: startNames, width: width, height: height)
        let describer = try AppearanceDescription.loadShared()
        let runs = starts.map {
            LockstepRun(start: $0, width: width, height: height, level: level, configuration: configuration,
                        trackerKind: trackerKind, appearance: describer)
        }
        let colour = runs.contains { $0.handler.needsColour(for: configuration ?? .for(level, kind: trackerKind)) }
        let frameCount = sequence.groundTruth.count
        var decoded = 0

        while decoded < frameCount, let frame = try nextFrame(reader, path: sequence.videoPath) {
            let image = frame.imageFrame(colour: colour)
            let active = runs.filter { $0.start.frame <= decoded }
            let isLast = decoded == frameCount - 1
            DispatchQueue.concurrentPerform(iterations: active.count) { index in
                active[index].track(frame, image: image, label: sequence.name, isLastFrame: isLast, clock: clock)
            }
            if let failed = active.first(where: { $0.error != nil }), let error = failed.error {
                throw EvaluationError.trackingFailed(sequence: sequence.name, frame: frame.index,
                                                     reason: "run \(failed.start.name): \(error)")
            }
            decoded += 1
        }
        let total = (clock.now - started).seconds
        var warnings = reader.warnings
        if let missing = SequenceRun.missingFramesWarning(videoFrames: decoded, groundTruthLines: frameCount) {
            warnings.append(missing)
        }
        if let unscored = SequenceRun.unscoredFramesWarning(videoFrames: reader.info.frameCount, groundTruthLines: frameCount) {
            warnings.append(unscored)
        }
        return runs.map { run in
            SequenceRun(sequence: sequence.name, start: run.start, level: level, width: width, height: height,
                        records: run.records, initSeconds: run.initTime.seconds, trackerSeconds: run.trackTime.seconds,
                        decodeAndTrackSeconds: total, warnings: warnings)
        }
    }

    /// The protocol's starts (those named in `names`, or all) with their boxes clipped to the frame;
    /// throws when there is none or a box has less than a pixel inside the frame.
    static func usableStarts(of sequence: OTBSequence, protocol evaluationProtocol: EvaluationProtocol,
                             names: Set<String>?, width: Int, height: Int) throws -> [RunStart] {
        let starts = evaluationProtocol.starts(groundTruth: sequence.groundTruth, frameWidth: width, frameHeight: height,
                                               names: names)
        guard !starts.isEmpty else {
            throw EvaluationError.trackingFailed(sequence: sequence.name, frame: 0,
                                                 reason: "no usable start: ground-truth box \(sequence.groundTruth.first.map { "\($0)" } ?? "-") is not a box inside the \(width)x\(height) frame")
        }
        return try starts.map { start in
            guard let inside = start.box.clipped(toWidth: width, height: height), inside.width >= 1, inside.height >= 1 else {
                throw EvaluationError.trackingFailed(sequence: sequence.name, frame: start.frame,
                                                     reason: "ground-truth box \(start.box) is not inside the \(width)x\(height) frame")
            }
            return RunStart(name: start.name, frame: start.frame, box: inside)
        }
    }

    private static func nextFrame(_ reader: VideoReader, path: String) throws -> VideoFrame? {
        do {
            return try reader.nextFrame()
        } catch {
            throw EvaluationError.videoFailed(path: path, reason: "\(error)")
        }
    }
}

/// One run of ``LockstepRunner``: its tracker state, its records and its timings. Touched by one
/// thread at a time (the frame loop, or its slot of `concurrentPerform`).
private final class LockstepRun: @unchecked Sendable {
    let start: RunStart
    let handler: SequenceRequestHandler
    let request: TrackObjectRequest
    var records: [TrackRecord] = []
    private var outOfView = OutOfViewHold()
    var initTime = Duration.zero
    var trackTime = Duration.zero
    var error: Error?

    init(start: RunStart, width: Int, height: Int, level: TrackingLevel, configuration: TrackerConfiguration?,
         trackerKind: TrackerKind, appearance: AppearanceDescription?) {
        self.start = start
        handler = SequenceRequestHandler(appearance: appearance, siameseNetworks: VendoredSiameseNetworks())
        request = TrackObjectRequest(
            detectedObjectObservation: DetectedObjectObservation(
                boundingBox: NormalizedRect(start.box, imageWidth: width, imageHeight: height)),
            trackingLevel: level)
        request.trackerKind = trackerKind
        request.customConfiguration = configuration
    }

    /// Performs the request on one frame and records the result; a failure is kept in `error`. The
    /// state follows the confidence as in the pipeline (``TrackState/lost``), and an object out of
    /// view is recorded as the pipeline records it (``OutOfViewHold``).
    func track(_ frame: VideoFrame, image: ImageFrame, label: String, isLastFrame: Bool, clock: ContinuousClock) {
        let isFirst = records.isEmpty
        if !isFirst, let previous = request.results.first { request.inputObservation = previous }
        request.isLastFrame = isLastFrame
        let before = clock.now
        do {
            try handler.perform([request], on: image)
        } catch {
            self.error = error
            return
        }
        if isFirst { initTime += clock.now - before } else { trackTime += clock.now - before }
        let observation = request.results.first ?? request.inputObservation
        let evidence = request.evidence  // nil on the start frame
        let shown = outOfView.show(PixelRect(observation.boundingBox, imageWidth: image.width, imageHeight: image.height),
                                   evidence: evidence)
        let confidence = isFirst ? 1 : shown.isOutOfView ? 0 : observation.confidence
        records.append(TrackRecord(
            frame: frame.index, time: frame.time, trackID: 1, label: label, box: shown.box, confidence: confidence,
            state: confidence < TrackState.lostBelow ? .lost : .tracked,
            evidence: ReseedEvidence(tracker: evidence, trackerConfidence: observation.confidence, reseeded: false,
                                    framesSinceReseed: records.count)))
    }
}
