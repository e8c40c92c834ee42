/// Resamples a rectangle of a grey image onto a smaller (or equal) grid by area averaging: each
/// output pixel is the mean of the source area it covers, partial pixels weighted by their overlap.
/// Averaging prefilters, so strong reductions do not alias (unlike point sampling). Enlargement
/// (more output than source pixels) gives each output the source pixel(s) under its cell.
///
/// Keeps its weight tables and row buffer between calls (no allocation once warmed up).
struct AreaResampler {
    /// Per output index: first source index and its weights (`taps` values, zero-padded).
    private struct AxisTable {
        var first: [Int] = []
        var weights: [Float] = []
        var taps = 0

        /// Source span `[origin, origin + length)` (pixels, may be fractional) onto `count` equal cells.
        mutating func build(origin: Double, length: Double, count: Int) {
            first.removeAll(keepingCapacity: true)
            weights.removeAll(keepingCapacity: true)
            let cell = length / Double(count)
            taps = Int(cell.rounded(.up)) + 2
            for i in 0..<count {
                let start = origin + Double(i) * cell, end = start + cell
                let firstIndex = Int(start.rounded(.down))
                first.append(firstIndex)
                for k in 0..<taps {
                    let low = max(start, Double(firstIndex + k)), high = min(end, Double(firstIndex + k + 1))
                    weights.append(high > low ? Float((high - low) / cell) : 0)
                }
            }
        }
    }

    private var columns = AxisTable()
    private var rows = AxisTable()
    private var rowBuffer: [Float] = []

    /// Resamples `region` (x, y, width, height in source pixels; fractional allowed) of a
    /// `sourceWidth` x `sourceHeight` image read through `value(index)` onto `outputWidth` x
    /// `outputHeight` values written to `output` (row-major). Pixels outside the source repeat the border.
    mutating func resample(sourceWidth: Int, sourceHeight: Int, region: (x: Double, y: Double, width: Double, height: Double),
                           outputWidth: Int, outputHeight: Int, output: UnsafeMutableBufferPointer<Float>,
                           value: (Int) -> Float) {
        guard sourceWidth > 0, sourceHeight > 0, outputWidth > 0, outputHeight > 0,
              region.width > 0, region.height > 0, output.count >= outputWidth * outputHeight else { return }
        guard region.x.isFinite, region.y.isFinite, region.width.isFinite, region.height.isFinite,
              abs(region.x) <= Double(1 << 24), abs(region.y) <= Double(1 << 24),
              region.width <= Double(1 << 24), region.height <= Double(1 << 24) else { return }
        columns.build(origin: region.x, length: region.width, count: outputWidth)
        rows.build(origin: region.y, length: region.height, count: outputHeight)
        if rowBuffer.count < outputWidth { rowBuffer = [Float](repeating: 0, count: outputWidth) }
        let columnTaps = columns.taps, rowTaps = rows.taps
        columns.first.withUnsafeBufferPointer { columnFirst in
            columns.weights.withUnsafeBufferPointer { columnWeights in
                rows.first.withUnsafeBufferPointer { rowFirst in
                    rows.weights.withUnsafeBufferPointer { rowWeights in
                        rowBuffer.withUnsafeMutableBufferPointer { line in
                            for j in 0..<outputHeight {
                                for i in 0..<outputWidth { output[j * outputWidth + i] = 0 }
                                for k in 0..<rowTaps {
                                    let rowWeight = rowWeights[j * rowTaps + k]
                                    guard rowWeight != 0 else { continue }
                                    let y = min(max(rowFirst[j] + k, 0), sourceHeight - 1)
                                    let base = y * sourceWidth
                                    for i in 0..<outputWidth {
                                        var sum: Float = 0
                                        for t in 0..<columnTaps {
                                            let weight = columnWeights[i * columnTaps + t]
                                            if weight != 0 {
                                                let x = min(max(columnFirst[i] + t, 0), sourceWidth - 1)
                                                sum += weight * value(base + x)
                                            }
                                        }
                                        line[i] = sum
                                    }
                                    for i in 0..<outputWidth { output[j * outputWidth + i] += rowWeight * line[i] }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
