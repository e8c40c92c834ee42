import Detection
import Foundation
import Imaging
import NeuralDetection
import TrackFormats
import Tracking
import VideoIO

/// Tracks a set of boxes through one clip and hands every frame's records to the sinks.
///
///     let session = try ClipTrackingSession(clipPath: "clip.mp4",
///                                           targets: [TrackTarget(parsing: "walker=157,138,22,55")])
///     let report = try session.run(makeSinks: { [try CSVTrackSink(path: "clip.csv")] })
///
/// Boxes and corners are pixels with the origin at the top-left pixel, on frame `options.startFrame`.
/// Boxes are followed by correlation trackers that the chosen detector re-seeds; targets with
/// corners are planar objects followed in perspective (``TrackedRectangle``), and the detector
/// leaves them alone. Track ids follow the order of `targets`.
public final class ClipTrackingSession: ClipSession {
    /// What the reader found in the clip.
    public let info: VideoInfo
    public let clipPath: String
    public let options: TrackingOptions
    /// The boxes, clipped to the frame, and the planar objects.
    public let targets: [TrackTarget]
    let reader: VideoReader
    /// Why the session runs other trackers than asked for (no neural runtime), for the report's warnings.
    let runtimeWarning: String?

    /// The report's warnings: the decoder's, then the runtime's.
    func warnings(_ decoder: VideoReader) -> [String] { decoder.warnings + [runtimeWarning].compactMap { $0 } }

    /// Opens the clip and checks the targets against it. Throws `VideoError` for an unreadable clip,
    /// ``SessionError`` for more than 16 boxes or 16 planar objects, a bad start frame, a box outside
    /// the frame or corners not all inside it.
    public init(clipPath: String, targets: [TrackTarget], options: TrackingOptions = TrackingOptions()) throws {
        // Rectangles and automatic tracks run no learned tracker: only boxes need the runtime.
        let opening = try SessionOpening(clipPath: clipPath, boxes: targets.count { $0.corners == nil },
                                         rectangles: targets.count { $0.corners != nil }, options: options)
        let info = opening.reader.info
        (reader, self.info, self.clipPath) = (opening.reader, info, clipPath)
        (self.options, runtimeWarning) = (opening.options, opening.runtimeWarning)
        do {
            self.targets = try targets.map { try $0.clipped(toWidth: info.width, height: info.height) }
        } catch let error as BoxSpecError {
            throw SessionError.unusableBox(path: clipPath, problem: error)
        }
    }

    /// Decodes the clip, tracks from the start frame to the end, and writes every frame's records to
    /// the sinks, then finishes them. `makeSinks` is called once, when the start frame is reached, so a
    /// run that fails before it creates no output. `progress` is called after each tracked frame with
    /// the frame index. Throws ``SessionError/startFrameBeyondEnd(path:startFrame:frames:)`` when the
    /// clip ends first, and `DetectionError` when the chosen detector cannot be loaded.
    public func run(makeSinks: () throws -> [TrackSink], progress: ((Int) -> Void)? = nil) throws -> ClipReport {
        try withoutActuallyEscaping(makeSinks) { makeSinks in
            try withoutActuallyEscaping(progress ?? { _ in }) { progress in
                try Self.runTogether([(self, makeSinks, progress)])[0].get()
            }
        }
    }

    /// Runs several sessions of one clip over a single decode of it (the clip of the first
    /// session), each as ``run(makeSinks:progress:)`` would, in parallel on the available cores;
    /// each frame's colour picture is converted once for all of them. Returns each session's report,
    /// or the error that stopped it (the others go on). Throws `VideoError` when decoding fails.
    public static func runTogether(_ sessions: [ClipTrackingSession], makeSinks: [() throws -> [TrackSink]]) throws -> [Result<ClipReport, Error>] {
        try runTogether(zip(sessions, makeSinks).map { ($0, $1, nil) })
    }

    private static func runTogether(_ runs: [(session: ClipTrackingSession, makeSinks: () throws -> [TrackSink], progress: ((Int) -> Void)?)])
        throws -> [Result<ClipReport, Error>] {
        guard let first = runs.first?.session else { return [] }
        let clock = ContinuousClock()
        let started = clock.now
        var passes: [Result<TrackingPass, Error>] = runs.map { run in
            Result { try TrackingPass(session: run.session, makeSinks: run.makeSinks, progress: run.progress) }
        }
        func isRunning(_ index: Int) -> Bool {
            if case .success = passes[index] { return true }
            return false
        }
        var framesDecoded = 0
        // Colour is converted once a frame, beside the decoding, for every pass that reads it; a frame
        // with its colour picture takes about twice the memory, so half as many wait.
        let colourFrom = passes.compactMap { pass in (try? pass.get()).flatMap { $0.needsColour ? $0.session.options.startFrame : nil } }.min()
        let frames = FramePrefetcher(reader: first.reader, capacity: colourFrom == nil ? 4 : 2, colourFrom: colourFrom)
        defer { frames.cancel() }
        var upcoming = passes.indices.contains(where: isRunning) ? try frames.next() : nil
        while let decoded = upcoming {
            let frame = decoded.frame, colourImage = decoded.colourImage
            // Nothing is left to do once every pass has failed.
            upcoming = passes.indices.contains(where: isRunning) ? try frames.next() : nil
            framesDecoded += 1
            let active = passes.indices.filter { index in
                guard case .success(let pass) = passes[index] else { return false }
                return frame.index >= pass.session.options.startFrame
            }
            guard !active.isEmpty else { continue }
            let isLastFrame = upcoming == nil
            if active.count == 1, case .success(let pass) = passes[active[0]] {
                do {
                    try pass.track(frame, colourImage: pass.needsColour ? colourImage : nil, isLastFrame: isLastFrame)
                } catch {
                    passes[active[0]] = .failure(error)
                }
                continue
            }
            passes.withUnsafeMutableBufferPointer { buffer in
                // Each pass owns its handler, trackers and sinks and writes only its own slot.
                nonisolated(unsafe) let slots = buffer
                DispatchQueue.concurrentPerform(iterations: active.count) { position in
                    let index = active[position]
                    guard case .success(let pass) = slots[index] else { return }
                    do {
                        try pass.track(frame, colourImage: pass.needsColour ? colourImage : nil, isLastFrame: isLastFrame)
                    } catch {
                        slots[index] = .failure(error)
                    }
                }
            }
        }
        let seconds = (clock.now - started).seconds
        return passes.map { pass in
            pass.flatMap { pass in
                Result { try pass.finish(framesDecoded: framesDecoded, seconds: seconds, warnings: pass.session.warnings(first.reader)) }
            }
        }
    }
}

extension ClipTrackingSession {
    /// The tracks of this run, chosen once from its targets: the boxes and the rectangles given, with
    /// track ids in the order of `targets`; or, with no targets, everyone the class detector finds
    /// (nothing without one). Throws `DetectionError` when the detector cannot be loaded.
    func trackGroups(appearanceCue: Bool) throws -> [TrackGroup] {
        let reseeder = try TrackReseeder(policy: ReseedPolicy(interval: options.reseedEvery, minimumScore: options.detectionMinimumScore),
                                         detector: options.detector)
        guard !targets.isEmpty else { return try reseeder.classDetector.map { [try makeMultiObjectTracker($0)] } ?? [] }
        let numbered = targets.enumerated().map { (trackID: $0.offset + 1, target: $0.element) }
        return [
            BoxTrackGroup(targets: numbered.filter { $0.target.corners == nil }, options: options, reseeder: reseeder,
                          appearanceCue: appearanceCue),
            RectangleTrackGroup(targets: numbered.filter { $0.target.corners != nil }, level: options.level,
                                compensatesCameraMotion: options.compensatesCameraMotion),
        ]
    }

    /// What automatic tracking (no targets) runs with: the defaults, with the options' detector
    /// interval and score.
    private var multiObjectParameters: MultiObjectTracker.Parameters {
        var parameters = MultiObjectTracker.Parameters()
        parameters.detectEvery = max(1, options.automaticDetectionInterval)
        parameters.highScore = options.detectionMinimumScore
        return parameters
    }

    /// The rules that make this run's MOTChallenge results from its records, with the run's settings:
    /// automatic tracking bridges any gap over which it kept a track lost and found it again
    /// (``MultiObjectTracker/Parameters/framesKeptLost``), given tracks the default gap.
    public var resultRules: MOTResultRules {
        let parameters = multiObjectParameters
        return targets.isEmpty
            ? MOTResultRules(bridgedGap: parameters.framesKeptLost, duplicateIoU: parameters.duplicateIoU)
            : MOTResultRules(duplicateIoU: parameters.duplicateIoU)
    }

    /// The multi-object tracker of automatic tracking (no targets) with the class detector `detector`;
    /// a person detector's tracks get identities (the re-identification network, loaded once).
    private func makeMultiObjectTracker(_ detector: any Detector) throws -> MultiObjectTracker {
        MultiObjectTracker(detector: detector, usesColour: options.detector.needsColour,
                           defaultLabel: options.detector.description, level: options.level, parameters: multiObjectParameters,
                           reidentifier: options.detector.findsPeople ? try PersonReidentifier.loaded() : nil)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
