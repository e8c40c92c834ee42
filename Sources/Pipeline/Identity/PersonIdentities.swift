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
/// run is no support (``ReseedEvidence/unsupported``). A supporting run's identity margin is the
/// taken detection's match less the next reachable detection's (1 when it is alone).
///
/// Each identity also remembers its look-alikes: the other people seen near the track (on its start
/// frame, and the reachable detections apart from the one a run confirmed). Between scheduled runs,
/// every ``checkEvery`` frames, a track that a run last supported has its box embedded, and its
/// identity margin is its own memory's match less the best of its look-alikes' and the other person
/// tracks' memories: below 0 the tracker has likely moved onto someone else, and the identity is in
/// doubt until a run confirms it (``TrackedObject/noteIdentity(margin:)``). The verdict reads the
/// margin (``ReseedEvidence/identityMargin``).
final class PersonIdentities {
    /// Frames between the checks of a track's box against its look-alikes.
    static let checkEvery = 10
    /// Look-alikes an identity keeps (the oldest forgotten first).
    static let lookAlikeCapacity = 8

    private struct Identity {
        var memory: IdentityMemory
        /// Embeddings of other people seen near the track, each as a memory of one.
        var lookAlikes: [IdentityMemory] = []
        /// Where the identity was last confirmed (pixels, top-left origin) and the frame offset.
        var confirmedBox: PixelRect
        var confirmedOffset: Int

        /// Remembers another person seen near the track.
        mutating func noteLookAlike(_ embedding: [Float]) {
            if lookAlikes.count == PersonIdentities.lookAlikeCapacity { lookAlikes.removeFirst() }
            lookAlikes.append(IdentityMemory(first: embedding))
        }
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
        embeddings.removeAll(keepingCapacity: true)
        let found = people.map(\.box)
        for object in objects where policy.isOn(object.box, anyOf: found) {
            guard let box = object.box.clipped(toWidth: frame.width, height: frame.height), box.isValid else { continue }
            try reidentifier.embed(frame, box: box, into: &scratch)
            var identity = Identity(memory: IdentityMemory(first: scratch), confirmedBox: box, confirmedOffset: 0)
            let size = (box.width * box.height).squareRoot()
            let reach = policy.searchRadius(size: size, framesSince: policy.interval)
            for index in people.indices where people[index].box.iou(box) == 0
                && hypot(people[index].box.centerX - box.centerX, people[index].box.centerY - box.centerY) <= reach {
                identity.noteLookAlike(try embedding(of: index, people, frame))
            }
            identities[object.trackID] = identity
        }
    }

    /// Between scheduled runs (call it on every frame, `frameOffset` frames after the start): every
    /// ``checkEvery`` frames, doubts the identity of each of `objects` that a run last supported and
    /// whose box on `frame` looks more like a look-alike or another identified track than like its own memory.
    func check(_ objects: [TrackedObject], in frame: ImageFrame, frameOffset: Int) throws {
        guard frameOffset > 0, frameOffset % Self.checkEvery == 0 else { return }
        for object in objects where object.unsupportedRuns == 0 && !object.doubtsIdentity {
            guard let identity = identities[object.trackID],
                  let box = object.box.clipped(toWidth: frame.width, height: frame.height), box.isValid else { continue }
            try reidentifier.embed(frame, box: box, into: &scratch)
            var nearest: Float?
            for lookAlike in identity.lookAlikes { nearest = max(nearest ?? -1, lookAlike.similarity(to: scratch)) }
            for (trackID, other) in identities where trackID != object.trackID {
                nearest = max(nearest ?? -1, other.memory.similarity(to: scratch))
            }
            object.noteIdentity(margin: nearest.map { identity.memory.similarity(to: scratch) - $0 } ?? 1)
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
            let margin = ranked.count > 1 ? best.score - ranked[1].score : 1
            if found.iou(object.box) >= 0.5 {
                object.recordSupport(true)
                object.noteIdentity(margin: margin)
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
                object.noteIdentity(margin: margin)
            }
            for other in ranked.dropFirst() where detections[other.index].box.iou(found) == 0 {
                identity.noteLookAlike(try embedding(of: other.index, detections, frame))
            }
            claimed.insert(best.index)
            identity.confirmedBox = found
            identity.confirmedOffset = frameOffset
            identities[object.trackID] = identity
        }
    }

    /// The embedding of detection `index`, computed once per run (or per start).
    private func embedding(of index: Int, _ detections: [Detection], _ frame: ImageFrame) throws -> [Float] {
        if let known = embeddings[index] { return known }
        var embedding = [Float](repeating: 0, count: PersonReidentifier.length)
        try reidentifier.embed(frame, box: detections[index].box, into: &embedding)
        embeddings[index] = embedding
        return embedding
    }
}
