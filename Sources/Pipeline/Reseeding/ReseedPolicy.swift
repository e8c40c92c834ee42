import Foundation
import Imaging

/// When detectors run and what their detections may do to the tracks.
///
/// Every ``interval`` frames after the start frame a class detector (when one is chosen) runs on
/// the whole set of tracks: each track matched to a detection is re-initialised there (state
/// `reseeded`, same id), and unmatched detections may start new tracks.
///
/// A track is searched for by its own appearance only when its tracker says it has lost the object:
/// its confidence stays at or below 0.5 for ``lowConfidenceFrames`` frames (the search repeats every
/// that many frames, and backs off while the track stays lost). A confident track is never moved by
/// an appearance match, since a look-alike can match a small template as well as the object does.
/// A lost track whose box still looks like the object as first seen (``sameObjectScore``) stays
/// where it is; otherwise it moves only to a candidate that carries evidence of being the same object:
/// - it looks like the object as first seen (``sameObjectScore``), not only like a recent appearance;
/// - it lies where the object can have gone since it was last seen confidently: within
///   `size x (1 + motionSpread x sqrt(frames since))` of the position its velocity predicts
///   (a random-walk motion model, whose spread grows with the square root of the time);
/// - no other confident track is on it;
/// - it is distinctive: the runner-up among the reachable candidates, and the track's own box,
///   agree less than ``distinctiveness`` times as well (Lowe's ratio test; among look-alikes, or
///   when the tracker may still be on the object, nothing is chosen);
/// - the next search (``lowConfidenceFrames`` frames later) finds it again where it can have moved
///   (``isSamePlace(_:as:framesBetween:)``): two detections in a row confirm it, as a new track is
///   confirmed in multi-target tracking, since a look-alike that matches by chance rarely does twice.
/// A track lost for good (``isLostForGood(lostRun:)``), whose grey template finds nothing, may also be
/// moved by its colours: to the place in the whole frame (an object that left the view or stayed
/// hidden can come back anywhere) whose kernel-weighted colour histogram agrees with the first
/// appearance (``sameColourScore``) distinctly better than the runner-up and the tracker's own box
/// (``colourDistinctiveness``), where the grey template does not prefer the tracker's box, again
/// only when the next search finds it there too. Colour never confirms a track where it is.
/// When no candidate qualifies the track is reported `lost` until one does.
public struct ReseedPolicy: Sendable, Equatable {
    /// Frames between scheduled detections; 0 turns detection (and recovery) off.
    public var interval: Int
    /// Consecutive low-confidence frames that trigger a search for a track.
    public var lowConfidenceFrames: Int
    /// Smallest IoU between a track and a detection for them to be matched.
    public var minimumIoU: Double
    /// Smallest detection score (0...1) that may re-seed or recover a track.
    public var minimumScore: Float
    /// Smallest agreement (0...1, the template re-detector's score scale) with the object's first
    /// appearance for a candidate to count as the same object.
    public var sameObjectScore: Float
    /// The same for a detection of the track's class: the detector already says it is an object of
    /// that kind, so a confident template match (0.5, an NCC of 0.6) is enough evidence.
    public var sameClassObjectScore: Float
    /// Largest ratio of the runner-up's agreement to the best candidate's for the best to be chosen.
    public var distinctiveness: Float
    /// Smallest Bhattacharyya coefficient (0...1) between a candidate's colours and the object's first
    /// appearance for the colour cue to propose it.
    public var sameColourScore: Float
    /// Largest ratio of the best candidate's Bhattacharyya distance (`sqrt(1 - coefficient)`) to the
    /// runner-up's for the colour cue to choose it (Lowe's ratio test, on distances as Lowe states it).
    public var colourDistinctiveness: Float
    /// Spread of the object's unexplained motion per square root of a frame, in object sizes
    /// (square root of the box area): bounds how far a lost object may be found.
    public var motionSpread: Double
    /// Smallest cosine similarity (-1...1) between a person detection's re-identification embedding
    /// and a person track's memory for the detection to be that person (``PersonIdentities``): above
    /// the 95th percentile of two different people's similarity on TUD-Campus and TUD-Stadtmitte
    /// (0.34-0.35; the same person against their first box: median 0.45-0.64).
    public var sameIdentityScore: Float
    /// How much more than every other reachable detection (and than the tracker's own box, when
    /// the track is moved) a detection must match a person track's memory to re-seed it.
    public var identityMargin: Float

    public init(interval: Int = 50, lowConfidenceFrames: Int = 5, minimumIoU: Double = 0.3, minimumScore: Float = 0.5,
                sameObjectScore: Float = 0.7, sameClassObjectScore: Float = 0.5, distinctiveness: Float = 0.8,
                sameColourScore: Float = 0.7, colourDistinctiveness: Float = 0.6, motionSpread: Double = 0.5,
                sameIdentityScore: Float = 0.4, identityMargin: Float = 0.1) {
        self.sameIdentityScore = sameIdentityScore
        self.identityMargin = identityMargin
        self.interval = interval
        self.lowConfidenceFrames = lowConfidenceFrames
        self.minimumIoU = minimumIoU
        self.minimumScore = minimumScore
        self.sameObjectScore = sameObjectScore
        self.sameClassObjectScore = sameClassObjectScore
        self.distinctiveness = distinctiveness
        self.sameColourScore = sameColourScore
        self.colourDistinctiveness = colourDistinctiveness
        self.motionSpread = motionSpread
    }

    /// True when one of `detections` (pixels, top-left origin) overlaps `box` by ``minimumIoU`` or
    /// more: the box is on that detection's object (a boxed track starts on a person so).
    public func isOn(_ box: PixelRect, anyOf detections: [PixelRect]) -> Bool {
        detections.contains { $0.iou(box) >= minimumIoU }
    }

    /// True on the frames `frameOffset` (0 = start frame) where a scheduled detection runs.
    public func isScheduled(frameOffset: Int) -> Bool {
        interval > 0 && frameOffset > 0 && frameOffset % interval == 0
    }

    /// True when a track should be searched for by its appearance on this frame: after `lowRun`
    /// frames at or below 0.5 (and every ``lowConfidenceFrames`` after), and while it is lost every
    /// ``lowConfidenceFrames`` frames for the first four tries, then every five times that: a track
    /// lost for good (an object that left) stops costing a whole-frame search every few frames.
    public func needsSearch(lowRun: Int, lostRun: Int, isLost: Bool) -> Bool {
        guard interval > 0 else { return false }
        let step = max(1, lowConfidenceFrames)
        if isLost {
            return lostRun % (isLostForGood(lostRun: lostRun) ? 5 * step : step) == 0
        }
        return lowRun >= step && (lowRun - step) % step == 0
    }

    /// True when a track has been lost for `lostRun` frames, four searches' worth: the object is
    /// no longer near where its tracker is (it left, or was hidden), searches back off, and the
    /// weaker colour cue may move the track.
    public func isLostForGood(lostRun: Int) -> Bool {
        lostRun >= 4 * max(1, lowConfidenceFrames)
    }

    /// Lowe's ratio test: true when the best candidate's agreement is clearly above its strongest
    /// competitor's (the competitor below ``distinctiveness`` times the best).
    public func isDistinct(_ best: Float, from competitor: Float) -> Bool {
        competitor < distinctiveness * best
    }

    /// Lowe's ratio test on colour: true when the best candidate's Bhattacharyya distance to the
    /// first appearance is below ``colourDistinctiveness`` times its strongest competitor's.
    public func isColourDistinct(_ best: Float, from competitor: Float) -> Bool {
        let distance = { (coefficient: Float) in (1 - min(max(coefficient, 0), 1)).squareRoot() }
        return distance(best) < colourDistinctiveness * distance(competitor)
    }

    /// True when `found` can be the object `proposed` was `framesBetween` frames earlier: its
    /// centre within one spread of the random walk (``motionSpread`` sizes of `proposed` times the
    /// square root of the frames).
    public func isSamePlace(_ found: PixelRect, as proposed: PixelRect, framesBetween: Int) -> Bool {
        let size = (proposed.width * proposed.height).squareRoot()
        let spread = motionSpread * Double(max(1, framesBetween)).squareRoot()
        return hypot(found.centerX - proposed.centerX, found.centerY - proposed.centerY) <= spread * size
    }

    /// How far (pixels) from its predicted centre a track's object may be found `framesSince`
    /// frames after it was last seen confidently, for an object of `size` pixels (square root of
    /// the box area).
    public func searchRadius(size: Double, framesSince: Int) -> Double {
        size * (1 + motionSpread * Double(max(0, framesSince)).squareRoot())
    }
}
