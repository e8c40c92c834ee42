/// A small, fast, seeded pseudo-random generator (SplitMix64) whose sequence depends only on the seed,
/// on every platform and Swift version: the basis of reproducible synthetic scenes.
///
///     var generator = SplitMix64(seed: 42)
///     let x = generator.nextUnit()          // in 0..<1
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// A uniform value in `0..<1` built from the top 53 bits of ``next()``.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform value in `range` (the upper bound is never reached unless the range is empty).
    public mutating func next(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// The SplitMix64 output function: a bijective scramble of 64 bits, also usable as a stateless hash.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
