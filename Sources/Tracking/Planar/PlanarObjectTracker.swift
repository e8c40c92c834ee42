import Imaging

/// Tracks a planar four-corner object (a sign, a screen, a document) whose corners follow the
/// perspective: each frame, a ``CorrelationTracker`` on the corners' bounding box finds how far
/// the object moved, and ``PlanarAlignment`` refines the homography from the first frame's patch
/// to this frame, starting from the previous homography moved by that shift.
///
///     let tracker = try PlanarObjectTracker(frame: first, corners: sign, parameters: .for(.accurate))
///     for frame in rest { let estimate = tracker.update(on: frame) }   // estimate.corners, estimate.confidence
///
/// Corners are pixels, origin at the top-left pixel, clockwise from the top left. The
/// confidence is the aligned patch's normalised correlation with the first frame's, mapped to
/// 0...1 (above 0.5 when the correlation is above ``confidentCorrelation``); an alignment that
/// leaves a shape no plane can take (not convex, or flipped) is refused and the corners move with
/// the box tracker, at a confidence of at most 0.5.
public final class PlanarObjectTracker {
    /// The corners after the last frame, pixels, top-left origin.
    public private(set) var corners: Quadrilateral
    /// Confidence of the last estimate, 0...1 (1 after init).
    public private(set) var confidence: Float = 1
    /// The normalised correlation at which the confidence is 0.5.
    public static let confidentCorrelation = 0.7
    /// The correlation span over which the confidence goes from 0 to 1.
    private static let correlationSpan = 0.4

    private let parameters: TrackerParameters
    private var boxTracker: CorrelationTracker
    private let alignment: PlanarAlignment
    private var homography: Homography
    private let initialArea: Double

    /// Starts tracking `corners` on `frame`. Throws ``TrackingError/invalidObservation(_:)`` when the
    /// corners are not a convex quadrilateral given clockwise from the top left, enclose less than
    /// 4x4 pixels or are not all inside the frame, and ``TrackingError/colourRequired`` when the
    /// parameters need colour and `frame.rgb` is nil.
    public init(frame: ImageFrame, corners: Quadrilateral, parameters: TrackerParameters) throws {
        let inside = corners.corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= Double(frame.width) && $0.y <= Double(frame.height) }
        guard inside else {
            throw TrackingError.invalidObservation("corners \(corners) are not all inside the \(frame.width)x\(frame.height) frame")
        }
        alignment = try PlanarAlignment(luma: frame.luma, quad: corners)
        homography = alignment.reference
        self.corners = corners
        self.parameters = parameters
        initialArea = corners.signedArea
        boxTracker = try CorrelationTracker(frame: frame, box: corners.boundingBox, parameters: parameters)
    }

    /// Estimates the corners on the next frame of the sequence (same frame size as the first).
    /// `cameraShift` is how the picture's content moved since the previous frame (pixels, +x right,
    /// +y down; (0, 0) when unknown); `sceneChange` the frame's change against the previous one
    /// (see ``ObjectTracker/update(on:cameraShift:sceneChange:)``).
    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double) = (0, 0),
                       sceneChange: SceneChange? = nil) -> PlanarEstimate {
        let before = boxTracker.box
        let boxEstimate = boxTracker.update(on: frame, cameraShift: cameraShift, sceneChange: sceneChange)
        let after = boxTracker.box
        let boxShift = Homography.translation(dx: after.centerX - before.centerX, dy: after.centerY - before.centerY)
        alignment.prepare(frame.luma)
        var best = alignment.align(from: boxShift * homography)
        if best.correlation < Self.confidentCorrelation {
            // The box tracker may have been pulled away; the camera's shift alone is the other guess.
            let stayed = alignment.align(from: Homography.translation(dx: cameraShift.dx, dy: cameraShift.dy) * homography)
            if stayed.correlation > best.correlation { best = stayed }
        }
        let quad = best.homography.quadrilateral()
        if isPlausible(quad) {
            homography = best.homography
            corners = quad
            confidence = Float(min(1, max(0, (best.correlation - Self.confidentCorrelation) / Self.correlationSpan + 0.5)))
            if confidence > ConfidenceModel.solidAbove, boxTracker.box.iou(quad.boundingBox) < 0.5,
               let restarted = try? CorrelationTracker(frame: frame, box: quad.boundingBox, parameters: parameters) {
                // The alignment is sure and the box tracker has wandered off: put it back on the object.
                boxTracker = restarted
            }
        } else {
            homography = boxShift * homography
            corners = homography.quadrilateral()
            confidence = min(ConfidenceModel.solidAbove, boxEstimate.confidence)
        }
        return PlanarEstimate(corners: corners, confidence: confidence)
    }

    /// A shape a plane in front of the camera can take: convex, clockwise, and neither shrunk nor
    /// grown by more than 64 times in area since the first frame.
    private func isPlausible(_ quad: Quadrilateral) -> Bool {
        guard quad.isConvexClockwise else { return false }
        let ratio = quad.signedArea / initialArea
        return ratio > 1.0 / 64 && ratio < 64
    }
}

/// A planar tracker's answer for one frame.
public struct PlanarEstimate: Sendable, Equatable {
    /// Pixels, top-left origin, clockwise from the top left; may extend past the frame.
    public let corners: Quadrilateral
    /// 0...1; > 0.5: probably on the object, <= 0.5: probably lost.
    public let confidence: Float
}
