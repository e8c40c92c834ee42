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
    /// tracks' latest boxes from the previous frame. Re-seeds tracks a scheduled class detection
    /// matches, searches for the tracks their trackers lost, and returns the boxes of new objects a
    /// class detector found that match no track (empty unless a class detector runs).
    func prepare(_ objects: [TrackedObject], frame: ImageFrame, frameOffset: Int) throws -> [PixelRect] {
        let scheduled = policy.isScheduled(frameOffset: frameOffset)
        let searchingForObjects = classDetector != nil && policy.interval > 0 && objects.isEmpty
        var due = objects.filter { policy.needsSearch(lowRun: $0.lowConfidenceRun, lostRun: $0.lostRun, isLost: $0.isLost) }
        due += duplicates(among: objects, frame: frame).filter { duplicate in !due.contains { $0 === duplicate } }
        guard !due.isEmpty || scheduled || searchingForObjects else { return [] }

        var newObjects: [PixelRect] = []
        if let classDetector, policy.interval > 0, scheduled || searchingForObjects || !due.isEmpty {
            let detections = try classDetector.detect(in: frame).filter { $0.score >= policy.minimumScore }
            let result = association.associate(tracks: objects.map(\.box), detections: detections.map(\.box))
            for match in result.matches where scheduled || due.contains(where: { $0 === objects[match.track] }) {
                objects[match.track].reseed(at: detections[match.detection].box, frameWidth: frame.width, frameHeight: frame.height)
                due.removeAll { $0 === objects[match.track] }
            }
            if scheduled || searchingForObjects {
                newObjects = result.unmatchedDetections.map { detections[$0].box }
            }
        }
        try search(due, among: objects, in: frame)
        return newObjects
    }

    /// Of two confident tracks on the same object (IoU above 0.5), the one that looks less like its
    /// own first appearance: it followed the other's object, and is searched for as lost.
    private func duplicates(among objects: [TrackedObject], frame: ImageFrame) -> [TrackedObject] {
        var result: [TrackedObject] = []
        let confident = objects.filter { $0.confidence > 0.5 && !$0.isLost }
        for (i, a) in confident.enumerated() {
            for b in confident[(i + 1)...] where a.box.iou(b.box) > 0.5 {
                guard let first = a.redetector, let second = b.redetector else { continue }
                let agreementA = first.firstAppearanceAgreement(in: frame, box: a.box)
                let agreementB = second.firstAppearanceAgreement(in: frame, box: b.box)
                let weaker = agreementA < agreementB ? a : b
                if !result.contains(where: { $0 === weaker }) { result.append(weaker) }
            }
        }
        return result
    }

    /// Searches for each lost object by its own appearance, near where it should be and then over
    /// the whole frame, and re-seeds it at the best candidate that passes ``ReseedPolicy``'s
    /// same-object tests; marks it lost when none does. Two tracks never take the same place.
    private func search(_ lostObjects: [TrackedObject], among objects: [TrackedObject], in frame: ImageFrame) throws {
        var taken = objects.filter { object in
            object.confidence > 0.5 && !object.isLost && !lostObjects.contains { $0 === object }
        }.map(\.box)
        for object in lostObjects {
            // A box too small to learn an appearance from (under 4 px a side) cannot be searched for.
            guard let redetector = object.redetector, redetector.templateCount > 0 else { continue }
            // The tracker's own box wins when it still looks like the object.
            let inPlace = redetector.firstAppearanceAgreement(in: frame, box: object.box)
            if inPlace >= policy.sameObjectScore && !taken.contains(where: { $0.iou(object.box) > policy.minimumIoU }) {
                object.confirm()
                taken.append(object.box)
                continue
            }
            let predicted = object.predictedBox
            let size = (predicted.width * predicted.height).squareRoot()
            let radius = policy.searchRadius(size: size, framesSince: object.framesSinceConfident)
            let reachable = try redetector.detect(in: frame, near: [predicted]).filter { candidate in
                candidate.score >= policy.minimumScore
                    && hypot(candidate.box.centerX - predicted.centerX, candidate.box.centerY - predicted.centerY) <= radius
                    && !taken.contains { $0.iou(candidate.box) > policy.minimumIoU }
            }.map { (box: $0.box, agreement: redetector.firstAppearanceAgreement(in: frame, box: $0.box)) }
                .sorted { $0.agreement > $1.agreement }
            // Lowe's ratio test, with the tracker's own box among the competitors: when a look-alike,
            // or the place the tracker already is, agrees nearly as well, nothing is chosen.
            var match: PixelRect?
            if let best = reachable.first, best.agreement >= policy.sameObjectScore,
               max(inPlace, reachable.count > 1 ? reachable[1].agreement : 0) < policy.distinctiveness * best.agreement {
                match = best.box
            }
            if let match, match.iou(object.box) >= policy.minimumIoU {
                // Found where the tracker is: moving it would only throw its finer box away.
                object.confirm()
                taken.append(object.box)
            } else if let match {
                // The detector's sizes are coarse steps; the size last tracked confidently is finer.
                let found = PixelRect(x: match.centerX - predicted.width / 2, y: match.centerY - predicted.height / 2,
                                      width: predicted.width, height: predicted.height)
                object.reseed(at: found.clipped(toWidth: frame.width, height: frame.height) ?? match,
                              frameWidth: frame.width, frameHeight: frame.height)
                taken.append(match)
            } else {
                object.markLost()
            }
        }
    }
}
