import Detection
import Imaging

/// Applies a ``ReseedPolicy`` before each frame is tracked: runs the detectors when they are due,
/// re-seeds matched tracks, recovers or marks lost the tracks that fell to low confidence, and
/// proposes new objects found by a class detector.
final class TrackReseeder {
    let policy: ReseedPolicy
    private let classDetector: CascadeDetector?
    private let association: TrackDetectionAssociation

    init(policy: ReseedPolicy, detector: DetectorChoice) throws {
        self.policy = policy
        classDetector = try detector.makeClassDetector()
        association = TrackDetectionAssociation(minimumIoU: policy.minimumIoU)
    }

    /// Boxes (pixels, top-left origin) a class detector finds on the start frame, best first.
    func initialDetections(in frame: ImageFrame) throws -> [PixelRect] {
        guard let classDetector else { return [] }
        return try classDetector.detect(in: frame).filter { $0.score >= policy.minimumScore }.map(\.box)
    }

    /// Runs before `frame` (at `frameOffset` frames after the start frame) is tracked, using the
    /// tracks' latest boxes from the previous frame. Re-seeds tracks in place and returns the boxes of
    /// new objects a class detector found that match no track (empty unless a class detector runs).
    func prepare(_ objects: [TrackedObject], frame: ImageFrame, frameOffset: Int) throws -> [PixelRect] {
        let scheduled = policy.isScheduled(frameOffset: frameOffset)
        let searchingForObjects = classDetector != nil && policy.interval > 0 && objects.isEmpty
        let troubled = objects.filter { policy.needsRecovery(lowRun: $0.lowConfidenceRun) }
        guard scheduled || searchingForObjects || !troubled.isEmpty else { return [] }

        var unresolved = scheduled ? objects : troubled
        var newObjects: [PixelRect] = []
        if let classDetector {
            let detections = try classDetector.detect(in: frame).filter { $0.score >= policy.minimumScore }
            let result = association.associate(tracks: objects.map(\.box), detections: detections.map(\.box))
            for match in result.matches where scheduled || troubled.contains(where: { $0 === objects[match.track] }) {
                objects[match.track].reseed(at: detections[match.detection].box, frameWidth: frame.width, frameHeight: frame.height)
                unresolved.removeAll { $0 === objects[match.track] }
            }
            if scheduled || searchingForObjects {
                newObjects = result.unmatchedDetections.map { detections[$0].box }
            }
        }
        try redetect(unresolved, in: frame, scheduled: scheduled)
        return newObjects
    }

    /// Searches each object's own appearance model: near its last box first, then the whole frame.
    /// A confident track is re-seeded only at a match overlapping it; a low-confidence track is
    /// recovered at its best match anywhere, or marked lost. Two tracks never take the same place.
    private func redetect(_ objects: [TrackedObject], in frame: ImageFrame, scheduled: Bool) throws {
        var taken: [PixelRect] = []
        for object in objects {
            let confident = object.confidence > 0.5
            let hint = confident ? object.box : object.lastConfidentBox
            let candidates = try object.redetector.detect(in: frame, near: [hint])
                .filter { $0.score >= policy.minimumScore }
                .filter { candidate in !taken.contains { $0.iou(candidate.box) > 0.5 } }
            if confident {
                if scheduled, let match = candidates.first(where: { $0.box.iou(object.box) >= policy.minimumIoU }) {
                    object.reseed(at: match.box, frameWidth: frame.width, frameHeight: frame.height)
                    taken.append(match.box)
                }
            } else if let best = candidates.first {
                object.reseed(at: best.box, frameWidth: frame.width, frameHeight: frame.height)
                taken.append(best.box)
            } else {
                object.markLost()
            }
        }
    }
}
