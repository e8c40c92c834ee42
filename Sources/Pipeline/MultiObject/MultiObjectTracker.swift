import Detection
import Imaging
import TrackFormats
import Tracking
import VideoIO

/// Automatic multi-object tracking: every object a class detector finds gets a track, followed by
/// its own correlation tracker between detector runs.
///
/// Each detector run (every ``Parameters/detectEvery`` frames) associates detections with tracks in
/// ByteTrack's two stages, each an optimal assignment on overlap with the track's motion prediction
/// (``KalmanBoxFilter``, corrected by the correlation tracker between runs) plus, in the first stage,
/// how much the detection looks like the track's object as first seen:
/// 1. confident detections with every followed track, tentative and confirmed, and the lost ones
///    that could come back (a tentative track has a correlation tracker too, so its prediction is
///    as good as a confirmed one's: matching it last, as ByteTrack does its unconfirmed tracks, let
///    older tracks take a newcomer's detection; measured in docs/mot.md);
/// 2. the remaining low-score detections with confirmed tracks still unmatched (a person half hidden
///    scores low).
///
/// A tentative track is confirmed once ``Parameters/confirmationHits`` runs matched it (tracks on
/// the start frame at once; ``MOTResultRules`` then makes its tentative frames results too) and
/// dropped at the first run that does not. A confirmed track that a
/// run does not match stays while its tracker holds the object, for at most
/// ``Parameters/missedRunsBeforeLost`` runs, and is lost at once when its box lies on a matched
/// track's object (never two confirmed tracks on one object). A lost track has no tracker; its
/// motion model predicts where it would be, a detection there brings it back with its id, and after
/// ``Parameters/framesKeptLost`` frames, or once the prediction leaves the picture, it ends. Ids are never reused. At most 16 trackers live.
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
        var framesKeptLost = 30

        package init() {}
    }

    let parameters: Parameters
    private let detector: any Detector
    private let usesColour: Bool
    private let defaultLabel: String
    private let level: TrackingLevel
    private var tracks: [MultiObjectTrack] = []
    private var nextTrackID = 1

    package init(detector: any Detector, usesColour: Bool, defaultLabel: String, level: TrackingLevel, parameters: Parameters) {
        self.detector = detector
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
        let detections = try detector.detect(in: usesColour ? context.colour : frame)
        let confident = detections.indices.filter { detections[$0].score >= parameters.highScore }
        let low = detections.indices.filter { detections[$0].score < parameters.highScore }

        // A lost track that comes back needs a tracker: only as many as are free can.
        let free = SequenceRequestHandler.maximumTrackersPerType - tracks.filter(\.isFollowed).count
        let returning = tracks.filter { $0.phase == .lost && !$0.isEnding }.sorted { $0.framesLost < $1.framesLost }.prefix(max(0, free))
        let live = tracks.filter { $0.phase == .confirmed || $0.phase == .tentative } + returning
        let unusedConfident = associate(live, confident, detections, minimumIoU: parameters.confidentIoU, on: context,
                                        withAppearance: true)
        let stillUnmatched = tracks.filter { $0.phase == .confirmed && !$0.isMatched }
        _ = associate(stillUnmatched, low, detections, minimumIoU: parameters.lowScoreIoU, on: context, withAppearance: false)

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
        startTracks(unusedConfident.map { detections[$0] }, on: context, confirmed: frameOffset == 0)
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
    /// with the tracks' predictions (plus appearance agreement when asked), gated at `minimumIoU`
    /// and by class; matched tracks take their detection. Returns the candidates left unmatched.
    private func associate(_ group: [MultiObjectTrack], _ candidates: [Int], _ detections: [Detection], minimumIoU: Double,
                           on context: FrameContext, withAppearance: Bool) -> [Int] {
        guard !group.isEmpty, !candidates.isEmpty else { return candidates }
        let association = TrackDetectionAssociation(minimumIoU: minimumIoU)
        let result = association.associate(tracks: group.map(\.predictedBox), detections: candidates.map { detections[$0].box }) { t, d in
            let track = group[t], detection = detections[candidates[d]]
            guard track.classLabel == nil || detection.label == nil || track.classLabel == detection.label else { return nil }
            return withAppearance ? track.agreement(in: context.image, box: detection.box) : 0
        }
        for match in result.matches {
            group[match.track].match(detections[candidates[match.detection]], on: context, level: level,
                                     confirmationHits: parameters.confirmationHits)
        }
        return result.unmatchedDetections.map { candidates[$0] }
    }

    /// Starts a track for each confident detection left that is not on a followed track, while
    /// trackers are free; on the start frame they are confirmed at once.
    private func startTracks(_ found: [Detection], on context: FrameContext, confirmed: Bool) {
        var taken = tracks.filter { $0.isFollowed && $0.phase != .ended }.map(\.box)
        var free = SequenceRequestHandler.maximumTrackersPerType - tracks.filter(\.isFollowed).count
        for detection in found.sorted(by: { $0.score > $1.score }) where free > 0 {
            guard detection.box.isValid, !taken.contains(where: { $0.iou(detection.box) > parameters.duplicateIoU }) else { continue }
            tracks.append(MultiObjectTrack(trackID: nextTrackID, detection: detection, label: detection.label ?? defaultLabel,
                                           on: context, level: level, confirmed: confirmed))
            nextTrackID += 1
            taken.append(detection.box)
            free -= 1
        }
    }
}
