/// Smooth 2-D value noise on a square lattice: random values in 0...1 at lattice points, interpolated
/// with a smoothstep so that the result has no visible grid creases.
struct ValueNoise {
    /// Lattice points per row (columns + 1, so that the right edge has neighbours).
    private let latticeWidth: Int
    private let latticeHeight: Int
    private let values: [Float]

    /// A lattice covering `0...columns` x `0...rows` in lattice units.
    init(columns: Int, rows: Int, generator: inout SplitMix64) {
        latticeWidth = max(1, columns) + 1
        latticeHeight = max(1, rows) + 1
        var values = [Float](repeating: 0, count: latticeWidth * latticeHeight)
        for i in values.indices { values[i] = Float(generator.nextUnit()) }
        self.values = values
    }

    /// The noise at `(u, v)` in lattice units; positions outside the lattice are clamped to it.
    @inline(__always) func value(u: Float, v: Float) -> Float {
        let (x0, fx) = Self.cell(u, size: latticeWidth)
        let (y0, fy) = Self.cell(v, size: latticeHeight)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        return values.withUnsafeBufferPointer { lattice in
            let top = y0 * latticeWidth + x0, bottom = top + latticeWidth
            let upper = lattice[top] + (lattice[top + 1] - lattice[top]) * sx
            let lower = lattice[bottom] + (lattice[bottom + 1] - lattice[bottom]) * sx
            return upper + (lower - upper) * sy
        }
    }

    /// The lattice cell containing `t` (its index, at most `size - 2`) and the position inside it.
    @inline(__always) private static func cell(_ t: Float, size: Int) -> (Int, Float) {
        let last = Float(size - 1)
        let clamped: Float = t > 0 ? (t < last ? t : last) : 0
        let index = min(Int(clamped), size - 2)
        return (index, clamped - Float(index))
    }
}
