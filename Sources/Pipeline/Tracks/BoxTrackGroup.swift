import TrackFormats
import Tracking

/// The boxes given for a clip, each followed by its own correlation tracker (``TrackedObject``)
/// from the start frame to the clip's end, re-seeded by the run's detector (``TrackReseeder``).
final class BoxTrackGroup: TrackGroup {
    private let targets: [(trackID: Int, target: TrackTarget)]
    private let options: TrackingOptions
    private let reseeder: TrackReseeder
    /// Whether the handler describes the boxes (the confidence's appearance cue).
    private let appearanceCue: Bool
    private var objects: [TrackedObject] = []

    /// `targets` are boxes, with the track id each is given.
    init(targets: [(trackID: Int, target: TrackTarget)], options: TrackingOptions, reseeder: TrackReseeder, appearanceCue: Bool) {
        self.targets = targets
        self.options = options
        self.reseeder = reseeder
        self.appearanceCue = appearanceCue
    }

    func start(on context: FrameContext) throws {
        let first = reseeder.needsColour ? context.colour : context.image
        var classes = try reseeder.classes(of: targets.map(\.target.box), in: first).makeIterator()
        objects = targets.map { trackID, target in
            TrackedObject(trackID: trackID, label: target.label, classLabel: classes.next() ?? nil, box: target.box, on: context,
                          level: options.level, kind: options.trackerKind,
                          learnsAppearance: options.reseedEvery > 0,
                          appearanceCue: appearanceCue, wholeFrameSearchInterval: options.reseedEvery)
        }
        try reseeder.startIdentities(of: objects, in: first)
        followCamera(on: context)
    }

    func prepare(on context: FrameContext, frameOffset: Int) throws {
        try reseeder.prepare(objects, on: context, frameOffset: frameOffset)
        followCamera(on: context)
    }

    func endAll() {
        objects.forEach { $0.end() }
    }

    var requests: [TrackingRequest] { objects.map(\.request) }

    func observe(_ context: FrameContext) {
        for object in objects { object.observe(context.image) }
    }

    func records(on context: FrameContext) -> [TrackRecord] {
        objects.map { $0.record(frame: context.frame) }
    }

    func advance() {
        for object in objects { object.advance() }
        objects.removeAll { $0.hasEnded }
    }

    var tracksStarted: Int { targets.count }

    /// Moves each tracker's search by the camera's motion, when the run compensates it.
    private func followCamera(on context: FrameContext) {
        guard options.compensatesCameraMotion, let motion = context.cameraMotion else { return }
        for object in objects { object.request.cameraMotion = motion }
    }
}
