import Imaging

/// A plane-to-plane projective map, a 3x3 matrix in row-major order acting on `(x, y, 1)`.
///
///     let h = Homography.mapping(unitSquareTo: quad)   // (-1,-1) -> top-left ... (-1, 1) -> bottom-left
///     let p = h.apply(x: 0, y: 0)                      // the quad's projective centre
struct Homography: Sendable {
    /// Row-major entries, stored inline: the alignment composes homographies in its inner loop.
    var m: InlineArray<9, Double>

    /// True when every entry is finite.
    var isFinite: Bool {
        for i in m.indices where !m[i].isFinite { return false }
        return true
    }

    static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// A translation by `(dx, dy)`.
    static func translation(dx: Double, dy: Double) -> Homography {
        Homography(m: [1, 0, dx, 0, 1, dy, 0, 0, 1])
    }

    /// A scaling of both axes by `factor` about the origin.
    static func scaling(_ factor: Double) -> Homography {
        Homography(m: [factor, 0, 0, 0, factor, 0, 0, 0, 1])
    }

    /// Maps `(x, y)`; non-finite when the point maps to infinity.
    func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// `self` after `other`: `(self * other).apply(p) == self.apply(other.apply(p))`.
    static func * (lhs: Homography, rhs: Homography) -> Homography {
        var r = InlineArray<9, Double>(repeating: 0)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = lhs.m[i * 3] * rhs.m[j] + lhs.m[i * 3 + 1] * rhs.m[3 + j] + lhs.m[i * 3 + 2] * rhs.m[6 + j]
            }
        }
        return Homography(m: r)
    }

    /// The inverse map, or nil when the matrix is singular or not finite.
    func inverted() -> Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let inverse: InlineArray<9, Double> = [c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                                               c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                                               c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        return Homography(m: InlineArray { inverse[$0] / determinant })
    }

    /// The map taking the square's corners (-1,-1), (1,-1), (1,1), (-1,1) to the quad's top-left,
    /// top-right, bottom-right and bottom-left corners; nil when three corners are collinear.
    static func mapping(unitSquareTo quad: Quadrilateral) -> Homography? {
        let source: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        let target = quad.corners
        // Eight equations in the eight unknowns h0...h7 (h8 = 1).
        var a = [Double](repeating: 0, count: 64), b = [Double](repeating: 0, count: 8)
        for (k, ((x, y), p)) in zip(source, target).enumerated() {
            let r = 2 * k
            a.replaceSubrange(r * 8..<(r * 8 + 8), with: [x, y, 1, 0, 0, 0, -x * p.x, -y * p.x])
            a.replaceSubrange((r + 1) * 8..<((r + 1) * 8 + 8), with: [0, 0, 0, x, y, 1, -x * p.y, -y * p.y])
            b[r] = p.x
            b[r + 1] = p.y
        }
        guard let h = LinearSystem.solve(a, b, size: 8) else { return nil }
        return Homography(m: InlineArray { $0 < 8 ? h[$0] : 1 })
    }

    /// The quad the unit square's corners map to.
    func quadrilateral() -> Quadrilateral {
        func corner(_ x: Double, _ y: Double) -> PixelPoint {
            let p = apply(x: x, y: y)
            return PixelPoint(x: p.x, y: p.y)
        }
        return Quadrilateral(topLeft: corner(-1, -1), topRight: corner(1, -1), bottomRight: corner(1, 1), bottomLeft: corner(-1, 1))
    }
}

/// Small dense linear systems, solved in double precision.
enum LinearSystem {
    /// Solves `a x = b` for a `size` x `size` row-major `a` by Gaussian elimination with partial
    /// pivoting; nil when `a` is singular or the solution is not finite.
    static func solve(_ a: [Double], _ b: [Double], size n: Int) -> [Double]? {
        var a = a, b = b
        for column in 0..<n {
            var pivot = column
            for row in (column + 1)..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
            guard abs(a[pivot * n + column]) > 1e-12 else { return nil }
            if pivot != column {
                for k in 0..<n { a.swapAt(column * n + k, pivot * n + k) }
                b.swapAt(column, pivot)
            }
            let diagonal = a[column * n + column]
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / diagonal
                guard factor != 0 else { continue }
                for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
            x[row] = sum / a[row * n + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
