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

    /// The corners mapped by the change from box `from` to box `to` (each corner keeps its
    /// position relative to the box: moved with the centre, scaled with the size per axis).
    func moved(from old: NormalizedRect, to new: NormalizedRect, confidence: Float) -> RectangleObservation {
        let scaleX = old.width > 0 ? new.width / old.width : 1, scaleY = old.height > 0 ? new.height / old.height : 1
        func map(_ p: NormalizedPoint) -> NormalizedPoint {
            NormalizedPoint(x: new.x + (p.x - old.x) * scaleX, y: new.y + (p.y - old.y) * scaleY)
        }
        return RectangleObservation(id: id, topLeft: map(topLeft), topRight: map(topRight),
                                    bottomRight: map(bottomRight), bottomLeft: map(bottomLeft), confidence: confidence)
    }
}
