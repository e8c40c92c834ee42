import Foundation
import Imaging

/// Finds one particular object again from the colours it had when it was first seen: the cue that
/// still works where a grey template does not, on a small object seen from far away, turned, or
/// shrunk (a person from a drone, a car after the drone turned). Make one per track.
///
/// The object is described by its kernel-weighted colour histogram (Comaniciu, Ramesh and Meer,
/// "Kernel-based object tracking", 2003): RGB quantised to 8 levels a channel, each pixel weighted
/// by a product Epanechnikov kernel over the box, `(1 - u²)(1 - v²)` with u and v from -1 to 1
/// across it, so that the background at the box's edges counts little. Two histograms are
/// compared by the Bhattacharyya coefficient, 0...1 (1: the same colour distribution). It is
/// insensitive to rotation, to a change of scale and to the object's shape, and blind to
/// everything but colour.
///
/// A search tiles the region with cells of a sixth of the object's size, histograms each cell
/// once, and scores every window of 6 x 6 cells (the separable kernel taken at the cell centres)
/// at three sizes around the given one; the best windows, at least one object size apart, are
/// then scored exactly. Frames without colour give nothing.
public final class ColourRedetector {
    /// Levels per channel; the histogram has `levels³` bins.
    private static let levels = 8
    private static let shift = 5
    /// Cells along each side of a search window.
    private static let cellsPerSide = 6
    /// Object sizes tried by a search, relative to the size asked for.
    private static let scales = [1 / 1.25, 1, 1.25]

    /// The first appearance's histogram over the bins it uses (see ``supportIndex``), summing to 1.
    private let reference: [Float]
    /// For each of the `levels³` bins, its index in ``reference``, or -1 when the first appearance
    /// has none of that colour (such bins add nothing to the Bhattacharyya coefficient).
    private let supportIndex: [Int32]
    /// Square roots of ``reference``.
    private let rootReference: [Float]
    private let lock = NSLock()
    private var cellHistograms: [Float] = []
    private var cellTotals: [Float] = []
    /// Per cell row and window position: the kernel-weighted sums along the row (bins, then the total).
    private var rowSums: [Float] = []
    private var window: [Float] = []
    private var scores: [Float] = []
    private var sampleColumns: [Int] = []

    /// Learns the object's colours from `box` (pixels, top-left origin) on `frame`; nil when the
    /// frame has no colour or less than 4 x 4 pixels of the box lie inside it.
    public init?(frame: ImageFrame, box: PixelRect) {
        guard let rgb = frame.rgb, let histogram = Self.histogram(rgb, box: box) else { return nil }
        var index = [Int32](repeating: -1, count: histogram.count)
        var values: [Float] = []
        for (bin, value) in histogram.enumerated() where value > 0 {
            index[bin] = Int32(values.count)
            values.append(value)
        }
        guard !values.isEmpty else { return nil }
        reference = values
        rootReference = values.map { $0.squareRoot() }
        supportIndex = index
    }

    /// Bhattacharyya coefficient (0...1) between the colours in `box` on `frame` and the object's
    /// first appearance; 0 when the frame has no colour or the box hardly overlaps it.
    public func agreement(in frame: ImageFrame, box: PixelRect) -> Float {
        guard let rgb = frame.rgb, let histogram = Self.histogram(rgb, box: box) else { return 0 }
        var sum: Float = 0
        for (bin, value) in histogram.enumerated() where value > 0 {
            let i = Int(supportIndex[bin])
            if i >= 0 { sum += (value * reference[i]).squareRoot() }
        }
        return min(1, sum)
    }

    /// The places in `region` (pixels) whose colours agree best with the first appearance, for
    /// an object about `width` x `height` pixels: up to `limit` boxes, best first, their centres more
    /// than one object size apart, each with its exact ``agreement(in:box:)``.
    public func search(in frame: ImageFrame, within region: PixelRect, width: Double, height: Double,
                       limit: Int = 5) -> [(box: PixelRect, agreement: Float)] {
        guard let rgb = frame.rgb, width >= 4, height >= 4, width.isFinite, height.isFinite,
              let area = region.clipped(toWidth: rgb.width, height: rgb.height) else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let spacing = (width * height).squareRoot()
        var coarse: [(box: PixelRect, score: Float)] = []
        for scale in Self.scales {
            coarse += scan(rgb, area: area, width: width * scale, height: height * scale, spacing: spacing, limit: limit)
        }
        coarse.sort { $0.score > $1.score }
        var chosen: [PixelRect] = []
        for candidate in coarse where chosen.count < limit {
            let apart = chosen.allSatisfy {
                hypot($0.centerX - candidate.box.centerX, $0.centerY - candidate.box.centerY) > spacing
            }
            if apart { chosen.append(candidate.box) }
        }
        return chosen.map { (box: $0, agreement: agreement(in: frame, box: $0)) }.sorted { $0.agreement > $1.agreement }
    }

    /// Scores every window of `cellsPerSide²` cells in `area` for an object of `width` x `height`
    /// (its Bhattacharyya coefficient, the kernel taken at cell centres) and returns the best
    /// `limit` windows whose places are more than `spacing` pixels apart.
    private func scan(_ rgb: Image<UInt8>, area: PixelRect, width: Double, height: Double, spacing: Double,
                      limit: Int) -> [(box: PixelRect, score: Float)] {
        let side = Self.cellsPerSide
        let cellWidth = width / Double(side), cellHeight = height / Double(side)
        let columns = Int(area.width / cellWidth), rows = Int(area.height / cellHeight)
        guard columns >= side, rows >= side, columns * rows <= 1 << 20 else { return [] }
        let bins = reference.count
        cellHistograms.removeAll(keepingCapacity: true)
        cellHistograms.append(contentsOf: repeatElement(0, count: columns * rows * bins))
        cellTotals.removeAll(keepingCapacity: true)
        cellTotals.append(contentsOf: repeatElement(0, count: columns * rows))
        // A few samples per cell row and column are enough for a histogram of a cell.
        let step = max(1, Int(min(cellWidth, cellHeight) / 4))
        let x0 = Int(area.x), y0 = Int(area.y)
        let x1 = min(rgb.width, Int(area.x + Double(columns) * cellWidth))
        let y1 = min(rgb.height, Int(area.y + Double(rows) * cellHeight))
        sampleColumns.removeAll(keepingCapacity: true)
        for x in stride(from: x0, to: x1, by: step) { sampleColumns.append(min(columns - 1, Int(Double(x - x0) / cellWidth))) }
        rgb.pixels.withUnsafeBufferPointer { pixels in
            supportIndex.withUnsafeBufferPointer { support in
                cellHistograms.withUnsafeMutableBufferPointer { histograms in
                    cellTotals.withUnsafeMutableBufferPointer { totals in
                        for y in stride(from: y0, to: y1, by: step) {
                            let row = min(rows - 1, Int(Double(y - y0) / cellHeight))
                            let line = y * rgb.width * 3
                            for (sample, column) in sampleColumns.enumerated() {
                                let x = x0 + sample * step
                                let cell = row * columns + column
                                totals[cell] += 1
                                let p = line + 3 * x
                                let bin = Self.bin(pixels[p], pixels[p + 1], pixels[p + 2])
                                let i = Int(support[bin])
                                if i >= 0 { histograms[cell * bins + i] += 1 }
                            }
                        }
                    }
                }
            }
        }
        // The kernel is separable: weight the cells along each row, then the row sums down each column.
        let kernel = Self.cellKernel(side)
        let lefts = columns - side + 1, tops = rows - side + 1
        rowSums.removeAll(keepingCapacity: true)
        let entry = bins + 1
        rowSums.append(contentsOf: repeatElement(0, count: rows * lefts * entry))
        cellHistograms.withUnsafeBufferPointer { histograms in
            cellTotals.withUnsafeBufferPointer { totals in
                rowSums.withUnsafeMutableBufferPointer { sums in
                    guard let cellBase = histograms.baseAddress, let sumBase = sums.baseAddress else { return }
                    for row in 0..<rows {
                        for left in 0..<lefts {
                            let target = (row * lefts + left) * entry
                            for c in 0..<side {
                                let weight = kernel[c], cell = row * columns + left + c
                                Self.accumulate(cellBase + cell * bins, times: weight, into: sumBase + target, count: bins)
                                sums[target + bins] += weight * totals[cell]
                            }
                        }
                    }
                }
            }
        }
        window.removeAll(keepingCapacity: true)
        window.append(contentsOf: repeatElement(0, count: entry))
        scores.removeAll(keepingCapacity: true)
        scores.append(contentsOf: repeatElement(0, count: tops * lefts))
        rowSums.withUnsafeBufferPointer { sums in
            rootReference.withUnsafeBufferPointer { root in
                window.withUnsafeMutableBufferPointer { window in
                    scores.withUnsafeMutableBufferPointer { scores in
                        guard let sumBase = sums.baseAddress, let windowBase = window.baseAddress else { return }
                        for top in 0..<tops {
                            for left in 0..<lefts {
                                for i in 0..<entry { window[i] = 0 }
                                for r in 0..<side {
                                    let weight = kernel[r], source = ((top + r) * lefts + left) * entry
                                    Self.accumulate(sumBase + source, times: weight, into: windowBase, count: entry)
                                }
                                let total = window[bins]
                                guard total > 0 else { continue }
                                // Square roots first, in a loop of their own that compiles to vector instructions.
                                for i in 0..<bins { windowBase[i] = max(0, windowBase[i]).squareRoot() }
                                var sum: Float = 0
                                for i in 0..<bins { sum += root[i] * windowBase[i] }
                                scores[top * lefts + left] = sum / total.squareRoot()
                            }
                        }
                    }
                }
            }
        }
        // The best windows more than `spacing` pixels apart, best first.
        var results: [(box: PixelRect, score: Float)] = []
        var picked: [(top: Int, left: Int)] = []
        while results.count < limit {
            var best = -Float.infinity, bestIndex = -1
            for index in 0..<scores.count where scores[index] > best {
                let top = index / lefts, left = index % lefts
                if picked.contains(where: { hypot(Double($0.top - top) * cellHeight, Double($0.left - left) * cellWidth) <= spacing }) {
                    continue
                }
                best = scores[index]
                bestIndex = index
            }
            guard bestIndex >= 0, best > 0 else { break }
            let top = bestIndex / lefts, left = bestIndex % lefts
            picked.append((top, left))
            results.append((PixelRect(x: area.x + Double(left) * cellWidth, y: area.y + Double(top) * cellHeight,
                                      width: width, height: height), best))
        }
        return results
    }

    /// `target[i] += weight * source[i]` for `i` in `0..<count`: the inner loop of the kernel sums,
    /// on raw pointers so that it compiles to vector instructions.
    @inline(__always)
    private static func accumulate(_ source: UnsafePointer<Float>, times weight: Float, into target: UnsafeMutablePointer<Float>,
                                   count: Int) {
        for i in 0..<count { target[i] += weight * source[i] }
    }

    /// The kernel's profile `1 - u²` at the centres of `side` cells along one axis.
    private static func cellKernel(_ side: Int) -> [Float] {
        (0..<side).map { index in
            let u = (Double(index) + 0.5) / Double(side) * 2 - 1
            return Float(1 - u * u)
        }
    }

    private static func bin(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        (Int(red) >> shift) * levels * levels + (Int(green) >> shift) * levels + (Int(blue) >> shift)
    }

    /// The kernel-weighted histogram of `box` over all `levels³` bins, summing to 1; nil when
    /// less than 4 x 4 pixels of it lie in the image.
    private static func histogram(_ rgb: Image<UInt8>, box: PixelRect) -> [Float]? {
        guard box.isValid, let inside = box.clipped(toWidth: rgb.width, height: rgb.height),
              inside.width >= 4, inside.height >= 4 else { return nil }
        var histogram = [Float](repeating: 0, count: levels * levels * levels)
        let x0 = Int(inside.x), y0 = Int(inside.y)
        let x1 = min(rgb.width, Int(inside.maxX.rounded(.up))), y1 = min(rgb.height, Int(inside.maxY.rounded(.up)))
        let halfWidth = box.width / 2, halfHeight = box.height / 2
        var total: Float = 0
        rgb.pixels.withUnsafeBufferPointer { pixels in
            histogram.withUnsafeMutableBufferPointer { histogram in
                for y in y0..<y1 {
                    let v = (Double(y) + 0.5 - box.centerY) / halfHeight
                    let line = y * rgb.width * 3
                    for x in x0..<x1 {
                        let u = (Double(x) + 0.5 - box.centerX) / halfWidth
                        let weight = Float((1 - u * u) * (1 - v * v))
                        guard weight > 0 else { continue }
                        let p = line + 3 * x
                        histogram[bin(pixels[p], pixels[p + 1], pixels[p + 2])] += weight
                        total += weight
                    }
                }
            }
        }
        guard total > 0 else { return nil }
        return histogram.map { $0 / total }
    }
}
