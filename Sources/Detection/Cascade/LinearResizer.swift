/// Resizes 8-bit grey images with OpenCV's `resize(..., INTER_LINEAR)` arithmetic for `CV_8U`
/// (11-bit fixed-point weights, the same rounding), so a cascade sees the very pixels OpenCV's
/// `detectMultiScale` sees. Keeps its tables and row buffers between calls.
struct LinearResizer {
    private static let coefficientScale: Float = 2048
    private var columnOffsets: [Int] = []
    private var columnWeights: [Int32] = []
    private var rowAbove: [Int32] = []
    private var rowBelow: [Int32] = []

    /// Resizes `source` (`sourceWidth` x `sourceHeight`, row length `sourceWidth`) into `destination`
    /// (`width` x `height`, row length `width`). Requires positive sizes and buffers of those sizes.
    mutating func resize(_ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, sourceHeight: Int,
                         into destination: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0,
              source.count >= sourceWidth * sourceHeight, destination.count >= width * height else { return }
        if width == sourceWidth && height == sourceHeight {
            for i in 0..<(width * height) { destination[i] = source[i] }
            return
        }
        let scaleX = 1 / (Double(width) / Double(sourceWidth))
        let scaleY = 1 / (Double(height) / Double(sourceHeight))
        // Past `lastInterpolated`, columns copy the last source pixel (OpenCV's xmax).
        var lastInterpolated = width
        columnOffsets.removeAll(keepingCapacity: true)
        columnWeights.removeAll(keepingCapacity: true)
        for dx in 0..<width {
            var fx = Float((Double(dx) + 0.5) * scaleX - 0.5)
            var sx = Int(fx.rounded(.down))
            fx -= Float(sx)
            if sx < 0 { fx = 0; sx = 0 }
            if sx + 1 >= sourceWidth {
                lastInterpolated = min(lastInterpolated, dx)
                if sx >= sourceWidth - 1 { fx = 0; sx = sourceWidth - 1 }
            }
            columnOffsets.append(sx)
            columnWeights.append(Self.fixedPoint(1 - fx))
            columnWeights.append(Self.fixedPoint(fx))
        }
        if rowAbove.count < width {
            rowAbove = [Int32](repeating: 0, count: width)
            rowBelow = [Int32](repeating: 0, count: width)
        }
        let interpolatedColumns = lastInterpolated
        columnOffsets.withUnsafeBufferPointer { offsets in
            columnWeights.withUnsafeBufferPointer { weights in
                rowAbove.withUnsafeMutableBufferPointer { firstRow in
                    rowBelow.withUnsafeMutableBufferPointer { secondRow in
                        var above = firstRow, below = secondRow
                        var aboveRow = -1, belowRow = -1
                        for dy in 0..<height {
                            var fy = Float((Double(dy) + 0.5) * scaleY - 0.5)
                            let sy = Int(fy.rounded(.down))
                            fy -= Float(sy)
                            let beta0 = Self.fixedPoint(1 - fy), beta1 = Self.fixedPoint(fy)
                            let row0 = min(max(sy, 0), sourceHeight - 1), row1 = min(max(sy + 1, 0), sourceHeight - 1)
                            if row0 == belowRow && row0 != aboveRow {
                                swap(&above, &below)
                                swap(&aboveRow, &belowRow)
                            }
                            if row0 != aboveRow {
                                Self.horizontalPass(source, row: row0, sourceWidth: sourceWidth, offsets: offsets,
                                                    weights: weights, interpolated: interpolatedColumns, into: above)
                                aboveRow = row0
                            }
                            if row1 != belowRow {
                                Self.horizontalPass(source, row: row1, sourceWidth: sourceWidth, offsets: offsets,
                                                    weights: weights, interpolated: interpolatedColumns, into: below)
                                belowRow = row1
                            }
                            let out = dy * width
                            for x in 0..<width {
                                let top = (beta0 &* (above[x] >> 4)) >> 16
                                let bottom = (beta1 &* (below[x] >> 4)) >> 16
                                destination[out + x] = UInt8(truncatingIfNeeded: (top &+ bottom &+ 2) >> 2)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func horizontalPass(_ source: UnsafeBufferPointer<UInt8>, row: Int, sourceWidth: Int,
                                       offsets: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Int32>,
                                       interpolated: Int, into output: UnsafeMutableBufferPointer<Int32>) {
        let base = row * sourceWidth
        for dx in 0..<interpolated {
            let sx = base + offsets[dx]
            output[dx] = Int32(source[sx]) &* weights[2 * dx] &+ Int32(source[sx + 1]) &* weights[2 * dx + 1]
        }
        for dx in interpolated..<offsets.count {
            output[dx] = Int32(source[base + offsets[dx]]) &* 2048
        }
    }

    /// `saturate_cast<short>(value * 2048)`: round half to even.
    private static func fixedPoint(_ value: Float) -> Int32 {
        Int32((value * coefficientScale).rounded(.toNearestOrEven))
    }
}
