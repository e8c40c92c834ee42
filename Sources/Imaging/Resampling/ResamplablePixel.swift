/// Pixel types the resampling code reads as `Float` and writes back from `Float` (`UInt8`, `Float`).
public protocol ResamplablePixel: Sendable {
    /// The value as a `Float`, unchanged (0...255 for `UInt8`).
    var sampleValue: Float { get }
    /// Converts back: `UInt8` rounds to nearest and clamps to 0...255 (NaN becomes 0); `Float` keeps the value.
    init(fromSample value: Float)
}

extension UInt8: ResamplablePixel {
    @inline(__always) public var sampleValue: Float { Float(self) }

    @inline(__always) public init(fromSample value: Float) {
        // Comparisons are false for NaN, so NaN lands on 0 instead of reaching the trapping conversion.
        let clamped: Float = value > 0 ? (value < 255 ? value : 255) : 0
        self = UInt8(clamped + 0.5)
    }
}

extension Float: ResamplablePixel {
    @inline(__always) public var sampleValue: Float { self }
    @inline(__always) public init(fromSample value: Float) { self = value }
}
