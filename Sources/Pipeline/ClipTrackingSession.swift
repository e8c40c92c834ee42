import Detection
import Foundation
import Imaging
import NeuralDetection
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
public final class ClipTrackingSession {
    /// What the reader found in the clip.
    public let info: VideoInfo
    public let clipPath: String
    public let options: TrackingOptions
    /// The boxes, clipped to the frame, and the planar objects.
    public let targets: [TrackTarget]
    private let reader: VideoReader

    /// Opens the clip and checks the targets against it. Throws `VideoError` for an unreadable clip,
    /// ``SessionError`` for more than 16 boxes or 16 planar objects, a bad start frame, a box outside
    /// the frame or corners not all inside it.
    public init(clipPath: String, targets: [TrackTarget], options: TrackingOptions = TrackingOptions()) throws {
        for (kind, count) in [("boxes", targets.count { $0.corners == nil }), ("rectangles", targets.count { $0.corners != nil })]
        where count > SequenceRequestHandler.maximumTrackersPerType {
            throw SessionError.tooManyTargets(path: clipPath, kind: kind, count: count, limit: SequenceRequestHandler.maximumTrackersPerType)
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
        let boxTargets = targets.filter { $0.corners == nil }
        // Boxes given by the user get the appearance cue (rectangles have no such cue); automatic
        // tracks are re-seeded too often to need it.
        let describer = boxTargets.isEmpty ? nil : AppearanceDescription.shared
        let handler = SequenceRequestHandler(appearance: describer)
        let needsColour = handler.needsColour(for: .for(options.level))
        let reseeder = try TrackReseeder(policy: ReseedPolicy(interval: options.reseedEvery, minimumScore: options.detectionMinimumScore),
                                          detector: options.detector)
        var objects: [TrackedObject] = []
        var rectangles: [TrackedRectangle] = []
        var nextTrackID = 1
        var sinks: [TrackSink]?
        let crowd = targets.isEmpty ? reseeder.classDetector.map(makeMultiObjectTracker) : nil
        var framesDecoded = 0, framesTracked = 0
        var confidenceSum = 0.0, lowConfidence = 0, recordCount = 0

        func startTracks(_ newTargets: [(target: TrackTarget, classLabel: String?)], on image: ImageFrame,
                         colourFrame: () -> ImageFrame, automatic: Bool) {
            let room = SequenceRequestHandler.maximumTrackersPerType - objects.count
            for (target, classLabel) in newTargets.prefix(max(0, room)) {
                objects.append(TrackedObject(trackID: nextTrackID, label: target.label, classLabel: classLabel, box: target.box,
                                             frame: image, colourFrame: colourFrame, level: options.level, isAutomatic: automatic,
                                             learnsAppearance: options.reseedEvery > 0, appearanceCue: describer != nil))
                nextTrackID += 1
            }
        }
        func detected(_ detections: [Detection]) -> [(target: TrackTarget, classLabel: String?)] {
            detections.map { (TrackTarget(label: $0.label ?? options.detector.description, box: $0.box), $0.label) }
        }

        let frames = FramePrefetcher(reader: reader, registersFrames: options.compensatesCameraMotion || options.showsCameraMotion)
        var stability = SceneStability()
        defer { frames.cancel() }
        var upcoming = try frames.next()
        while let prefetched = upcoming {
            let frame = prefetched.frame
            upcoming = try frames.next()
            framesDecoded += 1
            guard frame.index >= options.startFrame else { continue }
            let image = frame.imageFrame(colour: needsColour)
            var colourImage = image.rgb != nil ? image : nil
            let colourFrame = { () -> ImageFrame in
                let colour = colourImage ?? frame.imageFrame(colour: true)
                colourImage = colour
                return colour
            }
            let frameOffset = frame.index - options.startFrame
            let trackStart = clock.now
            if let crowd {
                if sinks == nil { sinks = try makeSinks() }
                try crowd.prepare(frame: image, colourFrame: colourFrame, frameOffset: frameOffset)
            } else if sinks == nil {
                sinks = try makeSinks()
                let first = reseeder.needsColour ? colourFrame() : image
                if targets.isEmpty {
                    startTracks(detected(try reseeder.initialDetections(in: first)), on: image, colourFrame: colourFrame, automatic: true)
                } else {
                    var boxClasses = try reseeder.classes(of: boxTargets.map(\.box), in: first).makeIterator()
                    for target in targets {
                        if let corners = target.corners {
                            rectangles.append(TrackedRectangle(trackID: nextTrackID, label: target.label, corners: corners,
                                                               frame: image, level: options.level))
                            nextTrackID += 1
                        } else {
                            startTracks([(target, boxClasses.next() ?? nil)], on: image, colourFrame: colourFrame, automatic: false)
                        }
                    }
                }
            } else {
                let found = try reseeder.prepare(objects, frame: image, colourFrame: colourFrame, frameOffset: frameOffset,
                                                 startsTracks: targets.isEmpty)
                startTracks(detected(found), on: image, colourFrame: colourFrame, automatic: true)
            }
            // An automatic track ends when its object left: no detection supported it for two runs and
            // none nearby looked like it (the only way a track is lost with a class detector). A boxed
            // track lasts to the clip's end.
            for object in objects where upcoming == nil || (object.isAutomatic && object.isLost) {
                object.end()
            }
            if upcoming == nil {
                rectangles.forEach { $0.end() }
                crowd?.endAll()
            }
            if let motion = prefetched.cameraMotion, options.compensatesCameraMotion {
                for object in objects { object.request.cameraMotion = motion }
                for rectangle in rectangles { rectangle.request.cameraMotion = motion }
            }
            try handler.perform(objects.map(\.request) + rectangles.map(\.request) + (crowd?.requests ?? []), on: image)
            for object in objects { object.observe(image) }
            crowd?.observe(image)
            for rectangle in rectangles { rectangle.observe(image) }
            trackingTime += clock.now - trackStart

            let records = (objects.map { $0.record(frame: frame) } + rectangles.map { $0.record(frame: frame) }
                + (crowd?.records(frame: frame, frameWidth: image.width, frameHeight: image.height) ?? []))
                .sorted { $0.trackID < $1.trackID }
            crowd?.advance()
            for object in objects { object.advance() }
            for rectangle in rectangles { rectangle.advance() }
            objects.removeAll { $0.hasEnded }
            rectangles.removeAll { $0.hasEnded }
            if let shift = prefetched.cameraMotion, options.showsCameraMotion {
                stability.add(shift)
                let motion = SceneMotion(shift: shift, isStable: stability.isStable)
                for sink in sinks ?? [] { sink.note(motion) }
            }
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
        return ClipReport(framesDecoded: framesDecoded, framesTracked: framesTracked, tracks: nextTrackID - 1 + (crowd?.tracksStarted ?? 0),
                          meanConfidence: recordCount > 0 ? confidenceSum / Double(recordCount) : 0,
                          lowConfidenceRecords: lowConfidence, seconds: seconds.seconds,
                          trackingSeconds: trackingTime.seconds, warnings: reader.warnings)
    }
}

extension ClipTrackingSession {
    /// The multi-object tracker of automatic tracking (no targets) with the class detector `detector`.
    private func makeMultiObjectTracker(_ detector: any Detector) -> MultiObjectTracker {
        var parameters = MultiObjectTracker.Parameters()
        parameters.detectEvery = max(1, options.automaticDetectionInterval)
        parameters.highScore = options.detectionMinimumScore
        return MultiObjectTracker(detector: detector, usesColour: options.detector.needsColour,
                                  defaultLabel: options.detector.description, level: options.level, parameters: parameters)
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
    case tooManyTargets(path: String, kind: String, count: Int, limit: Int)
    case badStartFrame(path: String, startFrame: Int)
    case badReseedInterval(Int)
    case startFrameBeyondEnd(path: String, startFrame: Int, frames: Int)
    case unusableBox(path: String, problem: BoxSpecError)
    case badDetectionInterval(Int)
    case notAClassDetector(String)

    public var description: String {
        switch self {
        case .tooManyTargets(let path, let kind, let count, let limit):
            return "\(path): \(count) \(kind) given, at most \(limit) can be tracked at once"
        case .badStartFrame(let path, let startFrame):
            return "\(path): start frame \(startFrame) is negative"
        case .badReseedInterval(let n):
            return "re-seed interval \(n) is negative (use 0 to turn re-seeding off)"
        case .startFrameBeyondEnd(let path, let startFrame, let frames):
            return "\(path): start frame \(startFrame) is past the end of the clip (\(frames) frames)"
        case .unusableBox(let path, let problem):
            return "\(path): \(problem)"
        case .badDetectionInterval(let n):
            return "detection interval \(n) must be 1 or more"
        case .notAClassDetector(let name):
            return "'\(name)' is not a class detector: use person, face, a YOLO .onnx model or a cascade"
        }
    }
}
