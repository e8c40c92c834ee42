import Foundation
import Imaging
import TrackFormats
import Tracking
import VideoIO

/// The frame loop of a ``KeyframeGuidedSession``: the forward passes run as frames are decoded, the
/// backward passes run over the kept frames when a keyframe is reached, and frames leave for the
/// sinks, combined, once no backward pass can reach them.
///
/// The backward passes run one at a time on their own queue, beside the forward passes of the
/// frames that follow: each has its own sequence handler and re-seeder, reads only kept frames that
/// the loop no longer changes, and writes only their ``KeptFrame/backward`` slots. The loop waits for
/// them before it writes a frame that one of them covers.
final class KeyframeGuidedRun {
    /// A decoded frame kept for the backward passes, with each object's results on it so far.
    private final class KeptFrame {
        let context: FrameContext
        let isLast: Bool
        var keyframe: [Keyframe?]
        var forward: [TrackRecord?]
        var backward: [TrackRecord?]

        init(context: FrameContext, isLast: Bool, objects: Int) {
            self.context = context
            self.isLast = isLast
            keyframe = Array(repeating: nil, count: objects)
            forward = Array(repeating: nil, count: objects)
            backward = Array(repeating: nil, count: objects)
        }
    }

    /// One object: its keyframes by frame and its running forward pass.
    private struct GuidedObject {
        let trackID: Int
        let label: String
        let keyframes: [Int: Keyframe]
        let frames: [Int]
        var forward: KeyframePass?
        /// The box of the object's latest record written (before any, its first box keyframe's): the
        /// box an absent keyframe's record carries, as a lost track's record carries its last box.
        var lastBox: PixelRect

        /// The frame of the keyframe before `frame`, if any.
        func keyframe(before frame: Int) -> Int? { frames.last { $0 < frame } }
    }

    private let session: KeyframeGuidedSession
    private let forwardHandler: SequenceRequestHandler
    private let backwardHandler: SequenceRequestHandler
    private let reseeder: TrackReseeder
    private let backwardReseeder: TrackReseeder
    private let backwardQueue = DispatchQueue(label: "vtrack.backward-passes")
    private let backwardPasses = DispatchGroup()
    /// The lowest frame a backward pass not yet waited for covers.
    private var backwardReach: Int?
    private let backwardLock = NSLock()
    private var backwardFailure: Error?
    /// Time the backward passes spent tracking (guarded by ``backwardLock``).
    private var backwardTime = Duration.zero
    private let appearanceCue: Bool
    private let needsColour: Bool
    private var objects: [GuidedObject]
    /// The last ``KeyframeGuidedSession/reach`` decoded frames, oldest first.
    private var kept: [KeptFrame] = []
    private var sinks: [TrackSink]?
    private var stability = SceneStability()
    private let clock = ContinuousClock()
    private var trackingTime = Duration.zero
    private var tally = RecordTally()

    /// Throws `DetectionError` when the detector cannot be loaded and `NeuralDetectionError` when
    /// learned features are asked for and the runtime or a network is not usable.
    init(session: KeyframeGuidedSession) throws {
        self.session = session
        let options = session.options
        let runtime = try TrackingRuntime(describesAppearance: true)
        appearanceCue = runtime.appearanceCue
        forwardHandler = runtime.makeHandler()
        backwardHandler = runtime.makeHandler()
        needsColour = TrackerConfiguration.for(options.level, kind: options.trackerKind).needsColour
        let policy = ReseedPolicy(interval: options.reseedEvery, minimumScore: options.detectionMinimumScore)
        reseeder = try TrackReseeder(policy: policy, detector: options.detector)
        backwardReseeder = try TrackReseeder(policy: policy, detector: options.detector)
        objects = session.targets.enumerated().map { index, target in
            GuidedObject(trackID: index + 1, label: target.label,
                         keyframes: Dictionary(uniqueKeysWithValues: target.keyframes.map { ($0.frame, $0) }),
                         frames: target.keyframes.map(\.frame),
                         lastBox: (target.keyframes.first { !$0.isAbsent } ?? target.keyframes[0]).box)
        }
    }

    /// Runs the forward passes on `frame`, keeps it, runs the backward passes of the keyframes on
    /// it, and writes the frame that no backward pass can reach any more.
    func track(_ frame: VideoFrame, isLastFrame: Bool, makeSinks: () throws -> [TrackSink]) throws {
        let options = session.options
        let context = FrameContext(frame: frame, colour: needsColour)
        let start = clock.now
        context.measureCameraMotion(with: forwardHandler, options: options, stability: &stability)
        if sinks == nil { sinks = try makeSinks() }
        let current = KeptFrame(context: context, isLast: isLastFrame, objects: objects.count)
        var running: [(index: Int, pass: KeyframePass, isLast: Bool)] = []
        for index in objects.indices {
            if let keyframe = objects[index].keyframes[frame.index] {
                current.keyframe[index] = keyframe
                // An absent keyframe starts no pass: the object's next box keyframe starts the next one.
                objects[index].forward = keyframe.isAbsent ? nil : makePass(for: index, from: keyframe)
            }
            guard let pass = objects[index].forward else { continue }
            let isLast = isLastFrame || objects[index].keyframes[frame.index + 1] != nil
            try pass.prepare(on: context, isLast: isLast)
            running.append((index, pass, isLast))
        }
        let requests = running.flatMap(\.pass.requests)
        if !requests.isEmpty {
            try forwardHandler.perform(requests, on: forwardHandler.needsColour(for: requests) ? context.colour : context.image)
        }
        for (index, pass, isLast) in running {
            current.forward[index] = pass.record(on: context)
            if isLast { objects[index].forward = nil }
        }
        trackingTime += clock.now - start
        if kept.count == session.reach { try write(kept.removeFirst()) }
        kept.append(current)
        for index in objects.indices where current.keyframe[index] != nil {
            startBackwardPass(index, from: current)
        }
    }

    /// Writes the frames still kept, finishes the sinks and sums up the run.
    func finish(framesDecoded: Int, seconds: Double, warnings: [String]) throws -> ClipReport {
        try waitForBackwardPasses()
        for frame in kept { try write(frame) }
        kept.removeAll()
        try (sinks ?? []).finishAndPublish()
        return tally.report(framesDecoded: framesDecoded, tracks: objects.count, seconds: seconds,
                            trackingSeconds: (trackingTime + backwardLock.withLock { backwardTime }).seconds, warnings: warnings)
    }

    private func makePass(for index: Int, from keyframe: Keyframe) -> KeyframePass {
        KeyframePass(trackID: objects[index].trackID, label: objects[index].label, keyframe: keyframe,
                     options: session.options, reseeder: reseeder, appearanceCue: appearanceCue)
    }

    /// Starts tracking object `index` backward from its keyframe on `keyframeFrame` (the newest kept
    /// frame) over the kept frames, down to the frame after its previous keyframe.
    private func startBackwardPass(_ index: Int, from keyframeFrame: KeptFrame) {
        guard let keyframe = keyframeFrame.keyframe[index], !keyframe.isAbsent, let oldest = kept.first?.context.index else { return }
        let lowest = max(oldest, (objects[index].keyframe(before: keyframe.frame) ?? -1) + 1)
        guard lowest < keyframe.frame else { return }
        backwardReach = min(backwardReach ?? lowest, lowest)
        nonisolated(unsafe) let pass = KeyframePass(trackID: objects[index].trackID, label: objects[index].label, keyframe: keyframe,
                                options: session.options, reseeder: backwardReseeder, appearanceCue: appearanceCue)
        // Newest first; the loop does not change these frames again until it has waited for the pass.
        nonisolated(unsafe) let frames = Array(kept[(lowest - oldest)...].reversed())
        nonisolated(unsafe) let run = self
        backwardQueue.async(group: backwardPasses) {
            let start = run.clock.now
            do {
                try run.trackBackward(index, with: pass, over: frames)
            } catch {
                run.backwardLock.withLock { run.backwardFailure = run.backwardFailure ?? error }
            }
            let spent = run.clock.now - start
            run.backwardLock.withLock { run.backwardTime += spent }
        }
    }

    /// Runs `pass` over `frames` (the keyframe's first, then back in time), filling their backward slots.
    private func trackBackward(_ index: Int, with pass: KeyframePass, over frames: [KeptFrame]) throws {
        var later = frames[0]
        try perform(pass, on: FrameContext(sharing: later.context, cameraMotion: nil), isLast: false)
        for frame in frames.dropFirst() {
            // Going backward, the picture moves by the opposite of its forward motion into the later frame.
            let motion = later.context.cameraMotion.map { ImageTranslationObservation(dx: -$0.dx, dy: -$0.dy, confidence: $0.confidence) }
            let view = FrameContext(sharing: frame.context, cameraMotion: motion)
            frame.backward[index] = try perform(pass, on: view, isLast: frame === frames.last)
            later = frame
        }
    }

    @discardableResult
    private func perform(_ pass: KeyframePass, on context: FrameContext, isLast: Bool) throws -> TrackRecord? {
        try pass.prepare(on: context, isLast: isLast)
        let requests = pass.requests
        try backwardHandler.perform(requests, on: backwardHandler.needsColour(for: requests) ? context.colour : context.image)
        return pass.record(on: context)
    }

    /// Waits for the backward passes started so far; rethrows the first one's error.
    private func waitForBackwardPasses() throws {
        backwardPasses.wait()
        backwardReach = nil
        if let error = backwardLock.withLock({ backwardFailure }) { throw error }
    }

    /// Writes a frame's combined records (track id order) to the sinks.
    private func write(_ frame: KeptFrame) throws {
        if let reach = backwardReach, frame.context.index >= reach { try waitForBackwardPasses() }
        var records: [TrackRecord] = []
        for index in objects.indices {
            if let keyframe = frame.keyframe[index], keyframe.isAbsent {
                records.append(PassCombination.absentRecord(frame: frame.context.index, time: frame.context.time,
                                                            trackID: objects[index].trackID, label: objects[index].label,
                                                            box: objects[index].lastBox))
                continue
            }
            var record: TrackRecord
            if let keyframe = frame.keyframe[index], let forward = frame.forward[index] {
                record = PassCombination.keyframeRecord(forward, box: keyframe.box)
            } else if frame.forward[index] != nil || frame.backward[index] != nil {
                record = PassCombination.record(forward: frame.forward[index], backward: frame.backward[index])
            } else {
                continue
            }
            if frame.isLast { record.state = .ended }
            objects[index].lastBox = record.box
            records.append(record)
        }
        for sink in sinks ?? [] { try sink.write(frame: frame.context, records: records) }
        tally.count(records)
    }
}
