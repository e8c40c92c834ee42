/// When detectors run and what their detections may do to the tracks.
///
/// Every ``interval`` frames after the start frame the detector runs on the whole set of tracks:
/// each track matched to a detection is re-initialised there (state `reseeded`, same id); confident
/// tracks without a match are left alone. A track whose confidence stays at or below 0.5 for
/// ``lowConfidenceFrames`` frames triggers an early search for it (repeated every that many
/// frames); when nothing is found it is reported `lost` until it is recovered. Between scheduled
/// detections, every ``verificationInterval`` frames each track is checked against its own
/// appearance model near its box, which catches trackers that stay confident on the wrong thing.
public struct ReseedPolicy: Sendable, Equatable {
    /// Frames between scheduled detections; 0 turns detection (and recovery) off.
    public var interval: Int
    /// Consecutive low-confidence frames that trigger an early search for a track.
    public var lowConfidenceFrames: Int
    /// Frames between appearance checks of every track (0: none).
    public var verificationInterval: Int
    /// Smallest IoU between a track and a detection for them to be matched.
    public var minimumIoU: Double
    /// A confident track whose appearance match is off-centre by more than this fraction of its
    /// shorter side is re-centred at the match on a scheduled frame (re-initialising a tracker that
    /// has not drifted only throws its learned model away).
    public var driftFraction: Double
    /// Smallest detection score (0...1) that may re-seed or recover a track.
    public var minimumScore: Float
    /// Smallest appearance-match score (0...1) that may move a track to a place that does not overlap
    /// it: higher than ``minimumScore`` because look-alikes elsewhere (a second pedestrian, another
    /// helmet) match a small template moderately well.
    public var relocationScore: Float
    /// Tracks started by a class detector that stay lost this many frames end, freeing their slot
    /// (tracks the user boxed are never ended before the clip ends).
    public var endAutomaticTracksAfterLostFrames: Int

    public init(interval: Int = 50, lowConfidenceFrames: Int = 5, verificationInterval: Int = 10, driftFraction: Double = 0.4, minimumIoU: Double = 0.3,
                minimumScore: Float = 0.5, relocationScore: Float = 0.7, endAutomaticTracksAfterLostFrames: Int = 100) {
        self.interval = interval
        self.lowConfidenceFrames = lowConfidenceFrames
        self.verificationInterval = verificationInterval
        self.driftFraction = driftFraction
        self.minimumIoU = minimumIoU
        self.minimumScore = minimumScore
        self.relocationScore = relocationScore
        self.endAutomaticTracksAfterLostFrames = endAutomaticTracksAfterLostFrames
    }

    /// True on the frames `frameOffset` (0 = start frame) where a scheduled detection runs.
    public func isScheduled(frameOffset: Int) -> Bool {
        interval > 0 && frameOffset > 0 && frameOffset % interval == 0
    }

    /// True when a track should be searched for on this frame: on scheduled frames, on verification
    /// frames, after `lowRun` frames at or below 0.5 (and every ``lowConfidenceFrames`` after), and
    /// while it is lost every ``lowConfidenceFrames`` frames for the first four tries, then every five
    /// times that: a track lost for good (an object that left) stops costing a whole-frame search
    /// every few frames.
    public func needsSearch(frameOffset: Int, lowRun: Int, lostRun: Int, isLost: Bool) -> Bool {
        guard interval > 0 else { return false }
        let step = max(1, lowConfidenceFrames)
        if isScheduled(frameOffset: frameOffset)
            || (verificationInterval > 0 && frameOffset > 0 && frameOffset % verificationInterval == 0) {
            return true
        }
        if isLost {
            return lostRun % (lostRun < 4 * step ? step : 5 * step) == 0
        }
        return lowRun >= step && (lowRun - step) % step == 0
    }
}
