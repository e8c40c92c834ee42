import Imaging

/// Aligns a planar template to a frame by inverse-compositional Lucas-Kanade (Baker and Matthews,
/// "Lucas-Kanade 20 Years On") over a pyramid, estimating a full homography, with the template's
/// and the warped frame's intensities normalised by their median and median absolute deviation at
/// every iteration, so that a change of brightness or contrast does not move the estimate and an
/// occluder does not change the normalisation. Residuals are
/// weighted by Huber's function with a scale from their median (iteratively reweighted least
/// squares), so a person walking across the patch weighs less than the plane around them. Steps are
/// damped as in Levenberg-Marquardt and taken only when they lower the robust cost, so a small or
/// weakly textured patch, whose perspective is poorly determined, is never pushed off a good start.
///
/// The template lives on the square -1...1 x -1...1 (`q` coordinates); a homography `H` maps it
/// to level-0 frame coordinates (pixels, top-left origin, pixel `i` spanning `i ..< i+1`).
/// The steepest-descent images are computed once, from the first frame; each iteration costs one
/// warp of the template grid and one weighted Gauss-Newton system.
final class PlanarAlignment {
    /// One pyramid level's template.
    private struct TemplateLevel {
        let level: Int
        /// Interior sample positions, `q` coordinates, interleaved x, y.
        var points: [Float] = []
        /// Normalised template values at the points.
        var values: [Float] = []
        /// Eight steepest-descent values per point.
        var steepest: [Float] = []
        /// Mean and standard deviation of ``values``, for the correlation.
        var valueMean: Float = 0
        var valueDeviation: Float = 1
    }

    /// The result of aligning to one frame.
    struct Result {
        var homography: Homography
        /// Zero-mean normalised cross-correlation of the warped frame with the template on the
        /// finest level, -1...1.
        var correlation: Double
    }

    /// The longest template side on the finest level, samples.
    static let finestSide = 128.0
    /// The shortest template side on the coarsest level, samples.
    static let coarsestSide = 14.0
    static let maximumLevels = 4
    private static let iterationsPerLevel = 24
    /// Iterations stop when no corner moves by more than this, pixels of the level.
    private static let convergence = 0.02

    private var levels: [TemplateLevel] = []
    private let pyramid: LumaPyramid
    private var warped: [Float] = []
    /// The homography of the first frame: the template's square onto the quad it was built from.
    let reference: Homography

    /// Builds the template of the quad on the frame's luma. Throws
    /// ``TrackingError/invalidObservation(_:)`` when the quad is not a convex clockwise shape of at
    /// least 4x4 pixels.
    init(luma: Image<UInt8>, quad: Quadrilateral) throws {
        guard quad.isConvexClockwise, let reference = Homography.mapping(unitSquareTo: quad) else {
            throw TrackingError.invalidObservation("corners \(quad) are not a convex quadrilateral given clockwise from the top left")
        }
        self.reference = reference
        let c = quad.corners
        func length(_ a: PixelPoint, _ b: PixelPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let across = (length(c[0], c[1]) + length(c[3], c[2])) / 2
        let down = (length(c[0], c[3]) + length(c[1], c[2])) / 2
        guard across >= 4, down >= 4 else {
            throw TrackingError.invalidObservation("corners \(quad) enclose less than 4x4 pixels")
        }
        var finest = 0
        while max(across, down) / Double(1 << finest) > Self.finestSide { finest += 1 }
        var coarsest = finest
        while coarsest - finest + 1 < Self.maximumLevels, min(across, down) / Double(1 << (coarsest + 1)) >= Self.coarsestSide {
            coarsest += 1
        }
        pyramid = LumaPyramid(levelCount: coarsest + 1)
        pyramid.build(from: luma, finestLevel: finest)
        for level in finest...coarsest {
            let scale = Double(1 << level)
            let columns = max(4, min(Int(Self.finestSide), Int((across / scale).rounded())))
            let rows = max(4, min(Int(Self.finestSide), Int((down / scale).rounded())))
            levels.append(Self.template(level: level, columns: columns, rows: rows, map: reference, pyramid: pyramid))
        }
        // Coarse to fine.
        levels.reverse()
    }

    /// Makes `luma` the frame that ``align(from:)`` aligns to (builds its pyramid once, however
    /// many starts are then tried).
    func prepare(_ luma: Image<UInt8>) {
        pyramid.build(from: luma, finestLevel: levels.last?.level ?? 0)
    }

    /// Refines `start` (template to level-0 frame coordinates) on the frame given to
    /// ``prepare(_:)``, coarse to fine.
    func align(from start: Homography) -> Result {
        var h = start
        var correlation = -1.0
        for level in levels {
            let outcome = refine(level, from: h)
            h = outcome.homography
            correlation = outcome.correlation
        }
        return Result(homography: h, correlation: correlation)
    }

    // MARK: - Template

    private static func template(level: Int, columns: Int, rows: Int, map: Homography, pyramid: LumaPyramid) -> TemplateLevel {
        let image = pyramid.levels[level]
        let toLevel = Homography.scaling(1 / Double(1 << level)) * map
        var grid = [Float](repeating: 0, count: columns * rows)
        let stepX = 2 / Double(columns), stepY = 2 / Double(rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let q = (x: -1 + (Double(i) + 0.5) * stepX, y: -1 + (Double(j) + 0.5) * stepY)
                let p = toLevel.apply(x: q.x, y: q.y)
                grid[j * columns + i] = bilinear(image, x: p.x, y: p.y) ?? 0
            }
        }
        var result = TemplateLevel(level: level)
        var interior: [Float] = []
        for j in 1..<(rows - 1) { for i in 1..<(columns - 1) { interior.append(grid[j * columns + i]) } }
        var histogram: [Int] = []
        let (median, spread) = interior.withUnsafeBufferPointer { robustCentreAndSpread($0, histogram: &histogram) }
        let mean = Double(median), deviation = Double(spread)
        for j in 1..<(rows - 1) {
            for i in 1..<(columns - 1) {
                let x = -1 + (Double(i) + 0.5) * stepX, y = -1 + (Double(j) + 0.5) * stepY
                let gx = Double(grid[j * columns + i + 1] - grid[j * columns + i - 1]) / (2 * stepX * deviation)
                let gy = Double(grid[(j + 1) * columns + i] - grid[(j - 1) * columns + i]) / (2 * stepY * deviation)
                let sd = [gx * x, gy * x, gx * y, gy * y, gx, gy, -x * (gx * x + gy * y), -y * (gx * x + gy * y)]
                result.points.append(Float(x))
                result.points.append(Float(y))
                result.values.append(Float((Double(grid[j * columns + i]) - mean) / deviation))
                result.steepest.append(contentsOf: sd.map(Float.init))
            }
        }
        let count = Double(result.values.count)
        let valueMean = result.values.reduce(0) { $0 + Double($1) } / count
        result.valueMean = Float(valueMean)
        result.valueDeviation = Float(max(1e-6, (result.values.reduce(0) { $0 + Double($1) * Double($1) } / count - valueMean * valueMean).squareRoot()))
        return result
    }

    // MARK: - Alignment

    private func refine(_ level: TemplateLevel, from start: Homography) -> Result {
        let toLevel = Homography.scaling(1 / Double(1 << level.level))
        let toFrame = Homography.scaling(Double(1 << level.level))
        var h = toLevel * start
        guard var correlation = sampleNormalised(level, h) else { return Result(homography: start, correlation: -1) }
        var scale = robustScale(level)
        var system = weightedSystem(level, scale: scale)
        var damping = Self.initialDamping
        for _ in 0..<Self.iterationsPerLevel {
            var damped = system.hessian
            for d in 0..<8 { damped[d * 9] *= 1 + damping }
            guard let p = LinearSystem.solve(damped, system.gradient, size: 8) else { break }
            let step = Homography(m: [1 + p[0], p[2], p[4], p[1], 1 + p[3], p[5], p[6], p[7], 1])
            guard let inverseStep = step.inverted() else { break }
            let candidate = h * inverseStep
            guard candidate.isFinite, let candidateCorrelation = sampleNormalised(level, candidate),
                  robustCost(level, scale: scale) < system.cost else {
                // The step made things worse: take a shorter, more gradient-like one.
                damping *= 10
                if damping > Self.maximumDamping { break }
                continue
            }
            let moved = zip(h.quadrilateral().corners, candidate.quadrilateral().corners).map { a, b in max(abs(a.x - b.x), abs(a.y - b.y)) }
            h = candidate
            correlation = candidateCorrelation
            scale = robustScale(level)
            system = weightedSystem(level, scale: scale)
            damping = max(Self.initialDamping, damping / 10)
            if moved.max() ?? 0 < Self.convergence { break }
        }
        return Result(homography: toFrame * h, correlation: correlation)
    }

    private static let initialDamping = 1e-3
    private static let maximumDamping = 1e4

    /// Huber's threshold for the residuals of the last sampled warp: 1.345 times their robust
    /// standard deviation (1.4826 times the median absolute residual, from a histogram).
    private func robustScale(_ level: TemplateLevel) -> Float {
        let bins = 128, perUnit: Float = 32
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: bins) { histogram in
            histogram.initialize(repeating: 0)
            var total = 0
            warped.withUnsafeBufferPointer { warped in
                level.values.withUnsafeBufferPointer { template in
                    for k in 0..<template.count where !warped[k].isNaN {
                        histogram[min(bins - 1, Int(abs(warped[k] - template[k]) * perUnit))] += 1
                        total += 1
                    }
                }
            }
            var seen = 0, median: Float = 0
            for bin in 0..<bins {
                seen += histogram[bin]
                if 2 * seen >= total {
                    median = (Float(bin) + 0.5) / perUnit
                    break
                }
            }
            return 1.345 * max(0.05, 1.4826 * median)
        }
    }

    /// Huber's function of a residual's magnitude: quadratic up to `scale`, linear beyond.
    @inline(__always) private static func huber(_ magnitude: Float, scale: Float) -> Float {
        magnitude <= scale ? 0.5 * magnitude * magnitude : scale * (magnitude - 0.5 * scale)
    }

    /// Huber's cost of the residuals of the last sampled warp.
    private func robustCost(_ level: TemplateLevel, scale: Float) -> Double {
        var cost: Float = 0
        warped.withUnsafeBufferPointer { warped in
            level.values.withUnsafeBufferPointer { template in
                for k in 0..<template.count where !warped[k].isNaN {
                    cost += Self.huber(abs(warped[k] - template[k]), scale: scale)
                }
            }
        }
        return Double(cost)
    }

    /// The Gauss-Newton system of the last sampled warp with Huber weights: the weighted Hessian
    /// of the steepest-descent images, their weighted product with the residuals, and the cost.
    private func weightedSystem(_ level: TemplateLevel, scale: Float) -> (hessian: [Double], gradient: [Double], cost: Double) {
        var hessian = [Double](repeating: 0, count: 64), gradient = [Double](repeating: 0, count: 8)
        var cost: Float = 0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 44) { sums in
            sums.initialize(repeating: 0)
            warped.withUnsafeBufferPointer { warped in
                level.values.withUnsafeBufferPointer { template in
                    level.steepest.withUnsafeBufferPointer { steepest in
                        for k in 0..<template.count where !warped[k].isNaN {
                            let e = warped[k] - template[k], magnitude = abs(e)
                            let w: Float = magnitude <= scale ? 1 : scale / magnitude
                            cost += Self.huber(magnitude, scale: scale)
                            let s = 8 &* k
                            var index = 0
                            for a in 0..<8 {
                                let wa = w * steepest[s &+ a]
                                sums[36 &+ a] += wa * e
                                for b in a..<8 {
                                    sums[index] += wa * steepest[s &+ b]
                                    index &+= 1
                                }
                            }
                        }
                    }
                }
            }
            var index = 0
            for a in 0..<8 {
                gradient[a] = Double(sums[36 + a])
                for b in a..<8 {
                    hessian[a * 8 + b] = Double(sums[index])
                    hessian[b * 8 + a] = Double(sums[index])
                    index += 1
                }
            }
        }
        return (hessian, gradient, Double(cost))
    }

    /// Samples the level's image at the template points mapped by `h` (template to level
    /// coordinates) into `warped`, normalised by their median and spread (NaN outside the
    /// image), and returns their correlation with the template; nil when fewer than half the
    /// points land inside.
    private func sampleNormalised(_ level: TemplateLevel, _ h: Homography) -> Double? {
        let image = pyramid.levels[level.level]
        let count = level.values.count
        if warped.count < count { warped = [Float](repeating: 0, count: count) }
        let m = InlineArray<9, Float> { Float(h.m[$0]) }
        var sum: Float = 0, squares: Float = 0, inside = 0
        warped.withUnsafeMutableBufferPointer { warped in
            level.points.withUnsafeBufferPointer { points in
                image.values.withUnsafeBufferPointer { pixels in
                    let width = image.width, height = image.height
                    for k in 0..<count {
                        let x = points[2 * k], y = points[2 * k + 1]
                        let w = m[6] * x + m[7] * y + m[8]
                        let u = (m[0] * x + m[1] * y + m[2]) / w - 0.5
                        let v = (m[3] * x + m[4] * y + m[5]) / w - 0.5
                        guard u >= 0, v >= 0, u < Float(width - 1), v < Float(height - 1) else {
                            warped[k] = .nan
                            continue
                        }
                        let x0 = Int(u), y0 = Int(v)
                        let fx = u - Float(x0), fy = v - Float(y0)
                        let i = y0 * width + x0
                        let top = pixels[i] + fx * (pixels[i + 1] - pixels[i])
                        let bottom = pixels[i + width] + fx * (pixels[i + width + 1] - pixels[i + width])
                        let value = top + fy * (bottom - top)
                        warped[k] = value
                        sum += value
                        squares += value * value
                        inside += 1
                    }
                }
            }
        }
        guard inside * 2 >= count, inside > 0 else { return nil }
        let (median, spread) = warped.withUnsafeBufferPointer {
            Self.robustCentreAndSpread(UnsafeBufferPointer(rebasing: $0[..<count]), histogram: &histogram)
        }
        var product: Float = 0
        warped.withUnsafeMutableBufferPointer { warped in
            level.values.withUnsafeBufferPointer { template in
                for k in 0..<count where !warped[k].isNaN {
                    warped[k] = (warped[k] - median) / spread
                    product += warped[k] * template[k]
                }
            }
        }
        // Pearson's correlation of the samples with the template, whatever their normalisation.
        let n = Float(inside)
        let mean = (sum / n - median) / spread
        let deviation = max(1e-6, (squares / n - (sum / n) * (sum / n)).squareRoot() / spread)
        return Double((product / n - mean * level.valueMean) / (deviation * level.valueDeviation))
    }

    /// The median of the values that are not NaN, and their spread (1.4826 times the median
    /// absolute deviation, the standard deviation for Gaussian values), from histograms of
    /// quarter grey levels; the spread is at least 0.25. Unlike the mean and the standard
    /// deviation, neither moves much when an occluder covers part of the patch.
    private static func robustCentreAndSpread(_ values: UnsafeBufferPointer<Float>, histogram: inout [Int]) -> (Float, Float) {
        let bins = 1024, perLevel: Float = 4
        if histogram.count != bins { histogram = [Int](repeating: 0, count: bins) }
        return histogram.withUnsafeMutableBufferPointer { histogram in
            func median(_ value: (Float) -> Float) -> Float {
                histogram.update(repeating: 0)
                var total = 0
                for v in values where !v.isNaN {
                    histogram[min(bins - 1, max(0, Int(value(v) * perLevel)))] += 1
                    total += 1
                }
                // Interpolated within the bin where the count passes half the total.
                var seen = 0
                for bin in 0..<bins where histogram[bin] > 0 {
                    if 2 * (seen + histogram[bin]) >= total {
                        let fraction = (Float(total) / 2 - Float(seen)) / Float(histogram[bin])
                        return (Float(bin) + fraction) / perLevel
                    }
                    seen += histogram[bin]
                }
                return 0
            }
            let centre = median { $0 }
            let spread = median { abs($0 - centre) }
            return (centre, max(0.25, 1.4826 * spread))
        }
    }

    private var histogram: [Int] = []

    /// Bilinear sample at continuous level coordinates (pixel `i` spans `i ..< i+1`); nil outside.
    private static func bilinear(_ image: LumaPyramid.Level, x: Double, y: Double) -> Float? {
        let u = x - 0.5, v = y - 0.5
        guard u >= 0, v >= 0, u < Double(image.width - 1), v < Double(image.height - 1) else { return nil }
        let x0 = Int(u), y0 = Int(v)
        let fx = Float(u - Double(x0)), fy = Float(v - Double(y0))
        let i = y0 * image.width + x0
        let top = image.values[i] + fx * (image.values[i + 1] - image.values[i])
        let bottom = image.values[i + image.width] + fx * (image.values[i + image.width + 1] - image.values[i + image.width])
        return top + fy * (bottom - top)
    }
}
