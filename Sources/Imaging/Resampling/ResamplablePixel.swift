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
        // Below 0.5 the sum `value + 0.5` can round up to 1 (0.49999997 + 0.5 == 1 in Float); from 0.5
        // up it is exact, so truncating it rounds half away from zero, as `rounded()` does.
        let clamped: Float = value > 0 ? (value < 255 ? value : 255) : 0
        self = clamped < 0.5 ? 0 : UInt8(clamped + 0.5)
    }
}

extension Float: ResamplablePixel {
    @inline(__always) public var sampleValue: Float { self }
    @inline(__always) public init(fromSample value: Float) { self = value }
}
