import Imaging

/// What happened to a track on one frame.
public enum TrackState: String, Sendable, CaseIterable, Codable {
    /// The tracker followed the object from the previous frame.
    case tracked
    /// The tracker was re-initialised at a detection on this frame (same track id).
    case reseeded
    /// The tracker lost the object and re-detection could not find it; the box is the last estimate.
    case lost
    /// The track's last frame: its tracker was released after this frame.
    case ended
}

/// How a box is drawn: solid when the tracker is confident (confidence > 0.5), dashed otherwise.
public enum BoxStyle: String, Sendable, Codable {
    case solid, dashed

    /// `solid` when `confidence > 0.5`, else `dashed`.
    public init(confidence: Float) { self = confidence > 0.5 ? .solid : .dashed }
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
    /// Confidence in 0...1.
    public var confidence: Float
    public var state: TrackState
    /// A planar object's corners (pixels, top-left origin, clockwise from the top left); nil for a box.
    public var corners: Quadrilateral?

    public init(frame: Int, time: Double, trackID: Int, label: String, box: PixelRect, confidence: Float, state: TrackState,
                corners: Quadrilateral? = nil) {
        self.frame = frame
        self.time = time
        self.trackID = trackID
        self.label = label
        self.box = box
        self.confidence = confidence
        self.state = state
        self.corners = corners
    }

    /// Solid above 0.5 confidence, dashed at or below.
    public var style: BoxStyle { BoxStyle(confidence: confidence) }

    /// The label if there is one, else `#<trackID>`.
    public var displayName: String { label.isEmpty ? "#\(trackID)" : label }
}
