/// An axis-aligned rectangle in normalised image coordinates, as Apple's Vision framework uses them:
/// 0...1 on both axes, origin at the lower-left corner of the image, y growing upwards.
public struct NormalizedRect: Equatable, Hashable, Sendable, Codable {
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
}

// The one place where the two coordinate conventions meet.
extension NormalizedRect {
    /// Converts a pixel rectangle (top-left origin) of an image of the given size.
    /// Requires a positive image size.
    public init(_ rect: PixelRect, imageWidth: Int, imageHeight: Int) {
        let w = Double(imageWidth), h = Double(imageHeight)
        self.init(x: rect.x / w, y: (h - rect.maxY) / h, width: rect.width / w, height: rect.height / h)
    }
}

extension PixelRect {
    /// Converts a normalised rectangle (lower-left origin) to pixels of an image of the given size.
    public init(_ rect: NormalizedRect, imageWidth: Int, imageHeight: Int) {
        let w = Double(imageWidth), h = Double(imageHeight)
        self.init(x: rect.x * w, y: (1 - rect.maxY) * h, width: rect.width * w, height: rect.height * h)
    }
}
