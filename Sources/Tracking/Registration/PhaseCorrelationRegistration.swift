import Foundation
import Imaging
import Numerics

/// Estimates the translation between consecutive frames by phase correlation, refined to sub-pixel
/// accuracy by robust Lucas-Kanade steps.
///
/// Each frame's luma is box-averaged down so that its longer side is at most ``maximumSide``
/// pixels; the mean is removed and a Hann window applied, and the normalised cross-power spectrum
/// with the previous frame is transformed back (FFTW, plans made once per size): its peak is the
/// integer shift that most of the picture agrees on, so an object moving across a smaller part of
/// the frame does not take it over. The peak's significance (its height above the surface's mean,
/// in standard deviations, against the largest value noise alone would reach) gives the confidence;
/// without significance the shift is 0. Three Gauss-Newton steps on the downscaled pictures, with
/// Huber weights on the residuals (pixels of a moving object weigh less), then refine the shift
/// (``register(_:refining:)`` can skip them and return the integer peak alone).
/// All buffers are allocated once per frame size.
final class PhaseCorrelationRegistration {
    /// Longest side of the working pictures, pixels.
    let maximumSide: Int
    private var factor = 1
    private var width = 0
    private var height = 0
    private var plan: FFTPlan?
    private var window: [Float] = []
    private var previous: [Float] = []
    private var current: [Float] = []
    private var windowed: AlignedBuffer?
    private var previousSpectrum: AlignedBuffer?
    private var spectrum: AlignedBuffer?
    private var surface: AlignedBuffer?
    private var hasPrevious = false

    init(maximumSide: Int = 320) {
        self.maximumSide = max(32, maximumSide)
    }

    /// Registers `luma` against the previous call's picture, refined to sub-pixel accuracy. A frame
    /// of another size starts over.
    func register(_ luma: Image<UInt8>) -> ImageTranslationObservation {
        register(luma, refining: true).shift
    }

    /// Registers `luma` against the previous call's picture: `peak` is the integer shift of the
    /// correlation peak, `shift` the same refined to sub-pixel accuracy when `refining` (the
    /// Gauss-Newton steps cost about as much as the rest of the registration), else the peak.
    func register(_ luma: Image<UInt8>, refining: Bool) -> (peak: ImageTranslationObservation, shift: ImageTranslationObservation) {
        guard luma.width >= 8, luma.height >= 8, luma.channels == 1 else {
            hasPrevious = false
            comparedPictures = false
            return (.none, .none)
        }
        prepare(forWidth: luma.width, height: luma.height)
        comparedPictures = hasPrevious
        swap(&previous, &current)
        downscale(luma, into: &current)
        guard let plan, let windowed, let previousSpectrum, let spectrum, let surface else { return (.none, .none) }
        applyWindow(current, into: windowed)
        plan.forward(windowed, spectrum)
        defer {
            // This frame's spectrum is the next frame's reference.
            previousSpectrum.pointer.update(from: spectrum.pointer, count: spectrum.count)
            hasPrevious = true
        }
        guard hasPrevious else { return (.none, .none) }
        let peaks = correlate(plan: plan, previous: previousSpectrum, current: spectrum, surface: surface)
        guard let strongest = peaks.first, strongest.significance > 0 else { return (.none, .none) }
        // Least median of residuals: of the hypotheses, the motion that most of the picture follows
        // (compared at their integer shifts), then refined.
        let chosen = peaks.filter { $0.significance > 0 }
            .map { (peak: $0, residual: integerMedianResidual(dx: $0.dx, dy: $0.dy)) }
            .min { $0.residual < $1.residual }?.peak
        guard let chosen else { return (.none, .none) }
        let confidence = Float(1 - exp(-chosen.significance / 5))
        let scale = Double(factor)
        let peak = ImageTranslationObservation(dx: Double(chosen.dx) * scale, dy: Double(chosen.dy) * scale, confidence: confidence)
        guard refining else { return (peak, peak) }
        let refined = refine(dx: Double(chosen.dx), dy: Double(chosen.dy))
        return (peak, ImageTranslationObservation(dx: refined.dx * scale, dy: refined.dy * scale, confidence: confidence))
    }

    /// True when the last ``register(_:)`` compared its frame with a previous one.
    private var comparedPictures = false

    /// Measures into `change` how the last registered frame differs from the previous one moved by
    /// `shift` (that frame's registration); unknown before the second frame.
    func measureChange(into change: SceneChange, shift: ImageTranslationObservation) {
        guard comparedPictures else {
            change.reset()
            return
        }
        previous.withUnsafeBufferPointer { before in
            current.withUnsafeBufferPointer { now in
                change.measure(previous: before, current: now, pictureWidth: width, pictureHeight: height,
                               factor: factor, shift: (shift.dx, shift.dy))
            }
        }
    }

    private func prepare(forWidth frameWidth: Int, height frameHeight: Int) {
        let newFactor = max(1, Int((Double(max(frameWidth, frameHeight)) / Double(maximumSide)).rounded(.up)))
        let newWidth = frameWidth / newFactor, newHeight = frameHeight / newFactor
        guard newWidth != width || newHeight != height || newFactor != factor || plan == nil else { return }
        factor = newFactor
        width = newWidth
        height = newHeight
        let count = width * height
        plan = FFTPlan.shared(rows: height, columns: width, count: 1)
        window = [Float](repeating: 0, count: count)
        for y in 0..<height {
            let wy = 0.5 - 0.5 * cos(2 * Double.pi * (Double(y) + 0.5) / Double(height))
            for x in 0..<width {
                let wx = 0.5 - 0.5 * cos(2 * Double.pi * (Double(x) + 0.5) / Double(width))
                window[y * width + x] = Float(wx * wy)
            }
        }
        previous = [Float](repeating: 0, count: count)
        current = [Float](repeating: 0, count: count)
        windowed = AlignedBuffer(count: count)
        let spectrumFloats = 2 * (plan?.spectrumCount ?? 0)
        previousSpectrum = AlignedBuffer(count: spectrumFloats)
        spectrum = AlignedBuffer(count: spectrumFloats)
        surface = AlignedBuffer(count: count)
        hasPrevious = false
    }

    /// Mean of each `factor x factor` block: the block's rows are first added up over the whole
    /// width (contiguous, vectorisable), then each run of `factor` columns.
    private func downscale(_ luma: Image<UInt8>, into output: inout [Float]) {
        let width = width, height = height, factor = factor, stride = luma.width
        let scale = 1 / Float(factor * factor)
        if rowSums.count != stride { rowSums = [UInt16](repeating: 0, count: stride) }
        luma.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { out in
                rowSums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<height {
                        for x in 0..<stride { sums[x] = 0 }
                        for row in (y * factor)..<(y * factor + factor) {
                            // Wrapping index arithmetic (the indices are in range) lets the loop vectorise.
                            let start = row &* stride
                            for x in 0..<stride { sums[x] &+= UInt16(source[start &+ x]) }
                        }
                        for x in 0..<width {
                            var sum: UInt32 = 0
                            for k in 0..<factor { sum &+= UInt32(sums[x &* factor &+ k]) }
                            out[y &* width &+ x] = Float(sum) * scale
                        }
                    }
                }
            }
        }
    }

    /// Column sums of one block of rows; a block adds at most 52 rows of 255 (frames up to 16384 px).
    private var rowSums: [UInt16] = []

    private func applyWindow(_ picture: [Float], into buffer: AlignedBuffer) {
        let count = width * height
        var mean: Float = 0
        for value in picture { mean += value }
        mean /= Float(max(1, count))
        let out = buffer.pointer
        picture.withUnsafeBufferPointer { source in
            window.withUnsafeBufferPointer { weights in
                for i in 0..<count { out[i] = (source[i] - mean) * weights[i] }
            }
        }
    }

    /// The strongest peaks of the phase-correlation surface (at most ``candidateCount``, each the
    /// largest value outside a 5x5 neighbourhood of the stronger ones): their integer shifts (content
    /// motion, working pixels) and significance (peak minus mean in standard deviations, above the
    /// extreme value of as many Gaussian samples plus 2; 0 when not above it). Two motions in the
    /// picture (the scene and an object) give two peaks.
    private func correlate(plan: FFTPlan, previous: AlignedBuffer, current: AlignedBuffer,
                           surface: AlignedBuffer) -> [(dx: Int, dy: Int, significance: Double)] {
        let complexCount = plan.spectrumCount
        // Normalised cross-power spectrum current x conj(previous) / |...|: its inverse peaks at
        // the content's motion from the previous frame to this one.
        let a = current.pointer, b = previous.pointer
        let cross = scratchSpectrum(count: 2 * complexCount)
        for k in 0..<complexCount {
            let ar = a[2 * k], ai = a[2 * k + 1], br = b[2 * k], bi = b[2 * k + 1]
            let re = ar * br + ai * bi
            let im = ai * br - ar * bi
            let magnitude = (re * re + im * im).squareRoot()
            let inverse: Float = magnitude > 1e-12 ? 1 / magnitude : 0
            cross.pointer[2 * k] = re * inverse
            cross.pointer[2 * k + 1] = im * inverse
        }
        plan.inverse(cross, surface)
        let width = width, height = height, count = width * height
        let values = surface.pointer
        var sum: Double = 0, squares: Double = 0
        for i in 0..<count {
            let value = Double(values[i])
            sum += value
            squares += value * value
        }
        let mean = sum / Double(count)
        let deviation = max(1e-12, (squares / Double(count) - mean * mean).squareRoot())
        let floor = (2 * log(Double(count))).squareRoot() + 2
        var peaks: [(dx: Int, dy: Int, significance: Double)] = []
        for _ in 0..<Self.candidateCount {
            var best = 0
            for i in 1..<count where values[i] > values[best] { best = i }
            let significance = (Double(values[best]) - mean) / deviation - floor
            guard significance > 0 || peaks.isEmpty else { break }
            let column = best % width, row = best / width
            peaks.append((column > width / 2 ? column - width : column, row > height / 2 ? row - height : row, max(0, significance)))
            for dy in -2...2 {
                for dx in -2...2 {
                    let y = (row + dy + height) % height, x = (column + dx + width) % width
                    values[y * width + x] = -Float.greatestFiniteMagnitude
                }
            }
        }
        return peaks
    }

    /// Peaks of the correlation surface tried as motion hypotheses.
    private static let candidateCount = 3

    private var crossSpectrum: AlignedBuffer?

    private func scratchSpectrum(count: Int) -> AlignedBuffer {
        if let crossSpectrum, crossSpectrum.count == count { return crossSpectrum }
        let buffer = AlignedBuffer(count: count)
        crossSpectrum = buffer
        return buffer
    }

    /// Gauss-Newton on `current(x) = previous(x - d)` over the pixels both pictures cover, starting
    /// at the integer peak. The shift is the same everywhere, so each step warps the previous picture
    /// once with fixed bilinear weights; the gradient is the mean of both pictures' (efficient
    /// second-order minimisation), and Huber weights (scale from the median absolute residual)
    /// let the pixels of a moving object weigh less.
    private func refine(dx startX: Double, dy startY: Double) -> (dx: Double, dy: Double) {
        var dx = startX, dy = startY
        let width = width, height = height, count = width * height
        if warped.count != count { warped = [Float](repeating: 0, count: count) }
        for _ in 0..<3 {
            // Interior pixels whose warped position and its neighbours lie inside the previous picture.
            let shiftX = Int(dx.rounded(.down)), shiftY = Int(dy.rounded(.down))
            let fx = Float(dx - Double(shiftX)), fy = Float(dy - Double(shiftY))
            let xStart = max(2, shiftX + 3), xEnd = min(width - 2, width - 3 + shiftX)
            let yStart = max(2, shiftY + 3), yEnd = min(height - 2, height - 3 + shiftY)
            guard xEnd - xStart >= 8, yEnd - yStart >= 8 else { break }
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, b1 = 0.0, b2 = 0.0
            previous.withUnsafeBufferPointer { prev in
                current.withUnsafeBufferPointer { cur in
                    warped.withUnsafeMutableBufferPointer { out in
                        // warped(x) = previous(x - d): previous at (x - shiftX - 1 + (1 - fx), ...).
                        let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
                        for y in (yStart - 1)..<(yEnd + 1) {
                            let sourceRow = (y - shiftY - 1) * width - shiftX - 1, targetRow = y * width
                            for x in (xStart - 1)..<(xEnd + 1) {
                                let i = sourceRow &+ x
                                // Sample at (x - dx, y - dy) = (x - shiftX - fx, ...): between i and i + 1.
                                out[targetRow &+ x] = w11 * prev[i] + w01 * prev[i &+ 1] + w10 * prev[i &+ width] + w00 * prev[i &+ width &+ 1]
                            }
                        }
                        // The residuals' scale from every other pixel of every other row.
                        let medianResidual = withClearedHistogram { bins in
                            for y in stride(from: yStart, to: yEnd, by: 2) {
                                for x in stride(from: xStart, to: xEnd, by: 2) {
                                    bins[Self.bin(abs(cur[y * width + x] - out[y * width + x]))] += 1
                                }
                            }
                        }
                        let scale = 1.345 * max(0.5, 1.4826 * medianResidual)
                        // Every other row: two unknowns need far fewer than the tens of thousands of
                        // pixels a row-complete pass would add up.
                        for y in stride(from: yStart, to: yEnd, by: 2) {
                            // Float sums per row, added up in Double.
                            var r11: Float = 0, r12: Float = 0, r22: Float = 0, s1: Float = 0, s2: Float = 0
                            let rowStart = y &* width
                            for x in xStart..<xEnd {
                                let i = rowStart &+ x
                                let r = cur[i] - out[i]
                                let gx = 0.25 * (cur[i &+ 1] - cur[i &- 1] + out[i &+ 1] - out[i &- 1])
                                let gy = 0.25 * (cur[i &+ width] - cur[i &- width] + out[i &+ width] - out[i &- width])
                                let w = min(1, scale / max(abs(r), 1e-6))
                                r11 += w * gx * gx
                                r12 += w * gx * gy
                                r22 += w * gy * gy
                                s1 += w * gx * r
                                s2 += w * gy * r
                            }
                            a11 += Double(r11)
                            a12 += Double(r12)
                            a22 += Double(r22)
                            b1 += Double(s1)
                            b2 += Double(s2)
                        }
                    }
                }
            }
            let determinant = a11 * a22 - a12 * a12
            guard determinant > 1e-9 * max(1, a11 * a22) else { break }
            // current - warped ≈ -g·δ, so δ = -A⁻¹ b.
            let stepX = -(a22 * b1 - a12 * b2) / determinant
            let stepY = -(a11 * b2 - a12 * b1) / determinant
            guard stepX.isFinite, stepY.isFinite, abs(stepX) <= 2, abs(stepY) <= 2 else { break }
            dx += stepX
            dy += stepY
            if abs(stepX) < 0.01 && abs(stepY) < 0.01 { break }
        }
        return (dx, dy)
    }

    /// Median absolute difference between this picture and the previous one moved by the integer
    /// shift `(dx, dy)`, over every other pixel of their overlap (grey levels).
    private func integerMedianResidual(dx: Int, dy: Int) -> Float {
        let width = width, height = height
        let xStart = max(0, dx), xEnd = min(width, width + dx), yStart = max(0, dy), yEnd = min(height, height + dy)
        guard xEnd - xStart >= 8, yEnd - yStart >= 8 else { return .infinity }
        return previous.withUnsafeBufferPointer { prev in
            current.withUnsafeBufferPointer { cur in
                withClearedHistogram { bins in
                    for y in stride(from: yStart, to: yEnd, by: 2) {
                        for x in stride(from: xStart, to: xEnd, by: 2) {
                            bins[Self.bin(abs(cur[y * width + x] - prev[(y - dy) * width + x - dx]))] += 1
                        }
                    }
                }
            }
        }
    }

    /// Lets `fill` count values into a histogram kept from call to call (cleared first), and returns
    /// their median (see ``bin(_:)``).
    private func withClearedHistogram(_ fill: (UnsafeMutableBufferPointer<Int>) -> Void) -> Float {
        if histogram.count != Self.histogramBins { histogram = [Int](repeating: 0, count: Self.histogramBins) }
        return histogram.withUnsafeMutableBufferPointer { bins in
            bins.update(repeating: 0)
            fill(bins)
            let total = bins.reduce(0, +)
            var seen = 0
            for bin in 0..<bins.count {
                seen += bins[bin]
                if 2 * seen >= total { return (Float(bin) + 0.5) / Self.binsPerLevel }
            }
            return 0
        }
    }

    /// The histogram bin of a non-negative value: ``binsPerLevel`` bins per grey level, the last
    /// one holding everything above.
    @inline(__always) private static func bin(_ value: Float) -> Int {
        Int(min(value * binsPerLevel, Float(histogramBins - 1)))
    }

    private var histogram: [Int] = []

    private var warped: [Float] = []
    private static let binsPerLevel: Float = 8
    private static let histogramBins = 256 * 8
}
