import Detection
import Foundation
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
    /// tracks' latest boxes from the previous frame. Re-seeds, confirms or marks lost the tracks due a
    /// search, and returns the boxes of new objects a class detector found that match no track
    /// (empty unless a class detector runs).
    func prepare(_ objects: [TrackedObject], frame: ImageFrame, frameOffset: Int) throws -> [PixelRect] {
        let scheduled = policy.isScheduled(frameOffset: frameOffset)
        let searchingForObjects = classDetector != nil && policy.interval > 0 && objects.isEmpty
        var due = objects.filter {
            policy.needsSearch(frameOffset: frameOffset, lowRun: $0.lowConfidenceRun, lostRun: $0.lostRun, isLost: $0.isLost)
        }
        guard !due.isEmpty || searchingForObjects else { return [] }

        var newObjects: [PixelRect] = []
        if let classDetector, scheduled || searchingForObjects || due.contains(where: { $0.confidence <= 0.5 || $0.isLost }) {
            let detections = try classDetector.detect(in: frame).filter { $0.score >= policy.minimumScore }
            let result = association.associate(tracks: objects.map(\.box), detections: detections.map(\.box))
            for match in result.matches where due.contains(where: { $0 === objects[match.track] }) {
                objects[match.track].reseed(at: detections[match.detection].box, frameWidth: frame.width, frameHeight: frame.height)
                due.removeAll { $0 === objects[match.track] }
            }
            if scheduled || searchingForObjects {
                newObjects = result.unmatchedDetections.map { detections[$0].box }
            }
        }
        try search(due, in: frame, scheduled: scheduled)
        return newObjects
    }

    /// Searches each object's own appearance model near its box, then the whole frame. A match
    /// overlapping the track confirms it (and on a scheduled frame, when the tracker has drifted from
    /// it, re-centres the track there, keeping the tracker's size, which its scale filter estimates
    /// more finely than the detector); a strong match elsewhere re-seeds the track there; anything
    /// else marks it lost. Two tracks never take the same place.
    private func search(_ objects: [TrackedObject], in frame: ImageFrame, scheduled: Bool) throws {
        var taken: [PixelRect] = []
        // A box too small to learn an appearance from (under 4 px a side) cannot be checked.
        for object in objects {
            guard let redetector = object.redetector, redetector.templateCount > 0 else { continue }
            let candidates = try redetector.detect(in: frame, near: [object.box])
                .filter { $0.score >= policy.minimumScore }
                .filter { candidate in !taken.contains { $0.iou(candidate.box) > 0.5 } }
            if let match = candidates.first(where: { Self.overlaps($0.box, object.box, minimumIoU: policy.minimumIoU) }) {
                let drift = hypot(match.box.centerX - object.box.centerX, match.box.centerY - object.box.centerY)
                if scheduled && drift > policy.driftFraction * min(object.box.width, object.box.height) {
                    let moved = PixelRect(x: match.box.centerX - object.box.width / 2, y: match.box.centerY - object.box.height / 2,
                                          width: object.box.width, height: object.box.height)
                    object.reseed(at: moved.clipped(toWidth: frame.width, height: frame.height) ?? match.box,
                                  frameWidth: frame.width, frameHeight: frame.height)
                } else {
                    object.confirm()
                }
                taken.append(match.box)
            } else if let best = candidates.first, best.score >= policy.relocationScore {
                object.reseed(at: best.box, frameWidth: frame.width, frameHeight: frame.height)
                taken.append(best.box)
            } else {
                object.markLost()
            }
        }
    }

    /// True when `candidate` can be the tracked object seen one frame later: IoU at least `minimumIoU`,
    /// or its centre within one box size of the track's centre (what matters for small, fast objects,
    /// whose IoU drops to nothing after a few pixels of motion).
    static func overlaps(_ candidate: PixelRect, _ track: PixelRect, minimumIoU: Double) -> Bool {
        candidate.iou(track) >= minimumIoU
            || (abs(candidate.centerX - track.centerX) <= track.width && abs(candidate.centerY - track.centerY) <= track.height)
    }
}
