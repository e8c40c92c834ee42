/// An axis-aligned rectangle in pixels, origin at the top-left pixel, y growing downwards.
///
/// This is the convention of the command line, CSV files, MOT files and drawing.
/// The library's tracking API uses ``NormalizedRect`` instead; convert with
/// ``PixelRect/init(_:imageWidth:imageHeight:)`` and ``NormalizedRect/init(_:imageWidth:imageHeight:)``.
public struct PixelRect: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }
    public var area: Double { max(0, width) * max(0, height) }

    /// True when every coordinate is finite and both sides are positive.
    public var isValid: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// True when the point (`x`, `y`) (pixels) lies in the rectangle, edges included.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px <= maxX && py >= y && py <= maxY
    }

    /// The rectangle with the same centre and the given size.
    public func resized(width newWidth: Double, height newHeight: Double) -> PixelRect {
        PixelRect(x: centerX - newWidth / 2, y: centerY - newHeight / 2, width: newWidth, height: newHeight)
    }

    /// The overlap with another rectangle, or `nil` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Intersection over union in 0...1; 0 when either rectangle is empty.
    public func iou(_ other: PixelRect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? overlap.area / union : 0
    }

    /// The share (0...1) of the rectangle's area inside a `width` x `height` frame; 0 for an empty rectangle.
    public func shareInside(width frameWidth: Int, height frameHeight: Int) -> Double {
        let area = width * height
        guard area > 0, let inside = clipped(toWidth: frameWidth, height: frameHeight) else { return 0 }
        return min(1, inside.width * inside.height / area)
    }

    /// The part of the rectangle inside a `width` x `height` frame, or `nil` when none is.
    public func clipped(toWidth frameWidth: Int, height frameHeight: Int) -> PixelRect? {
        intersection(PixelRect(x: 0, y: 0, width: Double(frameWidth), height: Double(frameHeight)))
    }

    /// `x,y,width,height`, each rounded to 0.01 px.
    public var description: String {
        [x, y, width, height].map { formatPixels($0) }.joined(separator: ",")
    }
}

/// A pixel coordinate rounded to 0.01 px, without trailing zeros ("12", "12.5", "12.25").
public func formatPixels(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "\(value)" }
    let whole = Int(hundredths)
    if whole % 100 == 0 { return String(whole / 100) }
    return "\(hundredths / 100)"
}
