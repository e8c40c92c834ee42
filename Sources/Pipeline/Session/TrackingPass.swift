import Foundation
import Imaging
import Tracking
import VideoIO

/// One session's tracking, fed the clip's decoded frames one at a time: its sequence handler, its
/// track groups, its sinks and its counts. ``ClipTrackingSession`` drives one pass over a decode of
/// the clip; ``ClipTrackingSession/runTogether(_:makeSinks:)`` drives several over one decode.
final class TrackingPass {
    let session: ClipTrackingSession
    /// Whether the trackers read colour on every frame (the describer reads it on some frames only).
    let needsColour: Bool
    private let makeSinks: () throws -> [TrackSink]
    private let progress: ((Int) -> Void)?
    private let handler: SequenceRequestHandler
    private let groups: [TrackGroup]
    private var sinks: [TrackSink]?
    private var stability = SceneStability()
    private let clock = ContinuousClock()
    private var trackingTime = Duration.zero
    private var tally = RecordTally()

    /// Throws `DetectionError` when the session's detector cannot be loaded, `NeuralDetectionError`
    /// when the runtime is installed and the appearance describer is not usable.
    init(session: ClipTrackingSession, makeSinks: @escaping () throws -> [TrackSink], progress: ((Int) -> Void)?) throws {
        self.session = session
        self.makeSinks = makeSinks
        self.progress = progress
        // Boxes given by the user get the appearance cue (rectangles have no such cue); automatic
        // tracks are re-seeded too often to need it.
        let runtime = try TrackingRuntime(describesAppearance: session.targets.contains { $0.corners == nil })
        handler = runtime.makeHandler()
        needsColour = TrackerConfiguration.for(session.options.level, kind: session.options.trackerKind).needsColour
        groups = try session.trackGroups(appearanceCue: runtime.appearanceCue)
    }

    /// Tracks `frame` (nothing before the session's start frame) and writes its records to the
    /// sinks, made on the start frame. `colourImage`, when given, is the frame with its colour
    /// picture, converted once for several passes.
    func track(_ frame: VideoFrame, colourImage: ImageFrame?, isLastFrame: Bool) throws {
        let options = session.options
        guard frame.index >= options.startFrame else { return }
        let context = colourImage.map { FrameContext(frame: frame, colourImage: $0) } ?? FrameContext(frame: frame, colour: needsColour)
        let trackStart = clock.now
        context.measureCameraMotion(with: handler, options: options, stability: &stability)
        if sinks == nil {
            sinks = try makeSinks()
            for group in groups { try group.start(on: context) }
        } else {
            for group in groups { try group.prepare(on: context, frameOffset: frame.index - options.startFrame) }
        }
        if isLastFrame { groups.forEach { $0.endAll() } }
        let requests = groups.flatMap(\.requests)
        try handler.perform(requests, on: handler.needsColour(for: requests) ? context.colour : context.image)
        groups.forEach { $0.observe(context) }
        trackingTime += clock.now - trackStart

        let records = groups.flatMap { $0.records(on: context) }.sorted { $0.trackID < $1.trackID }
        groups.forEach { $0.advance() }
        for sink in sinks ?? [] { try sink.write(frame: context, records: records) }
        tally.count(records)
        progress?(frame.index)
    }

    /// Finishes the sinks after the clip's last frame. Throws
    /// ``SessionError/startFrameBeyondEnd(path:startFrame:frames:)`` when no frame was tracked.
    func finish(framesDecoded: Int, seconds: Double, warnings: [String]) throws -> ClipReport {
        guard let sinks, tally.frames > 0 else {
            throw SessionError.startFrameBeyondEnd(path: session.clipPath, startFrame: session.options.startFrame, frames: framesDecoded)
        }
        try sinks.finishAndPublish()
        return tally.report(framesDecoded: framesDecoded, tracks: groups.reduce(0) { $0 + $1.tracksStarted }, seconds: seconds,
                            trackingSeconds: trackingTime.seconds, warnings: warnings)
    }
}
