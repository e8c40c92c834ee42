/// When detectors run and what their detections may do to the tracks.
///
/// Every ``interval`` frames after the start frame the detector runs on the whole set of tracks:
/// each track matched to a detection is re-initialised there (state `reseeded`, same id); confident
/// tracks without a match are left alone. A track whose confidence stays at or below 0.5 for
/// ``lowConfidenceFrames`` frames triggers an early search for it (repeated every that many
/// frames); when nothing is found it is reported `lost` until it is recovered.
public struct ReseedPolicy: Sendable, Equatable {
    /// Frames between scheduled detections; 0 turns detection (and recovery) off.
    public var interval: Int
    /// Consecutive low-confidence frames that trigger an early search for a track.
    public var lowConfidenceFrames: Int
    /// Smallest IoU between a track and a detection for them to be matched.
    public var minimumIoU: Double
    /// Smallest detection score (0...1) that may re-seed or recover a track.
    public var minimumScore: Float
    /// Tracks started by a class detector that stay lost this many frames end, freeing their slot
    /// (tracks the user boxed are never ended before the clip ends).
    public var endAutomaticTracksAfterLostFrames: Int

    public init(interval: Int = 50, lowConfidenceFrames: Int = 5, minimumIoU: Double = 0.3,
                minimumScore: Float = 0.5, endAutomaticTracksAfterLostFrames: Int = 100) {
        self.interval = interval
        self.lowConfidenceFrames = lowConfidenceFrames
        self.minimumIoU = minimumIoU
        self.minimumScore = minimumScore
        self.endAutomaticTracksAfterLostFrames = endAutomaticTracksAfterLostFrames
    }

    /// True on the frames `frameOffset` (0 = start frame) where a scheduled detection runs.
    public func isScheduled(frameOffset: Int) -> Bool {
        interval > 0 && frameOffset > 0 && frameOffset % interval == 0
    }

    /// True when a track that has been at or below 0.5 for `lowRun` frames should be searched for now.
    public func needsRecovery(lowRun: Int) -> Bool {
        interval > 0 && lowRun >= lowConfidenceFrames && (lowRun - lowConfidenceFrames) % max(1, lowConfidenceFrames) == 0
    }
}
