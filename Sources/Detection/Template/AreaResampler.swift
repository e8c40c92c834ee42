/// Resamples a rectangle of a grey image onto a smaller (or equal) grid by area averaging: each
/// output pixel is the mean of the source area it covers, partial pixels weighted by their overlap.
/// Averaging prefilters, so strong reductions do not alias (unlike point sampling). Enlargement
/// (more output than source pixels) gives each output the source pixel(s) under its cell.
///
/// Separable: every source row the output needs is filtered horizontally once, then the output
/// rows are weighted sums of those filtered rows. Keeps its tables and buffers between calls (no
/// allocation once warmed up).
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
    /// Per output column and tap, the source column (border-clamped) its weight applies to.
    private var columnSources: [Int] = []
    /// Horizontally filtered source rows (the rows the output covers, border-clamped), `outputWidth` each.
    private var filteredRows: [Float] = []

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
        let columnTaps = columns.taps, rowTaps = rows.taps
        columnSources.removeAll(keepingCapacity: true)
        for i in 0..<outputWidth {
            for t in 0..<columnTaps { columnSources.append(min(max(columns.first[i] + t, 0), sourceWidth - 1)) }
        }
        // Rows outside the source repeat its border, so at most `sourceHeight` rows are filtered.
        let firstRow = min(max(rows.first[0], 0), sourceHeight - 1)
        let rowSpan = min(max(rows.first[outputHeight - 1] + rowTaps - 1, 0), sourceHeight - 1) - firstRow + 1
        if filteredRows.count < rowSpan * outputWidth { filteredRows = [Float](repeating: 0, count: rowSpan * outputWidth) }
        columnSources.withUnsafeBufferPointer { sources in
            columns.weights.withUnsafeBufferPointer { columnWeights in
                filteredRows.withUnsafeMutableBufferPointer { filtered in
                    // Zero weights add nothing, so every row and tap is summed without branching.
                    for r in 0..<rowSpan {
                        let base = (firstRow + r) * sourceWidth
                        for i in 0..<outputWidth {
                            var sum: Float = 0
                            for t in 0..<columnTaps { sum += columnWeights[i * columnTaps + t] * value(base + sources[i * columnTaps + t]) }
                            filtered[r * outputWidth + i] = sum
                        }
                    }
                }
            }
        }
        rows.first.withUnsafeBufferPointer { rowFirst in
            rows.weights.withUnsafeBufferPointer { rowWeights in
                filteredRows.withUnsafeBufferPointer { filtered in
                    for j in 0..<outputHeight {
                        let out = j * outputWidth
                        for i in 0..<outputWidth { output[out + i] = 0 }
                        for k in 0..<rowTaps {
                            let rowWeight = rowWeights[j * rowTaps + k]
                            guard rowWeight != 0 else { continue }
                            let line = (min(max(rowFirst[j] + k, 0), sourceHeight - 1) - firstRow) * outputWidth
                            for i in 0..<outputWidth { output[out + i] += rowWeight * filtered[line + i] }
                        }
                    }
                }
            }
        }
    }
}
