import Detection
import Foundation
import Imaging
import NeuralDetection
import TrackFormats
import Tracking
import VideoIO

/// Automatic multi-object tracking: every object a class detector finds gets a track, followed by
/// its own correlation tracker between detector runs; with a person detector every person track
/// also has an identity (``IdentityMemory`` of re-identification embeddings, ``PersonReidentifier``).
///
/// Each detector run (every ``Parameters/detectEvery`` frames) associates detections with tracks in
/// ByteTrack's two stages, each an optimal assignment on overlap with the track's motion prediction
/// (``KalmanBoxFilter``, corrected by the correlation tracker between runs) plus, in the first stage,
/// how much the detection looks like the track's object:
/// 1. confident detections with every followed track, tentative and confirmed, and the lost ones
///    that could come back (a tentative track has a correlation tracker too, so its prediction is
///    as good as a confirmed one's: matching it last, as ByteTrack does its unconfirmed tracks, let
///    older tracks take a newcomer's detection; measured in docs/mot.md);
/// 2. the remaining low-score detections with confirmed tracks still unmatched (a person half hidden
///    scores low).
/// With identities, appearance enters the first stage only where the overlap leaves a choice (a
/// track overlapping two detections, a detection overlapping two tracks or another detection, a lost
/// track coming back): there the pair's similarity to the track's memory is added to its overlap,
/// and a pair is never matched below ``Parameters/appearanceGate`` (as DeepSORT and BoT-SORT gate by
/// appearance) nor when the detection looks more like another of the tracks it overlaps than like
/// this one (a track whose person is hidden does not take over the one in front). Then, before a
/// confident detection left over starts a new track, the lost tracks whose motion can reach it are
/// compared with it by appearance: one that matches it at ``Parameters/sameIdentityScore`` or more,
/// by ``Parameters/identityMargin`` over every other pairing of either and over every other track's
/// memory, takes it back (a person found again after an occlusion keeps their id). A
/// track's memory takes the embedding of its detection every ``Parameters/rememberEvery`` runs that
/// matched it, when no other detection touches that one and it still looks like the memory. So a
/// person is embedded when they start, every few runs, and where their identity is in question.
///
/// A tentative track is confirmed once ``Parameters/confirmationHits`` runs matched it (tracks on
/// the start frame at once; ``MOTResultRules`` then makes its tentative frames results too) and
/// dropped at the first run that does not. A confirmed track that a
/// run does not match stays while its tracker holds the object, for at most
/// ``Parameters/missedRunsBeforeLost`` runs, and is lost at once when its box lies on a matched
/// track's object (never two confirmed tracks on one object). A lost track has no tracker; its
/// motion model predicts where it would be, at the size it had (``KalmanBoxFilter/predict(holdingSize:)``),
/// a detection there brings it back with its id, and after ``Parameters/framesKeptLost`` frames, or
/// once the prediction leaves the picture, it ends. Ids are never reused. At most 16 trackers live.
package final class MultiObjectTracker: TrackGroup {
    package struct Parameters {
        /// Frames between detector runs.
        var detectEvery = 2
        /// Detections at or above this score are confident: stage 1, and new tracks.
        var highScore: Float = 0.5
        /// Least overlap (IoU) with a track's prediction for each stage.
        var confidentIoU = 0.2, lowScoreIoU = 0.5
        var confirmationHits = 2
        var missedRunsBeforeLost = 2
        /// Overlap with a matched track above which an unmatched track is taken to be on its object.
        var duplicateIoU = 0.5
        /// Frames a lost track is kept for a detection or its appearance to bring it back (2 s at 25
        /// frames/s: people walk behind others for longer than ByteTrack's 30 frames on the TUD clips,
        /// and the identity margin, not the time, keeps a lost track from taking someone else; 45 to 90
        /// frames scored the same there, 30 one identity switch more). The MOTChallenge file bridges a
        /// gap of up to this many frames (``ClipTrackingSession/resultRules``).
        var framesKeptLost = 50
        /// Least cosine similarity (-1...1) of a detection to a track's memory for the two to be
        /// matched where appearance is asked (two different people's median on the TUD clips: 0.10-0.11).
        var appearanceGate: Float = 0.1
        /// Least similarity, and margin over every other pairing and every other track's memory, for a
        /// lost track to take back a detection by appearance alone (measured on the TUD clips: 0.25
        /// and 0.1; the margin, not the score, keeps it from taking someone else).
        var sameIdentityScore: Float = 0.25, identityMargin: Float = 0.1
        /// Spread of a lost person's unexplained motion per square root of a frame, in sizes: how
        /// far from the prediction they may be found again (``ReseedPolicy/motionSpread``).
        var motionSpread = 0.5
        /// Matched runs between embeddings a track's memory takes.
        var rememberEvery = 5

        package init() {}
    }

    let parameters: Parameters
    private let detector: any Detector
    private let usesColour: Bool
    private let defaultLabel: String
    private let level: TrackingLevel
    /// This run's detections' embeddings, with a person detector (nil otherwise: no identities).
    private let embeddings: DetectionEmbeddings?
    private var tracks: [MultiObjectTrack] = []
    private var nextTrackID = 1

    /// `reidentifier`: the person re-identification network that gives tracks identities (with a
    /// person detector), or nil.
    package init(detector: any Detector, usesColour: Bool, defaultLabel: String, level: TrackingLevel, parameters: Parameters,
                 reidentifier: PersonReidentifier? = nil) {
        self.detector = detector
        embeddings = reidentifier.map { DetectionEmbeddings(reidentifier: $0) }
        self.usesColour = usesColour
        self.defaultLabel = defaultLabel
        self.level = level
        self.parameters = parameters
    }

    /// The requests of the trackers to perform on the current frame.
    package var requests: [TrackingRequest] { tracks.compactMap { $0.object?.request } }

    /// Runs the detector on the start frame and starts a confirmed track for each person found.
    package func start(on context: FrameContext) throws {
        try prepare(on: context, frameOffset: 0)
    }

    /// Runs before the frame `frameOffset` frames after the start is tracked: predicts every track,
    /// and on a scheduled frame runs the detector and associates, confirms, loses and starts tracks.
    package func prepare(on context: FrameContext, frameOffset: Int) throws {
        let frame = context.image
        for track in tracks { track.predict() }
        for track in tracks where track.phase == .lost
            && (track.framesLost >= parameters.framesKeptLost || !Self.isMostlyInside(track.predictedBox, frame)) {
            track.end()
        }
        guard frameOffset % max(1, parameters.detectEvery) == 0 else { return }
        let picture = usesColour ? context.colour : frame
        let detections = try detector.detect(in: picture)
        embeddings?.begin(detections, in: picture)
        let confident = detections.indices.filter { detections[$0].score >= parameters.highScore }
        let low = detections.indices.filter { detections[$0].score < parameters.highScore }

        // A lost track that comes back needs a tracker: only as many as are free can.
        let free = SequenceRequestHandler.maximumTrackersPerType - tracks.filter(\.isFollowed).count
        let returning = tracks.filter { $0.phase == .lost && !$0.isEnding }.sorted { $0.framesLost < $1.framesLost }.prefix(max(0, free))
        let live = tracks.filter { $0.phase == .confirmed || $0.phase == .tentative } + returning
        let unusedConfident = try associate(live, confident, detections, minimumIoU: parameters.confidentIoU, on: context,
                                            withAppearance: true)
        let stillUnmatched = tracks.filter { $0.phase == .confirmed && !$0.isMatched }
        _ = try associate(stillUnmatched, low, detections, minimumIoU: parameters.lowScoreIoU, on: context, withAppearance: false)
        let unknown = try reidentify(unusedConfident, detections, on: context)

        let matchedBoxes = tracks.filter(\.isMatched).map(\.predictedBox)
        for track in tracks where !track.isMatched {
            switch track.phase {
            case .tentative:
                track.end()
            case .confirmed:
                track.recordMiss()
                let onAnother = matchedBoxes.contains { $0.iou(track.box) > parameters.duplicateIoU }
                if onAnother || !track.holdsObject || track.missedRuns >= parameters.missedRunsBeforeLost { track.lose() }
            case .lost, .ended:
                break
            }
        }
        try startTracks(unknown, detections, on: context, confirmed: frameOffset == 0)
    }

    /// Takes in the trackers' results on the frame just performed.
    package func observe(_ context: FrameContext) {
        for track in tracks { track.observe(context.image) }
    }

    /// The records of the frame just performed, by track id: tentative, confirmed and lost tracks,
    /// and tracks ending here.
    package func records(on context: FrameContext) -> [TrackRecord] {
        tracks.compactMap { track in
            guard let record = track.record(frame: context.frame, frameWidth: context.image.width, frameHeight: context.image.height) else {
                return nil
            }
            if !track.wasRecorded {
                track.wasRecorded = true
                tracksRecorded += 1
            }
            return record
        }
    }

    /// Ends every track (the clip's last frame).
    func endAll() {
        for track in tracks where track.phase != .ended { track.end() }
    }

    /// Ends the frame; forgets ended tracks.
    package func advance() {
        for track in tracks { track.advance() }
        tracks.removeAll { $0.phase == .ended }
    }

    /// Tracks reported so far: the ids that have at least one record. A tentative track started on
    /// the clip's last detector frame ends there with no record, and is not counted.
    var tracksStarted: Int { tracksRecorded }
    private var tracksRecorded = 0

    /// True when at least half of `box` lies inside the frame (a lost person predicted further out
    /// has left the picture).
    private static func isMostlyInside(_ box: PixelRect, _ frame: ImageFrame) -> Bool {
        guard box.isValid, let inside = box.clipped(toWidth: frame.width, height: frame.height) else { return false }
        return inside.width * inside.height >= 0.5 * box.width * box.height
    }

    /// Matches `candidates` (indices into `detections`) to `group` by an optimal assignment on IoU
    /// with the tracks' predictions (plus appearance agreement when asked: by identity where the
    /// overlap leaves a choice, else by first appearance), gated at `minimumIoU` and by class;
    /// matched tracks take their detection. Returns the candidates left unmatched.
    private func associate(_ group: [MultiObjectTrack], _ candidates: [Int], _ detections: [Detection], minimumIoU: Double,
                           on context: FrameContext, withAppearance: Bool) throws -> [Int] {
        guard !group.isEmpty, !candidates.isEmpty else { return candidates }
        let boxes = candidates.map { detections[$0].box }
        let similarities = withAppearance ? try identitySimilarities(group, candidates, boxes, minimumIoU: minimumIoU) : [:]
        let association = TrackDetectionAssociation(minimumIoU: minimumIoU)
        let result = association.associate(tracks: group.map(\.predictedBox), detections: boxes) { t, d in
            let track = group[t], detection = detections[candidates[d]]
            guard track.classLabel == nil || detection.label == nil || track.classLabel == detection.label else { return nil }
            guard withAppearance else { return 0 }
            guard embeddings != nil, track.identity != nil else { return track.agreement(in: context.image, box: detection.box) }
            guard let similarity = similarities[[t, d]] else { return 0 }
            let rival = group.indices.filter { $0 != t }.compactMap { similarities[[$0, d]] }.max() ?? -1
            guard similarity >= parameters.appearanceGate, similarity >= rival else { return nil }
            return Double(similarity)
        }
        for match in result.matches {
            let track = group[match.track], index = candidates[match.detection]
            track.match(detections[index], on: context, level: level, confirmationHits: parameters.confirmationHits)
            if withAppearance { try refreshIdentity(of: track, from: index, detections) }
        }
        return result.unmatchedDetections.map { candidates[$0] }
    }

    /// The similarity of each pair `[track, detection]` (indices into `group` and `boxes`, the boxes
    /// of `candidates`) within `minimumIoU` whose overlap alone leaves the identity in question (the
    /// track overlaps another detection, the detection another track or another detection, or the
    /// track is lost) to the track's memory; empty without identities.
    private func identitySimilarities(_ group: [MultiObjectTrack], _ candidates: [Int], _ boxes: [PixelRect],
                                      minimumIoU: Double) throws -> [[Int]: Float] {
        guard let embeddings else { return [:] }
        let within = group.map { track in boxes.map { $0.iou(track.predictedBox) >= minimumIoU } }
        var similarities: [[Int]: Float] = [:]
        for t in group.indices {
            guard let identity = group[t].identity else { continue }
            for d in boxes.indices where within[t][d] {
                let trackHasAnother = boxes.indices.contains { $0 != d && within[t][$0] }
                let detectionHasAnother = group.indices.contains { $0 != t && within[$0][d] }
                    || boxes.indices.contains { $0 != d && boxes[$0].iou(boxes[d]) > 0 }
                if trackHasAnother || detectionHasAnother || group[t].phase == .lost {
                    similarities[[t, d]] = identity.similarity(to: try embeddings.embedding(of: candidates[d]))
                }
            }
        }
        return similarities
    }

    /// Gives a lost person track back the confident detection among `candidates` (indices into
    /// `detections`) that its motion can reach and that matches its memory at
    /// ``Parameters/sameIdentityScore`` or more, by ``Parameters/identityMargin`` over every other
    /// pairing of the track or the detection, best pairs first, while trackers are free. Returns the
    /// candidates left.
    private func reidentify(_ candidates: [Int], _ detections: [Detection], on context: FrameContext) throws -> [Int] {
        guard let embeddings, !candidates.isEmpty else { return candidates }
        let lost = tracks.filter { $0.phase == .lost && !$0.isEnding && !$0.isMatched && $0.identity != nil }
        guard !lost.isEmpty else { return candidates }
        var pairs: [(track: Int, candidate: Int, similarity: Float)] = []
        for (t, track) in lost.enumerated() {
            guard let identity = track.identity else { continue }
            let predicted = track.predictedBox
            let size = (predicted.width * predicted.height).squareRoot()
            let radius = size * (1 + parameters.motionSpread * Double(track.framesLost).squareRoot())
            for (c, index) in candidates.enumerated() {
                let box = detections[index].box
                guard hypot(box.centerX - predicted.centerX, box.centerY - predicted.centerY) <= radius else { continue }
                pairs.append((t, c, identity.similarity(to: try embeddings.embedding(of: index))))
            }
        }
        var free = SequenceRequestHandler.maximumTrackersPerType - tracks.filter(\.isFollowed).count
        var taken = Set<Int>(), returned = Set<Int>()
        for pair in pairs.sorted(by: { $0.similarity > $1.similarity }) where free > 0 {
            guard pair.similarity >= parameters.sameIdentityScore, !taken.contains(pair.candidate), !returned.contains(pair.track) else {
                continue
            }
            let track = lost[pair.track], index = candidates[pair.candidate]
            var rival = pairs.filter { ($0.track == pair.track) != ($0.candidate == pair.candidate) }.map(\.similarity).max() ?? -1
            let embedding = try embeddings.embedding(of: index)
            for other in tracks where other !== track && other.phase != .lost {
                if let memory = other.identity { rival = max(rival, memory.similarity(to: embedding)) }
            }
            guard pair.similarity - rival >= parameters.identityMargin else { continue }
            track.match(detections[index], on: context, level: level, confirmationHits: parameters.confirmationHits, restartsMotion: true)
            try refreshIdentity(of: track, from: index, detections)
            taken.insert(pair.candidate)
            returned.insert(pair.track)
            free -= 1
        }
        return candidates.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
    }

    /// Adds the embedding of detection `index`, just matched to `track`, to its memory when
    /// ``Parameters/rememberEvery`` matched runs have passed, no other detection touches it (a box
    /// shared with someone else would teach the memory two people) and it still looks like the memory.
    private func refreshIdentity(of track: MultiObjectTrack, from index: Int, _ detections: [Detection]) throws {
        guard let embeddings, let identity = track.identity, track.runsSinceRemembered >= parameters.rememberEvery,
              detections[index].score >= parameters.highScore,
              !detections.indices.contains(where: { $0 != index && detections[$0].box.iou(detections[index].box) > 0 }) else { return }
        let embedding = try embeddings.embedding(of: index)
        if identity.similarity(to: embedding) >= parameters.appearanceGate { track.remember(embedding) }
    }

    /// Starts a track for each confident detection left (`found`, indices into `detections`) that is
    /// not on a followed track, while trackers are free, with an identity from its embedding when
    /// there are identities; on the start frame they are confirmed at once.
    private func startTracks(_ found: [Int], _ detections: [Detection], on context: FrameContext, confirmed: Bool) throws {
        var taken = tracks.filter { $0.isFollowed && $0.phase != .ended }.map(\.box)
        var free = SequenceRequestHandler.maximumTrackersPerType - tracks.filter(\.isFollowed).count
        for index in found.sorted(by: { detections[$0].score > detections[$1].score }) where free > 0 {
            let detection = detections[index]
            guard detection.box.isValid, !taken.contains(where: { $0.iou(detection.box) > parameters.duplicateIoU }) else { continue }
            let track = MultiObjectTrack(trackID: nextTrackID, detection: detection, label: detection.label ?? defaultLabel,
                                         on: context, level: level, confirmed: confirmed)
            if let embeddings { track.remember(try embeddings.embedding(of: index)) }
            tracks.append(track)
            nextTrackID += 1
            taken.append(detection.box)
            free -= 1
        }
    }
}
