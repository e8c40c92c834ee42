import Dispatch
import Foundation
import Imaging

/// Keeps each tracker's state from frame to frame for one sequence (like Vision's
/// `VNSequenceRequestHandler`).
///
///     let handler = SequenceRequestHandler()
///     let person = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(boundingBox: box))
///     for frame in frames {
///         try handler.perform([person], on: frame)
///         person.inputObservation = person.results[0]
///     }
///
/// - A request whose input observation is exactly the one this handler produced last for that
///   id continues that tracker. Any other input (a new id, or a known id with another box, e.g. a
///   re-seed at a detection) starts a tracker at the input box on this frame, keeping the input's
///   id; the result on that frame is the input box clipped to the frame, with confidence 1.
/// - At most ``maximumTrackersPerType`` live trackers per type (object, rectangle); one more
///   throws ``TrackingError/tooManyTrackers(kind:limit:)`` and nothing changes.
/// - A request with `isLastFrame` set is performed, then its tracker is released.
/// - A call with tracking requests whose models weigh the scene cues
///   (``TrackerConfiguration/readsSceneCues``) also registers its frame against the previous such
///   frame (``SceneChange``, once per frame for all trackers): how each box changes and moves against
///   the scene is a cue of its confidence. The describer describes only the boxes of trackers whose
///   model weighs the appearance cue (``TrackerConfiguration/readsAppearanceCues``). ``measureCameraMotion(on:)`` runs that registration
///   ahead of the call, refined, for the caller to compensate or show the camera's motion: the
///   frame is still registered once.
/// - The requests of one call run in parallel on the available cores; each tracker owns its
///   buffers. Calls to ``perform(_:on:)`` must not overlap (one sequence, one thread at a time).
public final class SequenceRequestHandler {
    public static let maximumTrackersPerType = 16

    private final class Track<Tracker, Observation> {
        let tracker: Tracker
        let configuration: TrackerConfiguration
        /// Whether the tracker's confidence reads the scene cues (``TrackerConfiguration/readsSceneCues``),
        /// settled once when the track starts.
        let readsSceneCues: Bool
        var last: Observation
        /// The object's first description and the latest similarity with it (with a describer).
        var appearance: AppearanceMemory?
        /// How far the box's centre moved on the last frame (pixels).
        var motion = (dx: 0.0, dy: 0.0)

        init(tracker: Tracker, configuration: TrackerConfiguration, last: Observation) {
            self.tracker = tracker
            self.configuration = configuration
            self.readsSceneCues = configuration.readsSceneCues
            self.last = last
        }
    }

    private var objectTracks: [UUID: Track<any ObjectTracker, DetectedObjectObservation>] = [:]
    /// The continued objects' predicted boxes, for ``ObjectTracker/noteObjects(_:own:)`` (storage kept between frames).
    private var objectBoxes: [PixelRect] = []
    private var rectangleTracks: [UUID: Track<PlanarObjectTracker, RectangleObservation>] = [:]
    private var registrations: [UUID: PhaseCorrelationRegistration] = [:]
    /// The handler's own registration of the frames it tracks on, for ``sceneChange`` (integer
    /// working pixels are enough to compare the frames) and for ``measureCameraMotion(on:)``.
    private let sceneRegistration = PhaseCorrelationRegistration()
    /// Set by ``measureCameraMotion(on:)``: the next ``perform(_:on:)`` is on the frame it registered.
    private var frameRegistered = false
    /// This frame's change against the previous tracked frame, a cue of every tracker's confidence.
    private let sceneChange = SceneChange()
    /// Describes tracked boxes for the appearance cue of the confidence; nil: no such cue.
    private let describer: AppearanceDescriber?
    /// The networks of Siamese and fused trackers (``TrackerConfiguration/needsNetworks``); nil: none can start.
    private let siameseNetworks: SiameseNetworkLibrary?

    /// A handler; with `appearance`, each tracked object's box is described on its first frame and
    /// every ``AppearanceMemory/describeEvery`` frames after, and the confidence uses how much it still
    /// looks like the first view (``TrackerParameters/appearanceConfidenceModel``). With
    /// `siameseNetworks`, requests whose configuration is Siamese or fused run a ``SiameseTracker`` or a
    /// ``FusedTracker`` on that library's networks.
    public init(appearance: AppearanceDescriber? = nil, siameseNetworks: SiameseNetworkLibrary? = nil) {
        describer = appearance
        self.siameseNetworks = siameseNetworks
    }

    /// Whether frames given to this handler for trackers with `configuration` should be in colour: the
    /// trackers read colour, or the handler's describer describes boxes in it (the confidence with the
    /// appearance cue was fitted on colour descriptions).
    public func needsColour(for configuration: TrackerConfiguration) -> Bool {
        configuration.needsColour || describer != nil
    }

    /// The camera's motion on `frame` against the frame of the previous call (pixels, `dx` right,
    /// `dy` down, refined to sub-pixel accuracy; confidence 0 on the first call). Call it before
    /// ``perform(_:on:)`` on the same frame, on every frame when it is called at all: that call then
    /// uses this registration for its scene cue instead of registering the frame again.
    public func measureCameraMotion(on frame: ImageFrame) -> ImageTranslationObservation {
        let registration = sceneRegistration.register(frame.luma, refining: true)
        sceneRegistration.measureChange(into: sceneChange, shift: registration.peak)
        frameRegistered = true
        return registration.shift
    }

    /// Whether ``perform(_:on:)`` with `requests` on the next frame reads colour: a tracker's level
    /// reads it, or the describer describes a box on that frame (a starting object's, or one due for
    /// its next description). A frame given without colour where this is true is refused (a level
    /// that reads colour) or described in grey, against the model fitted on colour descriptions.
    public func needsColour(for requests: [TrackingRequest]) -> Bool {
        requests.contains { request in
            if let request = request as? TrackRectangleRequest { return request.parameters.needsColour }
            guard let request = request as? TrackObjectRequest else { return false }
            if request.configuration.needsColour { return true }
            // A continuing track has an appearance memory only when its model reads the appearance cues.
            if let track = continuingTrack(for: request) { return track.appearance?.describesNext ?? false }
            return describer != nil && request.configuration.readsAppearanceCues
        }
    }

    /// The tracker that `request` continues, or nil when it starts one (see the type's rules).
    private func continuingTrack(for request: TrackObjectRequest) -> Track<any ObjectTracker, DetectedObjectObservation>? {
        guard let track = objectTracks[request.inputObservation.id], track.last == request.inputObservation,
              track.configuration == request.configuration else { return nil }
        return track
    }

    /// Number of live trackers, all types.
    public var liveTrackerCount: Int { objectTracks.count + rectangleTracks.count }

    /// Performs ``TrackObjectRequest``s, ``TrackRectangleRequest``s and
    /// ``TranslationalImageRegistrationRequest``s (these first) on one frame and sets each request's
    /// `results`. Other request types are ignored. Throws ``TrackingError`` (before any
    /// state changes) for an invalid or duplicate observation, too many trackers, or a level
    /// that needs colour on a frame without `rgb`.
    public func perform(_ requests: [TrackingRequest], on frame: ImageFrame) throws {
        let registeredAhead = frameRegistered
        frameRegistered = false
        let jobs = try plan(requests, on: frame)
        for case let request as TranslationalImageRegistrationRequest in requests {
            let registration = registrations[request.id] ?? PhaseCorrelationRegistration(maximumSide: request.workingSide)
            request.results = [registration.register(frame.luma)]
            registrations[request.id] = request.isLastFrame ? nil : registration
        }
        let readsScene = jobs.contains { $0.readsSceneCues }
        if readsScene && !registeredAhead {
            sceneRegistration.measureChange(into: sceneChange, shift: sceneRegistration.register(frame.luma, refining: false).peak)
        }
        let measuredChange = readsScene || registeredAhead ? sceneChange : nil
        noteObjects(of: jobs)
        var outcomes = [Outcome?](repeating: nil, count: jobs.count)
        outcomes.withUnsafeMutableBufferPointer { slots in
            // Each job owns its tracker and writes only its own slot; the frame and the scene change
            // are only read while the jobs run.
            nonisolated(unsafe) let slots = slots, jobs = jobs, sceneChange = measuredChange
            let networks = siameseNetworks, describer = describer
            let run = { @Sendable (index: Int) -> Void in
                slots[index] = jobs[index].run(on: frame, sceneChange: sceneChange, networks: networks, describer: describer)
            }
            if jobs.count > 1 {
                DispatchQueue.concurrentPerform(iterations: jobs.count, execute: run)
            } else {
                jobs.indices.forEach(run)
            }
        }
        for outcome in outcomes {
            if case let .failed(error)? = outcome { throw error }
        }
        for (job, outcome) in zip(jobs, outcomes) {
            guard let outcome else { continue }
            commit(job, outcome, frame: frame)
        }
    }

    /// Tells each continued object's tracker where every continued object should be on this frame
    /// (its last box moved as on the last frame).
    private func noteObjects(of jobs: [Job]) {
        objectBoxes.removeAll(keepingCapacity: true)
        for case let .continueObject(_, track) in jobs {
            let box = track.tracker.box
            objectBoxes.append(PixelRect(x: box.x + track.motion.dx, y: box.y + track.motion.dy, width: box.width, height: box.height))
        }
        var own = 0
        for case let .continueObject(_, track) in jobs {
            track.tracker.noteObjects(objectBoxes, own: own)
            own += 1
        }
    }

    // MARK: - Planning

    private enum Job {
        case startObject(TrackObjectRequest, PixelRect)
        case continueObject(TrackObjectRequest, Track<any ObjectTracker, DetectedObjectObservation>)
        case startRectangle(TrackRectangleRequest, Quadrilateral)
        case continueRectangle(TrackRectangleRequest, Track<PlanarObjectTracker, RectangleObservation>)

        /// Whether the job's tracker reads the frame's ``SceneChange`` (a rectangle's always may).
        var readsSceneCues: Bool {
            switch self {
            case let .startObject(request, _): request.configuration.readsSceneCues
            case let .continueObject(_, track): track.readsSceneCues
            case .startRectangle, .continueRectangle: true
            }
        }

        /// Runs the job; a continued object's estimate gets the appearance cue here, with `describer`,
        /// so that describing one object overlaps with tracking the others.
        func run(on frame: ImageFrame, sceneChange: SceneChange?, networks: SiameseNetworkLibrary?,
                 describer: AppearanceDescriber?) -> Outcome {
            do {
                switch self {
                case let .startObject(request, box):
                    return .started(try Self.startTracker(request.configuration, frame: frame, box: box, networks: networks))
                case let .startRectangle(request, corners):
                    return .startedPlanar(try PlanarObjectTracker(frame: frame, corners: corners,
                                                                  parameters: request.parameters))
                case let .continueObject(request, track):
                    let estimate = track.tracker.update(on: frame, cameraShift: Self.shift(request.cameraMotion), sceneChange: sceneChange)
                    return .updated(Self.withAppearanceCue(estimate, track: track, frame: frame, describer: describer))
                case let .continueRectangle(request, track):
                    return .updatedPlanar(track.tracker.update(on: frame, cameraShift: Self.shift(request.cameraMotion),
                                                                  sceneChange: sceneChange))
                }
            } catch let error as TrackingError {
                return .failed(error)
            } catch {
                return .failed(.invalidObservation("\(error)"))
            }
        }

        /// `estimate` with the appearance cue in its evidence, judged by the model fitted with that cue,
        /// when there is a describer and the object's first box was described.
        private static func withAppearanceCue(_ estimate: TrackerEstimate, track: Track<any ObjectTracker, DetectedObjectObservation>,
                                              frame: ImageFrame, describer: AppearanceDescriber?) -> TrackerEstimate {
            guard let describer, var memory = track.appearance, var evidence = estimate.evidence else { return estimate }
            memory.update(box: estimate.box, frame: frame, describer: describer)
            track.appearance = memory
            evidence.appearanceSimilarity = memory.similarity
            evidence.smoothedAppearanceSimilarity = memory.smoothedSimilarity
            return estimate.judged(by: track.configuration.appearanceConfidenceModel, evidence: evidence)
        }

        /// The tracker `configuration` names, started on `frame` at `box`.
        private static func startTracker(_ configuration: TrackerConfiguration, frame: ImageFrame, box: PixelRect,
                                         networks: SiameseNetworkLibrary?) throws -> any ObjectTracker {
            switch configuration {
            case .correlationFilter(let parameters):
                return try CorrelationTracker(frame: frame, box: box, parameters: parameters)
            case .siamese(let siamese):
                return try SiameseTracker(frame: frame, box: box, network: network(siamese.settings.release, from: networks),
                                          settings: siamese.settings, confidenceModel: siamese.confidenceModel)
            case .fused(let fused):
                return try FusedTracker(frame: frame, box: box, network: network(fused.siamese.settings.release, from: networks),
                                        configuration: fused)
            }
        }

        private static func network(_ release: SiameseNetworkRelease, from networks: SiameseNetworkLibrary?) throws -> SiameseNetwork {
            guard let networks else { throw TrackingError.networkUnavailable("the handler has no network library") }
            do {
                return try networks.network(release)
            } catch {
                throw TrackingError.networkUnavailable("\(error)")
            }
        }

        /// A registration's shift when it has any confidence, else none.
        private static func shift(_ motion: ImageTranslationObservation?) -> (dx: Double, dy: Double) {
            motion.flatMap { $0.confidence > 0 ? (dx: $0.dx, dy: $0.dy) : nil } ?? (0, 0)
        }
    }

    private enum Outcome {
        case started(any ObjectTracker)
        case updated(TrackerEstimate)
        case startedPlanar(PlanarObjectTracker)
        case updatedPlanar(PlanarEstimate)
        case failed(TrackingError)
    }

    private func plan(_ requests: [TrackingRequest], on frame: ImageFrame) throws -> [Job] {
        guard frame.width > 0, frame.height > 0 else {
            throw TrackingError.invalidObservation("the frame is empty (\(frame.width)x\(frame.height))")
        }
        var jobs: [Job] = []
        var objectIDs = Set<UUID>(), rectangleIDs = Set<UUID>()
        for request in requests {
            if let request = request as? TrackObjectRequest {
                let input = request.inputObservation
                guard objectIDs.insert(input.id).inserted else {
                    throw TrackingError.invalidObservation("two object requests track id \(input.id)")
                }
                try checkColour(request.configuration.needsColour, frame)
                if let track = continuingTrack(for: request) {
                    jobs.append(.continueObject(request, track))
                } else {
                    jobs.append(.startObject(request, try pixelBox(input.boundingBox, frame)))
                }
            } else if let request = request as? TrackRectangleRequest {
                let input = request.inputObservation
                guard rectangleIDs.insert(input.id).inserted else {
                    throw TrackingError.invalidObservation("two rectangle requests track id \(input.id)")
                }
                try checkColour(request.parameters.needsColour, frame)
                if let track = rectangleTracks[input.id], track.last == input,
                   track.configuration == .correlationFilter(request.parameters) {
                    jobs.append(.continueRectangle(request, track))
                } else {
                    jobs.append(.startRectangle(request, try pixelCorners(input, frame)))
                }
            }
        }
        try checkLimit(kind: "object", live: Set(objectTracks.keys), requested: objectIDs)
        try checkLimit(kind: "rectangle", live: Set(rectangleTracks.keys), requested: rectangleIDs)
        return jobs
    }

    private func checkLimit(kind: String, live: Set<UUID>, requested: Set<UUID>) throws {
        if live.union(requested).count > Self.maximumTrackersPerType {
            throw TrackingError.tooManyTrackers(kind: kind, limit: Self.maximumTrackersPerType)
        }
    }

    private func checkColour(_ needsColour: Bool, _ frame: ImageFrame) throws {
        if needsColour && frame.rgb == nil { throw TrackingError.colourRequired }
    }

    private func pixelBox(_ box: NormalizedRect, _ frame: ImageFrame) throws -> PixelRect {
        let pixels = PixelRect(box, imageWidth: frame.width, imageHeight: frame.height)
        guard pixels.isValid else {
            throw TrackingError.invalidObservation("box \(box) is empty or not finite")
        }
        guard pixels.clipped(toWidth: frame.width, height: frame.height) != nil else {
            throw TrackingError.invalidObservation("box \(box) lies outside the frame")
        }
        return pixels
    }

    private func pixelCorners(_ input: RectangleObservation, _ frame: ImageFrame) throws -> Quadrilateral {
        let corners = input.pixelCorners(imageWidth: frame.width, imageHeight: frame.height)
        guard corners.isConvexClockwise else {
            throw TrackingError.invalidObservation("corners \(corners) are not a convex quadrilateral given clockwise from the top left")
        }
        return corners
    }

    // MARK: - Committing

    private func commit(_ job: Job, _ outcome: Outcome, frame: ImageFrame) {
        let width = frame.width, height = frame.height
        switch (job, outcome) {
        case let (.startObject(request, box), .started(tracker)):
            let clipped = box.clipped(toWidth: width, height: height) ?? box
            let result = DetectedObjectObservation(id: request.inputObservation.id,
                                                   boundingBox: NormalizedRect(clipped, imageWidth: width, imageHeight: height))
            request.evidence = nil
            let track = Track(tracker: tracker, configuration: request.configuration, last: result)
            track.appearance = request.configuration.readsAppearanceCues
                ? describer?.describe(clipped, in: frame).map(AppearanceMemory.init) : nil
            finish(request, result, track: track)
        case let (.continueObject(request, track), .updated(estimate)):
            let result = DetectedObjectObservation(id: track.last.id,
                                                   boundingBox: NormalizedRect(estimate.box, imageWidth: width, imageHeight: height),
                                                   confidence: estimate.confidence)
            let previous = PixelRect(track.last.boundingBox, imageWidth: width, imageHeight: height)
            track.motion = (estimate.box.x + estimate.box.width / 2 - previous.x - previous.width / 2,
                            estimate.box.y + estimate.box.height / 2 - previous.y - previous.height / 2)
            track.last = result
            request.evidence = estimate.evidence
            finish(request, result, track: track)
        case let (.startRectangle(request, _), .startedPlanar(tracker)):
            let input = request.inputObservation
            let result = RectangleObservation(id: input.id, topLeft: input.topLeft, topRight: input.topRight,
                                              bottomRight: input.bottomRight, bottomLeft: input.bottomLeft, confidence: 1)
            finish(request, result, track: Track(tracker: tracker, configuration: .correlationFilter(request.parameters), last: result))
        case let (.continueRectangle(request, track), .updatedPlanar(estimate)):
            let result = RectangleObservation(id: track.last.id, corners: estimate.corners, imageWidth: width, imageHeight: height,
                                              confidence: estimate.confidence)
            track.last = result
            finish(request, result, track: track)
        default:
            break
        }
    }

    private func finish(_ request: TrackObjectRequest, _ result: DetectedObjectObservation,
                        track: Track<any ObjectTracker, DetectedObjectObservation>) {
        request.results = [result]
        objectTracks[result.id] = request.isLastFrame ? nil : track
    }

    private func finish(_ request: TrackRectangleRequest, _ result: RectangleObservation,
                        track: Track<PlanarObjectTracker, RectangleObservation>) {
        request.results = [result]
        rectangleTracks[result.id] = request.isLastFrame ? nil : track
    }
}
