import Imaging
import TrackFormats
import Tracking

/// Finds ``ReviewMoment``s in a run's records, frame by frame, as a sink receives them.
///
///     var finder = ReviewMomentFinder(frameRate: info.frameRate)
///     for (frame, records) in run { moments += finder.add(records) }
///
/// A track's first record is the user's box or a new detection: only changes after it are moments.
/// `tentative` records (automatic tracks not yet confirmed) are ignored.
///
/// Doubt, overlap and disagreement are episodes with hysteresis (``Episode``), so that a confidence hovering
/// around 0.5 or two boxes flickering in and out of overlap give one moment, not one per crossing:
/// a track's doubt (its box not drawn solid: confidence 0.5 or below, or `lost`) ends only once the
/// box has been drawn solid for ``clearSeconds``, and a pair's overlap ends only once the two have
/// been apart (IoU below ``overlapIoU``, or one of them out of view) for ``clearSeconds``, and a
/// track's disagreement (keyframe-guided passes that disagree: ``TrackSource/disputed``) ends once
/// its rows have not been disputed for ``clearSeconds``. A `confidence below 0.5`, `overlap` or
/// `passes disagree` moment is reported when an episode begins; a doubt that
/// begins with the track lost is reported as `lost` only. `lost`, `found again` and `reseeded` are
/// reported at every change.
public struct ReviewMomentFinder: Sendable {
    /// Two boxes overlap when their IoU is at least this.
    public static let overlapIoU = 0.5
    /// How long, in seconds, a doubt or an overlap must have been clear before it can be reported again.
    public static let clearSeconds = 1.0

    /// Frames a condition must stay clear for its episode to end: ``clearSeconds`` of frames, at least 1.
    public let clearFrames: Int
    private var previous: [Int: TrackState] = [:]
    private var doubts: [Int: Episode] = [:]
    private var disagreements: [Int: Episode] = [:]
    private var overlaps: [Pair: Episode] = [:]

    private struct Pair: Hashable {
        var first: Int, second: Int
    }

    /// A condition that comes and goes, seen once per frame: its episode begins when the condition
    /// holds and no episode is open, and ends once the condition has been clear for `clearFrames`
    /// frames in a row.
    struct Episode: Sendable {
        private(set) var isOpen = false
        private var clearFor = 0

        /// Records one frame; true when an episode begins on it.
        mutating func observe(_ holds: Bool, clearFrames: Int) -> Bool {
            if holds {
                clearFor = 0
                defer { isOpen = true }
                return !isOpen
            }
            clearFor += 1
            if clearFor >= clearFrames { isOpen = false }
            return false
        }
    }

    /// `frameRate`: frames per second of the clip, to count ``clearSeconds`` in frames (a rate that is
    /// not positive counts one frame).
    public init(frameRate: Double) {
        clearFrames = frameRate > 0 ? max(1, Int((frameRate * Self.clearSeconds).rounded(.up))) : 1
    }

    /// The moments on the frame of `records` (all on one frame), given the frames before it.
    public mutating func add(_ records: [TrackRecord]) -> [ReviewMoment] {
        var moments: [ReviewMoment] = []
        let shown = records.filter { $0.state != .tentative }.sorted { $0.trackID < $1.trackID }
        for record in shown {
            let isLost = record.state == .lost
            let doubtBegins = doubts[record.trackID, default: Episode()]
                .observe(isLost || record.confidence <= ConfidenceModel.solidAbove, clearFrames: clearFrames)
            let disagreementBegins = disagreements[record.trackID, default: Episode()]
                .observe(record.source == .disputed, clearFrames: clearFrames)
            defer { previous[record.trackID] = record.state }
            guard let before = previous[record.trackID] else { continue }
            func moment(_ kind: ReviewMoment.Kind) {
                moments.append(ReviewMoment(kind: kind, frame: record.frame, time: record.time,
                                            trackIDs: [record.trackID], names: [record.displayName]))
            }
            let wasLost = before == .lost
            if isLost && !wasLost { moment(.lost) }
            if wasLost && !isLost && record.state != .ended { moment(.foundAgain) }
            if record.state == .reseeded { moment(.reseeded) }
            if doubtBegins && !isLost { moment(.doubtful) }
            if disagreementBegins { moment(.disagreement) }
        }
        let inView = shown.filter { $0.state != .lost && $0.state != .ended }
        var now: Set<Pair> = []
        for (index, a) in inView.enumerated() {
            for b in inView[(index + 1)...] where a.box.iou(b.box) >= Self.overlapIoU {
                let pair = Pair(first: a.trackID, second: b.trackID)
                now.insert(pair)
                if overlaps[pair, default: Episode()].observe(true, clearFrames: clearFrames) {
                    moments.append(ReviewMoment(kind: .overlap, frame: a.frame, time: a.time, trackIDs: [a.trackID, b.trackID],
                                                names: [a.displayName, b.displayName]))
                }
            }
        }
        // Pairs apart on this frame, updated in place; closed episodes are dropped once any closes.
        var index = overlaps.startIndex
        while index != overlaps.endIndex {
            if !now.contains(overlaps.keys[index]) { _ = overlaps.values[index].observe(false, clearFrames: clearFrames) }
            overlaps.formIndex(after: &index)
        }
        if overlaps.values.contains(where: { !$0.isOpen }) { overlaps = overlaps.filter { $0.value.isOpen } }
        return moments
    }
}
