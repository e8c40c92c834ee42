import Detection
import Imaging
import TrackFormats
import Tracking
import VideoIO

/// One person (or object) of automatic multi-object tracking: its identity, its phase, its motion
/// model and, while it is followed, its correlation tracker.
final class MultiObjectTrack {
    /// Where a track is in its life.
    enum Phase {
        /// Seen by the detector, not yet often enough to be reported as an object.
        case tentative
        /// An object: reported, drawn and written to MOTChallenge results.
        case confirmed
        /// The detector has not seen it lately: no tracker follows it, its motion model predicts
        /// where it would be, and a detection there brings it back with its id.
        case lost
        /// Gone for good.
        case ended
    }

    let trackID: Int
    let label: String
    let classLabel: String?
    private(set) var phase: Phase
    /// Whether the track has had a record (a tentative track dropped on its first frame has none).
    var wasRecorded = false
    /// The correlation tracker while the track is tentative or confirmed.
    private(set) var object: TrackedObject?
    /// The object's appearance as first seen, kept while it is lost so a detection can be told to be it.
    let appearance: TemplateRedetector?
    private(set) var motion: KalmanBoxFilter
    /// What the person looks like to the re-identification network, with a person detector (nil otherwise).
    private(set) var identity: IdentityMemory?
    /// Detector runs that matched the track since its identity last took an embedding.
    private(set) var runsSinceRemembered = 0
    /// Detector runs that matched a detection to this track.
    private(set) var hits = 1
    /// Frames spent lost.
    private(set) var framesLost = 0
    /// True when a detection was matched to the track on the current frame.
    private(set) var isMatched = false
    private var endsThisFrame = false

    init(trackID: Int, detection: Detection, label: String, on context: FrameContext, level: TrackingLevel, confirmed: Bool) {
        self.trackID = trackID
        self.label = label
        classLabel = detection.label
        phase = confirmed ? .confirmed : .tentative
        let object = TrackedObject(trackID: trackID, label: label, classLabel: detection.label, box: detection.box, on: context,
                                   level: level, kind: .correlationFilter, learnsAppearance: true)
        self.object = object
        appearance = object.redetector
        motion = KalmanBoxFilter(box: detection.box)
        isMatched = true
    }

    /// The box the motion model expects on the current frame (after ``predict()``).
    var predictedBox: PixelRect { motion.box }

    /// True while a correlation tracker follows the track.
    var isFollowed: Bool { object != nil }

    /// How much `box` on `frame` looks like the object as first seen (0...1); 0 without an appearance.
    func agreement(in frame: ImageFrame, box: PixelRect) -> Double {
        Double(appearance?.firstAppearanceAgreement(in: frame, box: box) ?? 0)
    }

    /// Adds a unit-length re-identification embedding of the person, from a frame they were seen
    /// alone (the first one makes the identity).
    func remember(_ embedding: [Float]) {
        if identity == nil { identity = IdentityMemory(first: embedding) } else { identity?.remember(embedding) }
        runsSinceRemembered = 0
    }

    /// Starts a new frame: moves the motion model one frame ahead, a lost track's at the size it had
    /// (a person going behind another is detected smaller and smaller; left to its velocity, the
    /// hidden person's box would shrink away from where they come out).
    func predict() {
        isMatched = false
        motion.predict(holdingSize: phase == .lost)
    }

    /// A detection is this track on the current frame: the motion model takes it in, the tracker
    /// restarts there (a lost track gets a new tracker and its id back), and enough hits confirm a
    /// tentative track. `restartsMotion`: the motion model starts afresh at the detection (a lost
    /// person found again by appearance, away from where the model expected them).
    func match(_ detection: Detection, on context: FrameContext, level: TrackingLevel, confirmationHits: Int,
               restartsMotion: Bool = false) {
        let frame = context.image
        if restartsMotion { motion = KalmanBoxFilter(box: detection.box) } else { motion.update(with: detection.box) }
        let box = motion.box.clipped(toWidth: frame.width, height: frame.height) ?? detection.box
        if let object {
            object.reseed(at: box, frameWidth: frame.width, frameHeight: frame.height)
            object.recordSupport(true)
        } else {
            object = TrackedObject(trackID: trackID, label: label, classLabel: classLabel, box: box, on: context,
                                   level: level, kind: .correlationFilter, learnsAppearance: true)
        }
        hits += 1
        runsSinceRemembered += 1
        framesLost = 0
        isMatched = true
        if phase == .lost || (phase == .tentative && hits >= confirmationHits) { phase = .confirmed }
    }

    /// A detector run found nothing for this followed track.
    func recordMiss() {
        object?.recordSupport(false)
    }

    /// Detector runs in a row that found nothing for this track.
    var missedRuns: Int { object?.unsupportedRuns ?? 0 }

    /// The tracker's fix decision on the last frame (above 0.5: it holds its object).
    var holdsObject: Bool { (object?.fixConfidence ?? 0) > 0.5 && !(object?.isLost ?? true) }

    /// The tracker's box on the last frame, or the prediction when no tracker follows the track.
    var box: PixelRect { object?.box ?? motion.box }

    /// True when the track ends on the current frame.
    var isEnding: Bool { endsThisFrame }

    /// Stops following: the tracker is released after this frame, the motion model goes on.
    func lose() {
        guard phase == .confirmed else { return end() }
        phase = .lost
        framesLost = 0
        object?.end()
    }

    /// Ends the track on this frame.
    func end() {
        object?.end()
        endsThisFrame = true
    }

    /// Takes in the tracker's result on the frame just performed; a confident result that no
    /// detection gave also corrects the motion model (trusted less than a detection).
    func observe(_ frame: ImageFrame) {
        guard let object else { return }
        object.observe(frame)
        if !isMatched && phase != .lost && object.fixConfidence > FixConfidence.trustedAbove { motion.update(with: object.box, noiseScale: 2) }
    }

    /// The record of the current frame, or nil for a track that has nothing to report (a tentative
    /// track that ended). A lost track shows its predicted box at confidence 0.
    func record(frame: VideoFrame, frameWidth: Int, frameHeight: Int) -> TrackRecord? {
        if phase == .lost || (phase == .confirmed && object == nil) {
            let predicted = motion.box
            let box = predicted.clipped(toWidth: frameWidth, height: frameHeight)
                ?? PixelRect(x: min(max(0, predicted.x), Double(frameWidth) - 1), y: min(max(0, predicted.y), Double(frameHeight) - 1),
                             width: 1, height: 1)
            return TrackRecord(frame: frame.index, time: frame.time, trackID: trackID, label: label, box: box, confidence: 0,
                               state: endsThisFrame ? .ended : .lost)
        }
        guard let object else { return nil }
        if phase == .tentative && endsThisFrame { return nil }
        var record = object.record(frame: frame)
        if phase == .tentative { record.state = .tentative }
        return record
    }

    /// Ends the frame: the tracker's result becomes its next input; a lost track counts the frame.
    func advance() {
        object?.advance()
        if phase == .lost {
            object = nil
            framesLost += 1
        }
        if endsThisFrame {
            object = nil
            phase = .ended
        }
    }
}
