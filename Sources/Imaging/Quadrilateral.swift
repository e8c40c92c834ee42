/// A point in pixels, origin at the top-left pixel, y growing downwards.
public struct PixelPoint: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Four corners of a planar object seen in perspective (a sign, a screen, a document, a plate),
/// in pixels with the origin at the top-left pixel, clockwise on screen from the top-left corner.
///
///     let sign = Quadrilateral(topLeft: PixelPoint(x: 100, y: 80), topRight: PixelPoint(x: 220, y: 90),
///                              bottomRight: PixelPoint(x: 215, y: 170), bottomLeft: PixelPoint(x: 98, y: 160))
public struct Quadrilateral: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var topLeft: PixelPoint
    public var topRight: PixelPoint
    public var bottomRight: PixelPoint
    public var bottomLeft: PixelPoint

    public init(topLeft: PixelPoint, topRight: PixelPoint, bottomRight: PixelPoint, bottomLeft: PixelPoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The quadrilateral of `x1,y1,x2,y2,x3,y3,x4,y4` (top-left corner first, clockwise); nil
    /// unless there are exactly eight values.
    public init?(coordinates v: [Double]) {
        guard v.count == 8 else { return nil }
        self.init(topLeft: PixelPoint(x: v[0], y: v[1]), topRight: PixelPoint(x: v[2], y: v[3]),
                  bottomRight: PixelPoint(x: v[4], y: v[5]), bottomLeft: PixelPoint(x: v[6], y: v[7]))
    }

    /// The corners in order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [PixelPoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The smallest axis-aligned rectangle containing the corners.
    public var boundingBox: PixelRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return PixelRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Signed area by the shoelace formula, square pixels: positive when the corners run clockwise
    /// on screen (y down), as they must.
    public var signedArea: Double {
        let points = corners
        var twice = 0.0
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            twice += a.x * b.y - b.x * a.y
        }
        return twice / 2
    }

    /// True when every coordinate is finite and the corners make a convex quadrilateral, clockwise
    /// on screen, with a positive area: the shape a plane seen in perspective can have.
    public var isConvexClockwise: Bool {
        let points = corners
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4], c = points[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard cross > 0 else { return false }
        }
        return true
    }

    /// The mean distance between corresponding corners, pixels.
    public func meanCornerDistance(to other: Quadrilateral) -> Double {
        zip(corners, other.corners).reduce(0) { sum, pair in
            let dx = pair.0.x - pair.1.x, dy = pair.0.y - pair.1.y
            return sum + (dx * dx + dy * dy).squareRoot()
        } / 4
    }

    /// `x1,y1,x2,y2,x3,y3,x4,y4` from the top-left corner clockwise, each rounded to 0.01 px.
    public var description: String {
        corners.flatMap { [formatPixels($0.x), formatPixels($0.y)] }.joined(separator: ",")
    }
}
