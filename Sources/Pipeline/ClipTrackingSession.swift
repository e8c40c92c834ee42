import Foundation
import Imaging
import Tracking
import VideoIO

/// Tracks a set of boxes through one clip and hands every frame's records to the sinks.
///
///     let session = try ClipTrackingSession(clipPath: "clip.mp4",
///                                           targets: [TrackTarget(parsing: "walker=157,138,22,55")])
///     let report = try session.run(makeSinks: { [try CSVTrackSink(path: "clip.csv")] })
///
/// Boxes are pixels with the origin at the top-left pixel, on frame `options.startFrame`.
public final class ClipTrackingSession {
    /// What the reader found in the clip.
    public let info: VideoInfo
    public let clipPath: String
    public let options: TrackingOptions
    /// The boxes, clipped to the frame.
    public let targets: [TrackTarget]
    private let reader: VideoReader

    /// Opens the clip and checks the targets against it. Throws `VideoError` for an unreadable clip,
    /// ``SessionError`` for too many targets, a bad start frame or a box outside the frame.
    public init(clipPath: String, targets: [TrackTarget], options: TrackingOptions = TrackingOptions()) throws {
        guard targets.count <= SequenceRequestHandler.maximumTrackersPerType else {
            throw SessionError.tooManyTargets(path: clipPath, count: targets.count, limit: SequenceRequestHandler.maximumTrackersPerType)
        }
        guard options.startFrame >= 0 else { throw SessionError.badStartFrame(path: clipPath, startFrame: options.startFrame) }
        guard options.reseedEvery >= 0 else { throw SessionError.badReseedInterval(options.reseedEvery) }
        let reader = try VideoReader(path: clipPath)
        self.reader = reader
        info = reader.info
        self.clipPath = clipPath
        self.options = options
        do {
            self.targets = try targets.map { try $0.clipped(toWidth: reader.info.width, height: reader.info.height) }
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
        let clock = ContinuousClock()
        let started = clock.now
        var trackingTime = Duration.zero
        let needsColour = TrackerParameters.for(options.level).needsColour
        let handler = SequenceRequestHandler()
        let reseeder = try TrackReseeder(policy: ReseedPolicy(interval: options.reseedEvery), detector: options.detector)
        var objects: [TrackedObject] = []
        var nextTrackID = 1
        var sinks: [TrackSink]?
        var framesDecoded = 0, framesTracked = 0
        var confidenceSum = 0.0, lowConfidence = 0, recordCount = 0

        func startTracks(_ newTargets: [TrackTarget], on image: ImageFrame, automatic: Bool) {
            let room = SequenceRequestHandler.maximumTrackersPerType - objects.count
            for target in newTargets.prefix(max(0, room)) {
                objects.append(TrackedObject(trackID: nextTrackID, label: target.label, box: target.box, frame: image,
                                             level: options.level, isAutomatic: automatic,
                                             learnsAppearance: options.reseedEvery > 0))
                nextTrackID += 1
            }
        }
        func detected(_ boxes: [PixelRect]) -> [TrackTarget] {
            boxes.map { TrackTarget(label: options.detector.description, box: $0) }
        }

        let frames = FramePrefetcher(reader: reader)
        defer { frames.cancel() }
        var upcoming = try frames.next()
        while let frame = upcoming {
            upcoming = try frames.next()
            framesDecoded += 1
            guard frame.index >= options.startFrame else { continue }
            let image = frame.imageFrame(colour: needsColour)
            let frameOffset = frame.index - options.startFrame
            let trackStart = clock.now
            if sinks == nil {
                sinks = try makeSinks()
                startTracks(targets, on: image, automatic: false)
                if targets.isEmpty {
                    startTracks(detected(try reseeder.initialDetections(in: image)), on: image, automatic: true)
                }
            } else {
                let found = try reseeder.prepare(objects, frame: image, frameOffset: frameOffset)
                startTracks(detected(found), on: image, automatic: true)
            }
            for object in objects where upcoming == nil
                || (object.isAutomatic && object.lostRun >= reseeder.policy.endAutomaticTracksAfterLostFrames) {
                object.end()
            }
            try handler.perform(objects.map(\.request), on: image)
            for object in objects { object.observe(image) }
            trackingTime += clock.now - trackStart

            let records = objects.map { $0.record(frame: frame) }
            for object in objects { object.advance() }
            objects.removeAll { $0.hasEnded }
            for sink in sinks ?? [] { try sink.write(frame: frame, records: records) }
            framesTracked += 1
            recordCount += records.count
            confidenceSum += records.reduce(0) { $0 + Double($1.confidence) }
            lowConfidence += records.filter { $0.confidence <= 0.5 }.count
            progress?(frame.index)
        }
        guard let sinks, framesTracked > 0 else {
            throw SessionError.startFrameBeyondEnd(path: clipPath, startFrame: options.startFrame, frames: framesDecoded)
        }
        for sink in sinks { try sink.finish() }
        let seconds = clock.now - started
        return ClipReport(framesDecoded: framesDecoded, framesTracked: framesTracked, tracks: nextTrackID - 1,
                          meanConfidence: recordCount > 0 ? confidenceSum / Double(recordCount) : 0,
                          lowConfidenceRecords: lowConfidence, seconds: seconds.seconds,
                          trackingSeconds: trackingTime.seconds, warnings: reader.warnings)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// A request the session cannot carry out.
public enum SessionError: Error, CustomStringConvertible, Equatable {
    case tooManyTargets(path: String, count: Int, limit: Int)
    case badStartFrame(path: String, startFrame: Int)
    case badReseedInterval(Int)
    case startFrameBeyondEnd(path: String, startFrame: Int, frames: Int)
    case unusableBox(path: String, problem: BoxSpecError)

    public var description: String {
        switch self {
        case .tooManyTargets(let path, let count, let limit):
            return "\(path): \(count) boxes given, at most \(limit) objects can be tracked at once"
        case .badStartFrame(let path, let startFrame):
            return "\(path): start frame \(startFrame) is negative"
        case .badReseedInterval(let n):
            return "re-seed interval \(n) is negative (use 0 to turn re-seeding off)"
        case .startFrameBeyondEnd(let path, let startFrame, let frames):
            return "\(path): start frame \(startFrame) is past the end of the clip (\(frames) frames)"
        case .unusableBox(let path, let problem):
            return "\(path): \(problem)"
        }
    }
}
