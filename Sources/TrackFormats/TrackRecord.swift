import Imaging
import Tracking

/// What happened to a track on one frame.
public enum TrackState: String, Sendable, CaseIterable, Codable {
    /// Automatic tracking only: an object the detector found that is not yet confirmed by enough
    /// detector runs; not drawn, not written to MOTChallenge results.
    case tentative
    /// The tracker followed the object from the previous frame.
    case tracked
    /// The tracker was re-initialised at a detection on this frame (same track id).
    case reseeded
    /// The evidence says the box is off the object: its confidence (the probability that the box is
    /// on it) is below ``lostBelow``, or the object left the picture (confidence 0, the box is the
    /// last one seen inside the frame). The track becomes `tracked` again as soon as the evidence
    /// says it is back on the object, with or without a re-seed.
    case lost
    /// The track's last frame: its tracker was released after this frame.
    case ended

    /// Below this confidence a track is `lost`: the odds are at least 4 to 1 that its box is off the
    /// object. Between it and 0.5 a track is `tracked` but drawn dashed (more likely off than on).
    public static let lostBelow: Float = ConfidenceModel.lostBelow
}

/// Where a record's box comes from, in keyframe-guided tracking (``KeyframeGuidedSession``); a run
/// from boxes on one frame has `keyframe` on the start frame and `tracked` after it.
public enum TrackSource: String, Sendable, CaseIterable, Codable {
    /// A box the user gave on this frame, written as given.
    case keyframe
    /// One tracker's box: a pass from one keyframe, forward or backward, with no other pass over the frame.
    case tracked
    /// The forward pass from the keyframe before and the backward pass from the keyframe after,
    /// combined by their confidence: they agree (IoU >= 0.5).
    case combined
    /// The two passes disagree (IoU < 0.5): the more confident one's box, flagged for review.
    case disputed
}

/// How a box is drawn: solid when the tracker is confident (confidence above
/// ``ConfidenceModel/solidAbove``, 0.5), dashed otherwise.
public enum BoxStyle: String, Sendable, Codable {
    case solid, dashed

    /// `solid` when `confidence > ConfidenceModel.solidAbove` (0.5), else `dashed`.
    public init(confidence: Float) { self = confidence > ConfidenceModel.solidAbove ? .solid : .dashed }
}

/// One object on one frame: a row of the CSV output.
public struct TrackRecord: Sendable, Equatable, Codable {
    /// 0-based decoded frame index.
    public var frame: Int
    /// Presentation time in seconds.
    public var time: Double
    /// Track number, 1-based, stable for the whole clip.
    public var trackID: Int
    /// The user's label, or empty.
    public var label: String
    /// Box in pixels, origin at the top-left pixel (for a planar object, its corners' bounding box).
    public var box: PixelRect
    /// The probability (0...1) that the box overlaps the object with IoU >= 0.5, calibrated on the
    /// development set (of records at 0.7, about 70% are on the object); drawn solid above 0.5.
    public var confidence: Float
    public var state: TrackState
    /// Where the box comes from: a keyframe, one tracker, or two passes combined.
    public var source: TrackSource
    /// A planar object's corners (pixels, top-left origin, clockwise from the top left); nil for a box.
    public var corners: Quadrilateral?
    /// The cues behind the confidence of a re-seeded box track (`vtrack eval --evidence` writes them
    /// for fitting); nil otherwise. Not part of any output format nor of equality.
    public var evidence: ReseedEvidence?

    enum CodingKeys: String, CodingKey {
        case frame, time, trackID, label, box, confidence, state, source, corners
    }

    public init(frame: Int, time: Double, trackID: Int, label: String, box: PixelRect, confidence: Float, state: TrackState,
                source: TrackSource = .tracked, corners: Quadrilateral? = nil, evidence: ReseedEvidence? = nil) {
        self.frame = frame
        self.time = time
        self.trackID = trackID
        self.label = label
        self.box = box
        self.confidence = confidence
        self.state = state
        self.source = source
        self.corners = corners
        self.evidence = evidence
    }

    /// Solid above 0.5 confidence, dashed at or below.
    public var style: BoxStyle { BoxStyle(confidence: confidence) }

    /// Equal when every output field is (``evidence`` is not compared).
    public static func == (a: TrackRecord, b: TrackRecord) -> Bool {
        a.frame == b.frame && a.time == b.time && a.trackID == b.trackID && a.label == b.label && a.box == b.box
            && a.confidence == b.confidence && a.state == b.state && a.source == b.source && a.corners == b.corners
    }

    /// The label if there is one, else `#<trackID>`.
    public var displayName: String { label.isEmpty ? "#\(trackID)" : label }
}
