import Detection
import Imaging
import TrackFormats
import Tracking
import VideoIO

/// One object followed through a clip: its request, its identity, its re-detector and the
/// bookkeeping the re-seed policy needs.
package final class TrackedObject {
    let trackID: Int
    let label: String
    /// The detector class this object is taken to be; nil when any class may match it.
    let classLabel: String?
    let request: TrackObjectRequest
    /// Appearance model of this object, learned from its confident frames; `nil` when nothing will
    /// search for it (re-seeding off), so that tracking alone pays nothing for it.
    let redetector: TemplateRedetector?
    /// The object's colours as first seen, for finding it again where its grey template fails;
    /// `nil` when nothing will search for it or the start frame had no colour.
    let colourRedetector: ColourRedetector?
    /// The box of the latest result, pixels, top-left origin.
    private(set) var box: PixelRect
    /// The tracker's fix decision on the latest frame (above 0.5: it follows and learns the object):
    /// what re-seeding decides with. Not the reported confidence.
    private(set) var fixConfidence: Float = 1
    /// The tracker's calibrated confidence on the latest frame.
    private(set) var trackerConfidence: Float = 1
    /// The tracker's cues on the latest frame; nil on a (re)start.
    private(set) var trackerEvidence: TrackingEvidence?
    /// Turns the re-seeder's findings and the tracker's confidence into the reported confidence;
    /// nil when nothing re-seeds the track (the tracker's confidence is reported as is).
    private let confidenceModel: TrackConfidenceModel?
    /// Frames since the start or the last re-seed.
    private(set) var framesSinceReseed = 0
    private var outOfView = OutOfViewHold()
    /// Consecutive frames with fix confidence at or below 0.5.
    private(set) var lowConfidenceRun = 0
    /// Consecutive frames in the `lost` state.
    private(set) var lostRun = 0
    /// Set when a search for the object found nothing; cleared when a search confirms or re-seeds it.
    /// Re-seeding's state only: the reported confidence alone decides the record's `lost` state.
    package private(set) var isLost = false
    /// Where a search found the object away from the tracker (pixels, top-left origin) and the
    /// frame offset of that search, until the next search finds it there again or not.
    package private(set) var proposedRelocation: (box: PixelRect, frameOffset: Int)?
    /// Scheduled detector runs in a row that matched no detection to this track.
    private(set) var unsupportedRuns = 0
    /// A person track's identity margin at its last check (``ReseedEvidence/identityMargin``); nil
    /// until one.
    private(set) var identityMargin: Float?
    /// True when the track's box looked more like someone else than like its person at its last
    /// check (``PersonIdentities``), until a supporting run's margin replaces it.
    package var doubtsIdentity: Bool { (identityMargin ?? 0) < 0 }
    private var reseededThisFrame = false
    private(set) var hasEnded = false
    /// The box of the last frame with fix confidence above 0.5 (or of the start or last re-seed).
    private(set) var lastConfidentBox: PixelRect
    /// Frames since ``lastConfidentBox``.
    private(set) var framesSinceConfident = 0
    /// Smoothed motion of the box centre over confident frames, pixels per frame.
    private(set) var velocity: (dx: Double, dy: Double) = (0, 0)
    private static let velocitySmoothing = 0.3

    /// Starts on `context`'s frame (its colour is read only when the object's appearance is learnt),
    /// followed by the level's trackers of `kind`.
    /// `appearanceCue` says whether the handler describes the box (``AppearanceDescriber``), which picks
    /// the re-seeded track's confidence model fitted with that cue. `wholeFrameSearchInterval` is the
    /// learned tracker's (``TrackObjectRequest/wholeFrameSearchInterval``): the run's re-seeding interval.
    package init(trackID: Int, label: String, classLabel: String?, box: PixelRect, on context: FrameContext,
         level: TrackingLevel, kind: TrackerKind, learnsAppearance: Bool, appearanceCue: Bool = false,
         wholeFrameSearchInterval: Int = 0) {
        let frame = context.image
        self.trackID = trackID
        self.label = label
        self.classLabel = classLabel
        self.box = box
        lastConfidentBox = box
        let observation = DetectedObjectObservation(
            boundingBox: NormalizedRect(box, imageWidth: frame.width, imageHeight: frame.height))
        request = TrackObjectRequest(detectedObjectObservation: observation, trackingLevel: level)
        request.trackerKind = kind
        request.wholeFrameSearchInterval = wholeFrameSearchInterval
        redetector = learnsAppearance ? TemplateRedetector() : nil
        confidenceModel = learnsAppearance
            ? TrackConfidenceModel.for(level, withAppearance: appearanceCue, kind: kind) : nil
        colourRedetector = learnsAppearance ? ColourRedetector(frame: context.colour, box: box) : nil
        // A box under 4 px a side has no appearance to learn; the re-seeder then leaves the track alone.
        try? redetector?.learn(from: frame, box: box, confidence: 1)
    }

    /// Re-initialises the tracker at `newBox` on the frame about to be performed, keeping the id.
    func reseed(at newBox: PixelRect, frameWidth: Int, frameHeight: Int) {
        request.inputObservation = DetectedObjectObservation(
            id: request.inputObservation.id,
            boundingBox: NormalizedRect(newBox, imageWidth: frameWidth, imageHeight: frameHeight))
        reseededThisFrame = true
        framesSinceReseed = 0
        lastConfidentBox = newBox
        framesSinceConfident = 0
        isLost = false
        proposedRelocation = nil
        lowConfidenceRun = 0
        lostRun = 0
    }

    /// Re-initialises the tracker at the average of its box and a detection's (centre and size), for
    /// a confident track: the detector corrects drift, the tracker's finer box keeps the detector's
    /// coarser boxes (and boxes around two people at once) from replacing it outright.
    func reseed(fusing detection: PixelRect, frameWidth: Int, frameHeight: Int) {
        let fused = PixelRect(x: (box.x + detection.x) / 2, y: (box.y + detection.y) / 2,
                              width: (box.width + detection.width) / 2, height: (box.height + detection.height) / 2)
        reseed(at: fused.clipped(toWidth: frameWidth, height: frameHeight) ?? detection, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    /// True when `detection` may be this object: of its class, or of any class when it has none.
    func accepts(_ detection: Detection) -> Bool {
        classLabel == nil || classLabel == detection.label
    }

    /// Records whether a scheduled detector run matched a detection to this track.
    func recordSupport(_ supported: Bool) {
        unsupportedRuns = supported ? 0 : unsupportedRuns + 1
    }

    /// Records a check of the track's identity: `margin` is how much more its box, or the detection
    /// it matched, looks like its own person than like anyone else (``ReseedEvidence/identityMargin``);
    /// below 0 the identity is in doubt (``doubtsIdentity``) until a supporting run notes its margin,
    /// which is never below 0.
    func noteIdentity(margin: Float) {
        identityMargin = min(max(margin, -1), 1)
    }

    /// Records that a search for this object found nothing.
    package func markLost() {
        isLost = true
        proposedRelocation = nil
    }

    /// Records that a search found the object at `box`, away from the tracker, on the frame
    /// `frameOffset` frames after the start; the track stays lost until a later search confirms it.
    func propose(_ box: PixelRect, at frameOffset: Int) {
        isLost = true
        proposedRelocation = (box, frameOffset)
    }

    /// Records that a search found the object where the tracker has it.
    func confirm() {
        isLost = false
        proposedRelocation = nil
        lostRun = 0
    }

    /// Takes in the result of the frame just performed.
    func observe(_ frame: ImageFrame) {
        guard let result = request.results.first else { return }
        box = PixelRect(result.boundingBox, imageWidth: frame.width, imageHeight: frame.height)
        trackerEvidence = request.evidence
        trackerConfidence = result.confidence
        fixConfidence = request.evidence?.fixConfidence ?? result.confidence
        if !reseededThisFrame { framesSinceReseed += 1 }
        if fixConfidence > FixConfidence.trustedAbove && !isLost {
            let steps = Double(framesSinceConfident + 1)
            let rate = Self.velocitySmoothing
            velocity = ((1 - rate) * velocity.dx + rate * (box.centerX - lastConfidentBox.centerX) / steps,
                        (1 - rate) * velocity.dy + rate * (box.centerY - lastConfidentBox.centerY) / steps)
            lastConfidentBox = box
            framesSinceConfident = 0
        } else {
            framesSinceConfident += 1
        }
        if fixConfidence > FixConfidence.trustedAbove {
            lowConfidenceRun = 0
            if !isLost && unsupportedRuns == 0 { try? redetector?.learn(from: frame, box: box, confidence: fixConfidence) }
        } else {
            lowConfidenceRun += 1
        }
        lostRun = isLost ? lostRun + 1 : 0
    }

    /// Where the object should be now if it kept its velocity since it was last seen confidently:
    /// the last confident box moved by the velocity times the frames since (pixels, top-left origin).
    package var predictedBox: PixelRect {
        let steps = Double(framesSinceConfident)
        return PixelRect(x: lastConfidentBox.x + velocity.dx * steps, y: lastConfidentBox.y + velocity.dy * steps,
                         width: lastConfidentBox.width, height: lastConfidentBox.height)
    }

    /// Marks this frame as the track's last: the handler releases its tracker after it.
    func end() {
        request.isLastFrame = true
        hasEnded = true
    }

    /// The record of the frame just performed. Its confidence is ``TrackConfidenceModel``'s
    /// probability over the tracker's confidence, the last re-seed, the detector's support and the
    /// identity margin (the tracker's own without re-seeding); with a model fitted without the last
    /// two, a track the detector's last run found nothing of its class on, or whose identity is in
    /// doubt, has at most 0.5, so it is drawn dashed. The state follows the confidence (``TrackState/lost``);
    /// an object out of view is `lost` at confidence 0 with the last box seen in view.
    func record(frame: VideoFrame) -> TrackRecord {
        let evidence = ReseedEvidence(tracker: trackerEvidence, trackerConfidence: trackerConfidence,
                                     reseeded: reseededThisFrame, framesSinceReseed: framesSinceReseed,
                                     unsupported: unsupportedRuns > 0, identityMargin: identityMargin)
        // The start frame's box is the one given: its confidence stays the tracker's 1.
        let isStart = trackerEvidence == nil && !reseededThisFrame
        var confidence = isStart ? trackerConfidence : confidenceModel?.probability(evidence) ?? trackerConfidence
        if confidenceModel?.readsDetectorEvidence != true && (unsupportedRuns > 0 || doubtsIdentity) {
            confidence = min(confidence, ConfidenceModel.solidAbove)
        }
        let shown = outOfView.show(box, evidence: reseededThisFrame ? nil : trackerEvidence)
        if shown.isOutOfView { confidence = 0 }
        let state: TrackState = hasEnded ? .ended : reseededThisFrame ? .reseeded
            : confidence < TrackState.lostBelow ? .lost : .tracked
        return TrackRecord(frame: frame.index, time: frame.time, trackID: trackID, label: label, box: shown.box,
                           confidence: confidence, state: state, source: isStart ? .keyframe : .tracked, evidence: evidence)
    }

    /// Makes this frame's result the next frame's input, as Vision does.
    func advance() {
        reseededThisFrame = false
        if let result = request.results.first { request.inputObservation = result }
    }
}
