/// Inclusive integer pixel bounds, possibly reaching outside a frame; used to clip drawing.
struct PixelBounds: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    /// Coordinates further than this from the origin are clamped, so that any finite rectangle,
    /// however large, maps to integers whose sums cannot overflow.
    static let coordinateLimit = 1 << 30

    /// The pixels a rectangle covers once its edges are rounded to whole pixels: columns
    /// `round(x) ..< round(x + width)` (at least one), likewise rows. A negative width or height spans
    /// the same pixels as its positive counterpart. `nil` when any coordinate is NaN.
    init?(_ rect: PixelRect) {
        guard !rect.x.isNaN, !rect.y.isNaN, !rect.width.isNaN, !rect.height.isNaN else { return nil }
        let x0 = Self.clampedPixel(rect.x), x1 = Self.clampedPixel(rect.x + rect.width)
        let y0 = Self.clampedPixel(rect.y), y1 = Self.clampedPixel(rect.y + rect.height)
        minX = min(x0, x1)
        maxX = max(minX, max(x0, x1) - 1)
        minY = min(y0, y1)
        maxY = max(minY, max(y0, y1) - 1)
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Rounds to the nearest integer and clamps to ±``coordinateLimit``; infinities clamp, NaN gives 0.
    static func clampedPixel(_ value: Double) -> Int {
        let limit = Double(coordinateLimit)
        let clamped: Double = value > -limit ? (value < limit ? value : limit) : (value.isNaN ? 0 : -limit)
        return Int(clamped.rounded())
    }

    /// Clamps an integer coordinate to ±``coordinateLimit``.
    static func clamped(_ value: Int) -> Int {
        min(max(value, -coordinateLimit), coordinateLimit)
    }

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }

    /// The part inside a `width` x `height` frame, or `nil` when none is.
    func clipped(width frameWidth: Int, height frameHeight: Int) -> PixelBounds? {
        let clipped = PixelBounds(minX: max(minX, 0), minY: max(minY, 0),
                                  maxX: min(maxX, frameWidth - 1), maxY: min(maxY, frameHeight - 1))
        return clipped.minX <= clipped.maxX && clipped.minY <= clipped.maxY ? clipped : nil
    }

    /// The rectangle these bounds cover, in pixels with a top-left origin.
    var rect: PixelRect {
        PixelRect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height))
    }
}

/// Which pixels of a straight band (one edge of an outline) are drawn when it is dashed: those whose
/// distance along the edge, `alongX * x + alongY * y + offset`, falls in the first `dash` pixels of
/// each `dash + gap` period.
struct DashPattern {
    var dash: Int
    var period: Int
    var alongX: Int
    var alongY: Int
    var offset: Int

    @inline(__always) func isDrawn(x: Int, y: Int) -> Bool {
        let distance = alongX * x + alongY * y + offset
        return ((distance % period) + period) % period < dash
    }
}
