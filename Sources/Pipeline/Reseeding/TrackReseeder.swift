import Detection
import Foundation
import Imaging
import NeuralDetection
import Tracking

/// Applies a ``ReseedPolicy`` before each frame is tracked: runs the detectors when they are due,
/// re-seeds matched tracks, recovers or marks lost the tracks that fell to low confidence or that no
/// detection supports.
package final class TrackReseeder {
    let policy: ReseedPolicy
    /// The class detector (nil for the template re-detector and `auto`); automatic tracking runs it too.
    package let classDetector: (any Detector)?
    private let choice: DetectorChoice
    private let association: TrackDetectionAssociation
    /// The person detector that re-seeds the tracks that start on people (``DetectorChoice/followsPeople``),
    /// when the run re-seeds; nil otherwise.
    private let personDetector: (any Detector)?
    /// The person tracks' identities: made when a track starts on a person (nil until then, and
    /// without ``personDetector``), so the re-identification network is loaded only for people.
    private var identities: PersonIdentities?
    /// The person detections of the start frame, found once for ``classes(of:in:)`` and
    /// ``startIdentities(of:in:)``.
    private var startPeople: [Detection]?

    package init(policy: ReseedPolicy, detector: DetectorChoice) throws {
        self.policy = policy
        choice = detector
        classDetector = try detector.makeClassDetector()
        association = TrackDetectionAssociation(minimumIoU: policy.minimumIoU)
        personDetector = detector.followsPeople && policy.interval > 0 ? try detector.makePersonDetector() : nil
    }

    /// Gives an identity (a memory of re-identification embeddings) to each of `objects` that starts
    /// on a person the person detector finds in `frame` (their start frame, in colour); nothing
    /// without a person detector that re-seeds.
    package func startIdentities(of objects: [TrackedObject], in frame: ImageFrame) throws {
        guard personDetector != nil, !objects.isEmpty else { return }
        let people = try people(onStart: frame)
        guard objects.contains(where: { policy.isOn($0.box, anyOf: people.map(\.box)) }) else { return }
        let identities = try self.identities ?? PersonIdentities(reidentifier: PersonReidentifier.loaded(), policy: policy)
        try identities.start(objects, people: people, in: frame)
        self.identities = identities
    }

    /// True when the detectors need frames in colour.
    var needsColour: Bool { personDetector != nil || classDetector != nil && choice.needsColour }

    /// What a class detector finds on the whole start frame, best first.
    func initialDetections(in frame: ImageFrame) throws -> [Detection] {
        try wholeFrameDetections(of: classDetector, in: frame)
    }

    /// The people the person detector finds on the whole start frame, best first (found once).
    private func people(onStart frame: ImageFrame) throws -> [Detection] {
        if let startPeople { return startPeople }
        let found = try wholeFrameDetections(of: personDetector, in: frame)
        startPeople = found
        return found
    }

    /// What `detector` finds on the whole of `frame` at the policy's score or more (none without one).
    private func wholeFrameDetections(of detector: (any Detector)?, in frame: ImageFrame) throws -> [Detection] {
        try detector?.detect(in: frame).filter { $0.score >= policy.minimumScore } ?? []
    }

    /// The class each boxed target is taken to be: the class detector's only class, or else the
    /// class of the start-frame detection overlapping it most (nil when none does); without a class
    /// detector, `person` for a box a person detection overlaps (``ReseedPolicy/minimumIoU``) when
    /// people are followed, else nil. Tracks are only matched to detections of their class.
    func classes(of boxes: [PixelRect], in frame: ImageFrame) throws -> [String?] {
        guard classDetector != nil else {
            guard personDetector != nil else { return boxes.map { _ in nil } }
            let people = try people(onStart: frame).map(\.box)
            return boxes.map { policy.isOn($0, anyOf: people) ? "person" : nil }
        }
        if let only = choice.onlyClass { return boxes.map { _ in only } }
        let found = try initialDetections(in: frame)
        return boxes.map { box in
            found.filter { $0.box.iou(box) >= policy.minimumIoU }.max { $0.box.iou(box) < $1.box.iou(box) }?.label
        }
    }

    /// Runs before `frame` (at `frameOffset` frames after the start frame) is tracked, using the
    /// tracks' latest boxes from the previous frame. On a scheduled frame the class detector runs and
    /// its detections are matched to tracks of their class by overlap and appearance (an optimal
    /// assignment); a matched correlation-filter track is re-seeded at its detection, a matched learned
    /// track only counts it as support; a person track with an identity is settled by its
    /// appearance instead (``PersonIdentities``), on the class detector's detections or, with `auto`,
    /// on a run of the person detector near the person tracks. A track that no detection supports for two scheduled runs
    /// moves to a nearby detection of its class that looks like the object as first seen (and
    /// distinctly more than any other), and is otherwise lost. Without a class detector, tracks whose
    /// tracker lost the object are searched for by their appearance instead, person tracks excepted.
    /// Between scheduled runs a person track's box is checked against the people it looks like every
    /// ``PersonIdentities/checkEvery`` frames (``PersonIdentities/check(_:in:frameOffset:)``).
    /// The frame's colour is read only when a neural detector runs, a person track is checked, or a lost object is searched for by colour.
    package func prepare(_ objects: [TrackedObject], on context: FrameContext, frameOffset: Int) throws {
        let frame = context.image
        let scheduled = policy.isScheduled(frameOffset: frameOffset)
        let identified = identities.map { identities in objects.filter(identities.identifies) } ?? []
        if let identities, !scheduled {
            try identities.check(identified, in: needsColour ? context.colour : frame, frameOffset: frameOffset)
        }
        // With a class detector its schedule is the only search: it covers the whole frame, and the
        // association settles which of two tracks on one object keeps it. Without one, each lost
        // track is searched for by its own appearance when its tracker gives up, except a person
        // track, which only the person detector's runs move (a template cannot tell people apart).
        let others = identified.isEmpty ? objects : objects.filter { object in !identified.contains { $0 === object } }
        var due: [TrackedObject] = []
        if classDetector == nil {
            due = others.filter { policy.needsSearch(lowRun: $0.lowConfidenceRun, lostRun: $0.lostRun, isLost: $0.isLost) }
            due += duplicates(among: others, frame: frame).filter { duplicate in !due.contains { $0 === duplicate } }
        }
        guard !due.isEmpty || scheduled else { return }

        if scheduled, let detector = classDetector ?? (identified.isEmpty ? nil : personDetector) {
            // The tracks only need the places their objects can be.
            let hints = (classDetector == nil ? identified : objects).map(\.predictedBox)
            let seen = needsColour ? context.colour : frame
            let detections = try detector.detect(in: seen, near: hints).filter { $0.score >= policy.minimumScore }
            try identities?.settle(identified, detections: detections, in: seen, frameOffset: frameOffset)
            for object in identified where object.unsupportedRuns >= 2 { object.markLost() }
            if classDetector != nil { associate(others, with: detections, in: frame) }
        }
        try search(due, among: objects, on: context, frameOffset: frameOffset)
    }

    /// Matches a class detector's `detections` to `others` (the tracks without an identity) by
    /// overlap and appearance: a matched correlation-filter track is re-seeded at its detection, a
    /// matched learned track counts it as support; a track unsupported for two runs moves to a
    /// detection of its class that looks like the object as first seen (``recover(_:among:unused:frame:)``),
    /// or is lost.
    private func associate(_ others: [TrackedObject], with detections: [Detection], in frame: ImageFrame) {
        let result = association.associate(tracks: others.map(\.box), detections: detections.map(\.box)) { track, detection in
            let object = others[track]
            guard object.accepts(detections[detection]) else { return nil }
            return Double(object.redetector?.firstAppearanceAgreement(in: frame, box: detections[detection].box) ?? 0)
        }
        var unused = Set(result.unmatchedDetections)
        for match in result.matches {
            let object = others[match.track]
            let found = detections[match.detection].box
            object.recordSupport(true)
            // A learned track keeps its object by its first view; a class detector's box says
            // "a person" and not which one, so it is support, never a new start (docs/fusion.md).
            guard object.request.trackerKind == .correlationFilter else { continue }
            if object.fixConfidence > FixConfidence.trustedAbove && !object.isLost {
                object.reseed(fusing: found, frameWidth: frame.width, frameHeight: frame.height)
            } else {
                object.reseed(at: found, frameWidth: frame.width, frameHeight: frame.height)
            }
        }
        for index in result.unmatchedTracks {
            let object = others[index]
            object.recordSupport(false)
            guard object.unsupportedRuns >= 2 else { continue }
            if let found = recover(object, among: detections, unused: unused, frame: frame) {
                unused.remove(found)
                object.reseed(at: detections[found].box, frameWidth: frame.width, frameHeight: frame.height)
                object.recordSupport(true)
            } else {
                object.markLost()
            }
        }
    }

    /// The unused detection of the object's class, within reach of its motion, that looks most like
    /// the object as first seen (at least ``ReseedPolicy/sameClassObjectScore``) and distinctly more than
    /// the runner-up (Lowe's ratio test); nil when there is none.
    private func recover(_ object: TrackedObject, among detections: [Detection], unused: Set<Int>, frame: ImageFrame) -> Int? {
        guard let redetector = object.redetector, redetector.templateCount > 0 else { return nil }
        let ranked = unused.filter { object.accepts(detections[$0]) && canReach(detections[$0].box, object) }
            .map { (index: $0, agreement: redetector.firstAppearanceAgreement(in: frame, box: detections[$0].box)) }
            .sorted { $0.agreement > $1.agreement }
        guard let best = ranked.first, best.agreement >= policy.sameClassObjectScore,
              policy.isDistinct(best.agreement, from: ranked.count > 1 ? ranked[1].agreement : 0) else { return nil }
        return best.index
    }

    /// True when `box`'s centre lies where `object` can have gone since it was last seen
    /// confidently (``ReseedPolicy/searchRadius(size:framesSince:)`` around its predicted box).
    private func canReach(_ box: PixelRect, _ object: TrackedObject) -> Bool {
        let predicted = object.predictedBox
        return hypot(box.centerX - predicted.centerX, box.centerY - predicted.centerY) <= searchRadius(of: object)
    }

    /// The area holding every box up to a quarter larger than the object whose centre
    /// ``canReach(_:_:)`` accepts (the re-detector tries sizes up to 1.21 times the object's).
    private func reach(of object: TrackedObject) -> PixelRect {
        let predicted = object.predictedBox
        let radius = searchRadius(of: object)
        return predicted.resized(width: 1.25 * predicted.width + 2 * radius, height: 1.25 * predicted.height + 2 * radius)
    }

    private func searchRadius(of object: TrackedObject) -> Double {
        let predicted = object.predictedBox
        return policy.searchRadius(size: (predicted.width * predicted.height).squareRoot(), framesSince: object.framesSinceConfident)
    }

    /// Of two confident tracks on the same object (IoU above 0.5), the one that looks less like its
    /// own first appearance: it followed the other's object, and is searched for as lost.
    private func duplicates(among objects: [TrackedObject], frame: ImageFrame) -> [TrackedObject] {
        var result: [TrackedObject] = []
        let confident = objects.filter { $0.fixConfidence > FixConfidence.trustedAbove && !$0.isLost }
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

    /// Where the object's colours say it is, when its grey template found nothing: the place in the
    /// whole frame (a track lost for good can come back anywhere: after a turn while hidden, or where
    /// a moving camera brings it back into view) whose colours agree best with its first appearance
    /// (``ReseedPolicy/sameColourScore``), distinctly better than the runner-up and than the
    /// tracker's own box (Lowe's ratio test on Bhattacharyya distances), and away from the tracker
    /// (colour alone never confirms a track in place); nil otherwise.
    private func colourMatch(_ colour: ColourRedetector, for object: TrackedObject, in frame: ImageFrame,
                             taken: [PixelRect]) -> PixelRect? {
        let predicted = object.predictedBox
        let found = colour.search(in: frame, within: frame.bounds, width: predicted.width, height: predicted.height)
            .filter { candidate in !taken.contains { $0.iou(candidate.box) > policy.minimumIoU } }
        guard let best = found.first, best.agreement >= policy.sameColourScore,
              best.box.iou(object.box) < policy.minimumIoU else { return nil }
        let competitor = max(colour.agreement(in: frame, box: object.box), found.count > 1 ? found[1].agreement : 0)
        return policy.isColourDistinct(best.agreement, from: competitor) ? best.box : nil
    }

    /// Searches for each lost object by its own appearance, near where it should be and then over
    /// the area it can have reached since it was last seen confidently. The best candidate that
    /// passes ``ReseedPolicy``'s same-object tests is proposed, and the track is re-seeded there
    /// when the next search finds it again; the track stays lost until then, and when none passes.
    /// Two tracks never take the same place.
    private func search(_ lostObjects: [TrackedObject], among objects: [TrackedObject], on context: FrameContext,
                        frameOffset: Int) throws {
        let frame = context.image
        var taken = objects.filter { object in
            object.fixConfidence > FixConfidence.trustedAbove && !object.isLost && !lostObjects.contains { $0 === object }
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
            let reachable = try redetector.detect(in: frame, near: [predicted], within: reach(of: object)).filter { candidate in
                candidate.score >= policy.minimumScore && canReach(candidate.box, object)
                    && !taken.contains { $0.iou(candidate.box) > policy.minimumIoU }
            }.map { (box: $0.box, agreement: redetector.firstAppearanceAgreement(in: frame, box: $0.box)) }
                .sorted { $0.agreement > $1.agreement }
            // Lowe's ratio test, with the tracker's own box among the competitors: when a look-alike,
            // or the place the tracker already is, agrees nearly as well, nothing is chosen.
            var match: PixelRect?
            if let best = reachable.first, best.agreement >= policy.sameObjectScore,
               policy.isDistinct(best.agreement, from: max(inPlace, reachable.count > 1 ? reachable[1].agreement : 0)) {
                match = best.box
            } else if let colour = object.colourRedetector, policy.isLostForGood(lostRun: object.lostRun),
                      let found = colourMatch(colour, for: object, in: context.colour, taken: taken),
                      redetector.firstAppearanceAgreement(in: frame, box: found) >= inPlace {
                // Colour is the weaker cue: the grey template must not prefer where the tracker is.
                match = found
            }
            if let match, match.iou(object.box) >= policy.minimumIoU {
                // Found where the tracker is: moving it would only throw its finer box away.
                object.confirm()
                taken.append(object.box)
            } else if let match, let proposal = object.proposedRelocation,
                      policy.isSamePlace(match, as: proposal.box, framesBetween: frameOffset - proposal.frameOffset) {
                // Found there by two searches in a row: a look-alike matching by chance rarely is.
                // The detector's sizes are coarse steps; the size last tracked confidently is finer.
                let found = PixelRect(x: match.centerX - predicted.width / 2, y: match.centerY - predicted.height / 2,
                                      width: predicted.width, height: predicted.height)
                object.reseed(at: found.clipped(toWidth: frame.width, height: frame.height) ?? match,
                              frameWidth: frame.width, frameHeight: frame.height)
                taken.append(match)
            } else if let match {
                object.propose(match, at: frameOffset)
            } else {
                object.markLost()
            }
        }
    }
}
