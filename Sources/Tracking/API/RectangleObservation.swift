import Foundation
import Imaging

/// A point in normalised coordinates: 0...1, origin at the lower-left corner of the frame.
public struct NormalizedPoint: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An immutable four-corner object (a sign, a screen, a document), normalised coordinates with
/// the origin at the lower left. Tracked by ``TrackRectangleRequest``.
///
///     let card = RectangleObservation(topLeft: NormalizedPoint(x: 0.2, y: 0.8), topRight: NormalizedPoint(x: 0.5, y: 0.82),
///                                     bottomRight: NormalizedPoint(x: 0.48, y: 0.6), bottomLeft: NormalizedPoint(x: 0.2, y: 0.58))
public struct RectangleObservation: Sendable, Equatable, Hashable {
    public let id: UUID
    public let topLeft: NormalizedPoint
    public let topRight: NormalizedPoint
    public let bottomRight: NormalizedPoint
    public let bottomLeft: NormalizedPoint
    /// 0...1; > 0.5: probably on the object; <= 0.5: probably lost.
    public let confidence: Float

    /// A new observation with a fresh id and confidence 1.
    public init(topLeft: NormalizedPoint, topRight: NormalizedPoint, bottomRight: NormalizedPoint,
                bottomLeft: NormalizedPoint) {
        self.init(id: UUID(), topLeft: topLeft, topRight: topRight, bottomRight: bottomRight,
                  bottomLeft: bottomLeft, confidence: 1)
    }

    /// An observation with a given id; the confidence is clamped to 0...1 (NaN becomes 0).
    public init(id: UUID, topLeft: NormalizedPoint, topRight: NormalizedPoint, bottomRight: NormalizedPoint,
                bottomLeft: NormalizedPoint, confidence: Float = 1) {
        self.id = id
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
        self.confidence = confidence.isNaN ? 0 : min(1, max(0, confidence))
    }

    /// The smallest axis-aligned rectangle containing the four corners (normalised, lower-left origin).
    public var boundingBox: NormalizedRect {
        let xs = [topLeft.x, topRight.x, bottomRight.x, bottomLeft.x]
        let ys = [topLeft.y, topRight.y, bottomRight.y, bottomLeft.y]
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        return NormalizedRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Pixel corners (top-left origin) on a `imageWidth` x `imageHeight` frame, converted to
    /// normalised corners (lower-left origin).
    public init(id: UUID = UUID(), corners: Quadrilateral, imageWidth: Int, imageHeight: Int, confidence: Float = 1) {
        let width = Double(max(1, imageWidth)), height = Double(max(1, imageHeight))
        func normalised(_ p: PixelPoint) -> NormalizedPoint { NormalizedPoint(x: p.x / width, y: 1 - p.y / height) }
        self.init(id: id, topLeft: normalised(corners.topLeft), topRight: normalised(corners.topRight),
                  bottomRight: normalised(corners.bottomRight), bottomLeft: normalised(corners.bottomLeft), confidence: confidence)
    }

    /// The corners in pixels, origin at the top-left pixel, on a `imageWidth` x `imageHeight` frame.
    public func pixelCorners(imageWidth: Int, imageHeight: Int) -> Quadrilateral {
        let width = Double(imageWidth), height = Double(imageHeight)
        func pixels(_ p: NormalizedPoint) -> PixelPoint { PixelPoint(x: p.x * width, y: (1 - p.y) * height) }
        return Quadrilateral(topLeft: pixels(topLeft), topRight: pixels(topRight), bottomRight: pixels(bottomRight),
                             bottomLeft: pixels(bottomLeft))
    }
}
