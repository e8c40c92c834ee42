import Detection
import Foundation
import Imaging
import NeuralDetection
import Tracking

/// The identities of the person tracks of a run: for each track whose start box has a person
/// detection under it, an ``IdentityMemory`` of re-identification embeddings (``PersonReidentifier``)
/// and where its identity was last confirmed. Tracks of other objects have none and are left to
/// the rest of ``TrackReseeder``.
///
/// On a scheduled detector run a person track takes the detection, among those its motion can
/// reach since its identity was last confirmed, whose embedding matches its memory best: only when
/// that match is at least ``ReseedPolicy/sameIdentityScore`` and beats every other reachable
/// detection's by ``ReseedPolicy/identityMargin``. Where the tracker already is (IoU ≥ 0.5) that is
/// support, and the detection's embedding is remembered when no other detection touches it (a frame
/// shared with someone else would teach the memory two people); away from the tracker the track is
/// re-seeded there when the tracker's own box matches the memory less, by the margin. Otherwise the
/// run is no support (the track is drawn dashed).
final class PersonIdentities {
    private struct Identity {
        var memory: IdentityMemory
        /// Where the identity was last confirmed (pixels, top-left origin) and the frame offset.
        var confirmedBox: PixelRect
        var confirmedOffset: Int
    }

    private let reidentifier: PersonReidentifier
    private let policy: ReseedPolicy
    private var identities: [Int: Identity] = [:]
    /// One scheduled run's embeddings, by detection index (reused between runs).
    private var embeddings: [Int: [Float]] = [:]
    private var scratch = [Float](repeating: 0, count: PersonReidentifier.length)

    init(reidentifier: PersonReidentifier, policy: ReseedPolicy) {
        self.reidentifier = reidentifier
        self.policy = policy
    }

    /// True when `object` has an identity (it started on a person).
    func identifies(_ object: TrackedObject) -> Bool { identities[object.trackID] != nil }

    /// Gives an identity to each of `objects` whose start box overlaps one of `people` (the person
    /// detections of the start frame) at ``ReseedPolicy/minimumIoU`` or more, from its start box.
    func start(_ objects: [TrackedObject], people: [Detection], in frame: ImageFrame) throws {
        for object in objects where people.contains(where: { $0.box.iou(object.box) >= policy.minimumIoU }) {
            guard let box = object.box.clipped(toWidth: frame.width, height: frame.height), box.isValid else { continue }
            try reidentifier.embed(frame, box: box, into: &scratch)
            identities[object.trackID] = Identity(memory: IdentityMemory(first: scratch), confirmedBox: box, confirmedOffset: 0)
        }
    }

    /// Settles the identified tracks among `objects` on a scheduled run's `detections` (of any class:
    /// only those the track accepts are considered), at `frameOffset` frames after the start.
    func settle(_ objects: [TrackedObject], detections: [Detection], in frame: ImageFrame, frameOffset: Int) throws {
        embeddings.removeAll(keepingCapacity: true)
        var claimed = Set<Int>()
        for object in objects {
            guard var identity = identities[object.trackID] else { continue }
            let size = (identity.confirmedBox.width * identity.confirmedBox.height).squareRoot()
            let radius = policy.searchRadius(size: size, framesSince: frameOffset - identity.confirmedOffset)
            let reachable = detections.indices.filter { index in
                let box = detections[index].box
                return !claimed.contains(index) && object.accepts(detections[index])
                    && hypot(box.centerX - identity.confirmedBox.centerX, box.centerY - identity.confirmedBox.centerY) <= radius
            }
            var ranked: [(index: Int, score: Float)] = []
            for index in reachable { ranked.append((index, identity.memory.similarity(to: try embedding(of: index, detections, frame)))) }
            ranked.sort { $0.score > $1.score }
            guard let best = ranked.first, best.score >= policy.sameIdentityScore,
                  best.score - (ranked.count > 1 ? ranked[1].score : -1) >= policy.identityMargin else {
                object.recordSupport(false)
                continue
            }
            let found = detections[best.index].box
            if found.iou(object.box) >= 0.5 {
                object.recordSupport(true)
                object.confirm()
                if object.request.trackerKind == .correlationFilter {
                    object.reseed(fusing: found, frameWidth: frame.width, frameHeight: frame.height)
                }
                let shared = detections.indices.contains { $0 != best.index && detections[$0].box.iou(found) > 0 }
                if !shared && object.fixConfidence > FixConfidence.trustedAbove {
                    identity.memory.remember(try embedding(of: best.index, detections, frame))
                }
            } else {
                guard let own = object.box.clipped(toWidth: frame.width, height: frame.height), own.isValid else { continue }
                try reidentifier.embed(frame, box: own, into: &scratch)
                guard best.score >= identity.memory.similarity(to: scratch) + policy.identityMargin else {
                    object.recordSupport(false)
                    continue
                }
                object.reseed(at: found, frameWidth: frame.width, frameHeight: frame.height)
                object.recordSupport(true)
            }
            claimed.insert(best.index)
            identity.confirmedBox = found
            identity.confirmedOffset = frameOffset
            identities[object.trackID] = identity
        }
    }

    /// The embedding of detection `index`, computed once per run.
    private func embedding(of index: Int, _ detections: [Detection], _ frame: ImageFrame) throws -> [Float] {
        if let known = embeddings[index] { return known }
        var embedding = [Float](repeating: 0, count: PersonReidentifier.length)
        try reidentifier.embed(frame, box: detections[index].box, into: &embedding)
        embeddings[index] = embedding
        return embedding
    }
}
