import Imaging
import TrackFormats
import Tracking
import VideoIO

/// A planar four-corner object followed through a clip in perspective. Detectors do not re-seed it:
/// its tracker re-aligns the first frame's patch on every frame, so it does not drift, and its
/// confidence (the aligned patch's agreement with the first) says when the object is gone.
final class TrackedRectangle {
    let trackID: Int
    let label: String
    let request: TrackRectangleRequest
    /// The corners of the latest result, pixels, top-left origin.
    private(set) var corners: Quadrilateral
    private(set) var confidence: Float = 1
    private(set) var hasEnded = false

    init(trackID: Int, label: String, corners: Quadrilateral, frame: ImageFrame, level: TrackingLevel) {
        self.trackID = trackID
        self.label = label
        self.corners = corners
        request = TrackRectangleRequest(
            rectangleObservation: RectangleObservation(corners: corners, imageWidth: frame.width, imageHeight: frame.height),
            trackingLevel: level)
    }

    /// Takes in the result of the frame just performed.
    func observe(_ frame: ImageFrame) {
        guard let result = request.results.first else { return }
        corners = result.pixelCorners(imageWidth: frame.width, imageHeight: frame.height)
        confidence = result.confidence
    }

    /// Marks this frame as the track's last: the handler releases its tracker after it.
    func end() {
        request.isLastFrame = true
        hasEnded = true
    }

    private var isFirstRecord = true

    /// The record of the frame just performed: the corners and their bounding box (the corners given,
    /// a `keyframe`, on the first).
    func record(frame: VideoFrame) -> TrackRecord {
        defer { isFirstRecord = false }
        return TrackRecord(frame: frame.index, time: frame.time, trackID: trackID, label: label, box: corners.boundingBox,
                           confidence: confidence, state: hasEnded ? .ended : .tracked, source: isFirstRecord ? .keyframe : .tracked,
                           corners: corners)
    }

    /// Makes this frame's result the next frame's input, as Vision does.
    func advance() {
        if let result = request.results.first { request.inputObservation = result }
    }
}
