/// Resizes 8-bit grey images with the arithmetic of OpenCV's bit-exact bilinear resize
/// (`resize(..., INTER_LINEAR_EXACT)` for `CV_8U`, which `CascadeClassifier` uses for its pyramid):
/// source positions in double precision, 8-bit fixed-point weights rounded half to even, a
/// horizontal then a vertical pass, border rows and columns repeating the edge pixel. An exact
/// halving of both sides averages 2x2 blocks instead, as OpenCV does.
/// Keeps its tables and row buffers between calls.
struct LinearResizer {
    /// One axis: for each output index the first source index and its two weights (sum 256),
    /// and the output range `[first, end)` that interpolates (before it: the first source pixel,
    /// after it: the last).
    private struct Axis {
        var offsets: [Int] = []
        var weights: [Int32] = []
        var first = 0
        var end = 0

        mutating func build(sourceCount: Int, count: Int) {
            offsets.removeAll(keepingCapacity: true)
            weights.removeAll(keepingCapacity: true)
            let scale = 1 / (Double(count) / Double(sourceCount))
            first = 0
            end = count
            for i in 0..<count {
                let position = scale * (Double(i) + 0.5) - 0.5
                let index = Int(position.rounded(.down))
                var offset = 0, far: Int32 = 0
                if index >= 0 && sourceCount > 1 {
                    if index < sourceCount - 1 {
                        offset = index
                        far = Int32(((position - Double(index)) * 256).rounded(.toNearestOrEven))
                    } else {
                        offset = sourceCount - 1
                        end = min(end, i)
                    }
                } else {
                    first = max(first, i + 1)
                }
                offsets.append(offset)
                weights.append(max(256 - far, 0))
                weights.append(far)
            }
        }
    }

    private var columns = Axis()
    private var rows = Axis()
    private var upper: [Int32] = []
    private var lower: [Int32] = []

    /// Resizes `source` (`sourceWidth` x `sourceHeight`, row length `sourceWidth`) into `destination`
    /// (`width` x `height`, row length `width`). Does nothing unless sizes are positive and the
    /// buffers hold them.
    mutating func resize(_ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, sourceHeight: Int,
                         into destination: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0,
              source.count >= sourceWidth * sourceHeight, destination.count >= width * height else { return }
        if width == sourceWidth && height == sourceHeight {
            for i in 0..<(width * height) { destination[i] = source[i] }
            return
        }
        if sourceWidth == 2 * width && sourceHeight == 2 * height {
            for y in 0..<height {
                let top = 2 * y * sourceWidth, bottom = top + sourceWidth
                for x in 0..<width {
                    let sum = Int(source[top + 2 * x]) + Int(source[top + 2 * x + 1])
                        + Int(source[bottom + 2 * x]) + Int(source[bottom + 2 * x + 1])
                    destination[y * width + x] = UInt8((sum + 2) >> 2)
                }
            }
            return
        }
        columns.build(sourceCount: sourceWidth, count: width)
        rows.build(sourceCount: sourceHeight, count: height)
        if upper.count < width {
            upper = [Int32](repeating: 0, count: width)
            lower = [Int32](repeating: 0, count: width)
        }
        let columnTable = columns
        rows.offsets.withUnsafeBufferPointer { rowOffsets in
            rows.weights.withUnsafeBufferPointer { rowWeights in
                upper.withUnsafeMutableBufferPointer { firstBuffer in
                    lower.withUnsafeMutableBufferPointer { secondBuffer in
                        var above = firstBuffer, below = secondBuffer
                        var aboveRow = -1, belowRow = -1
                        for dy in 0..<height {
                            let out = dy * width
                            if dy < rows.first || dy >= rows.end {
                                let row = dy < rows.first ? 0 : sourceHeight - 1
                                if row != aboveRow {
                                    Self.horizontalPass(source, row: row, sourceWidth: sourceWidth, columns: columnTable, into: above)
                                    aboveRow = row
                                }
                                for x in 0..<width { destination[out + x] = UInt8(min((above[x] + 128) >> 8, 255)) }
                                continue
                            }
                            let row0 = rowOffsets[dy], row1 = row0 + 1
                            if row0 == belowRow && row0 != aboveRow {
                                swap(&above, &below)
                                swap(&aboveRow, &belowRow)
                            }
                            if row0 != aboveRow {
                                Self.horizontalPass(source, row: row0, sourceWidth: sourceWidth, columns: columnTable, into: above)
                                aboveRow = row0
                            }
                            if row1 != belowRow {
                                Self.horizontalPass(source, row: row1, sourceWidth: sourceWidth, columns: columnTable, into: below)
                                belowRow = row1
                            }
                            let w0 = rowWeights[2 * dy], w1 = rowWeights[2 * dy + 1]
                            for x in 0..<width {
                                let value = (above[x] &* w0 &+ below[x] &* w1 &+ 32768) >> 16
                                destination[out + x] = UInt8(min(max(value, 0), 255))
                            }
                        }
                    }
                }
            }
        }
    }

    /// One source row through the horizontal weights, 8 fractional bits.
    private static func horizontalPass(_ source: UnsafeBufferPointer<UInt8>, row: Int, sourceWidth: Int, columns: Axis,
                                       into output: UnsafeMutableBufferPointer<Int32>) {
        let base = row * sourceWidth, count = columns.offsets.count
        columns.offsets.withUnsafeBufferPointer { offsets in
            columns.weights.withUnsafeBufferPointer { weights in
                let left = Int32(source[base]) << 8
                for dx in 0..<min(columns.first, count) { output[dx] = left }
                if columns.first < columns.end {
                    for dx in columns.first..<columns.end {
                        let sx = base + offsets[dx]
                        output[dx] = Int32(source[sx]) &* weights[2 * dx] &+ Int32(source[sx + 1]) &* weights[2 * dx + 1]
                    }
                }
                let right = Int32(source[base + offsets[count - 1]]) << 8
                for dx in max(columns.end, columns.first)..<count { output[dx] = right }
            }
        }
    }
}
