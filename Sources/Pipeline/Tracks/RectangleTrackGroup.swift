import TrackFormats
import Tracking

/// The planar rectangles given for a clip, each followed in perspective (``TrackedRectangle``) from
/// the start frame to the clip's end. Detectors leave them alone.
final class RectangleTrackGroup: TrackGroup {
    private let targets: [(trackID: Int, target: TrackTarget)]
    private let level: TrackingLevel
    private let compensatesCameraMotion: Bool
    private var rectangles: [TrackedRectangle] = []

    /// `targets` have corners, with the track id each is given.
    init(targets: [(trackID: Int, target: TrackTarget)], level: TrackingLevel, compensatesCameraMotion: Bool) {
        self.targets = targets
        self.level = level
        self.compensatesCameraMotion = compensatesCameraMotion
    }

    func start(on context: FrameContext) throws {
        rectangles = targets.compactMap { trackID, target in
            target.corners.map { TrackedRectangle(trackID: trackID, label: target.label, corners: $0, frame: context.image, level: level) }
        }
        followCamera(on: context)
    }

    func prepare(on context: FrameContext, frameOffset: Int) throws {
        followCamera(on: context)
    }

    func endAll() {
        rectangles.forEach { $0.end() }
    }

    /// Moves each tracker's search by the camera's motion, when the run compensates it.
    private func followCamera(on context: FrameContext) {
        guard compensatesCameraMotion, let motion = context.cameraMotion else { return }
        for rectangle in rectangles { rectangle.request.cameraMotion = motion }
    }

    var requests: [TrackingRequest] { rectangles.map(\.request) }

    func observe(_ context: FrameContext) {
        for rectangle in rectangles { rectangle.observe(context.image) }
    }

    func records(on context: FrameContext) -> [TrackRecord] {
        rectangles.map { $0.record(frame: context.frame) }
    }

    func advance() {
        for rectangle in rectangles { rectangle.advance() }
        rectangles.removeAll { $0.hasEnded }
    }

    var tracksStarted: Int { targets.count }
}
