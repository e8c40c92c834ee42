/// A displacement in pixels: `dx` to the right, `dy` downwards (top-left origin convention).
public struct PixelOffset: Equatable, Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = PixelOffset(dx: 0, dy: 0)
}
