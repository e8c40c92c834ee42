import Imaging

/// Cuts a square of a colour frame (any part outside the picture filled with a pad colour) and
/// resizes it bilinearly to a fixed side, into the planar float layout a ``SiameseNetwork`` takes.
///
/// The resize samples at cell centres (source = (out + 0.5) * side / outSide - 0.5, clamped to the
/// square's edge pixels) with weights in 1/256ths and rounds each value to a whole 8-bit level, as
/// OpenCV's bit-exact `resize` does for 8-bit pictures, so crops match OpenCV's. Each source row is
/// interpolated along the row once, into one of two row slots that the output rows reading it share,
/// then the rows are blended. One sampler per output side; its tables and slots are reused from crop
/// to crop (no allocation per frame once warm).
struct SiameseCropSampler {
    /// Output side, pixels.
    let outputSide: Int
    /// Per output column (and row): the two source offsets inside the square and the weight of the second, 0...256.
    private var firstOffset: [Int], secondOffset: [Int], secondWeight: [Int32]
    /// Two source rows interpolated along the row: per slot, 3 planes (R, G, B) of ``outputSide``
    /// values in 1/256ths of a level.
    private var rowSlots: [Int32]

    init(outputSide: Int) {
        self.outputSide = outputSide
        firstOffset = [Int](repeating: 0, count: outputSide)
        secondOffset = [Int](repeating: 0, count: outputSide)
        secondWeight = [Int32](repeating: 0, count: outputSide)
        rowSlots = [Int32](repeating: 0, count: 2 * 3 * outputSide)
    }

    /// Writes the `side x side` square whose top-left pixel is (`originX`, `originY`) of `rgb`
    /// (interleaved RGB), resized to ``outputSide``, into `output` (3 planes of ``outputSide``²
    /// values 0...255; red first, or blue first when `bgr`). `pad` is the colour (R, G, B) of pixels
    /// outside the frame.
    mutating func sample(_ rgb: Image<UInt8>, originX: Int, originY: Int, side: Int, pad: SIMD3<Int32>, bgr: Bool,
                         into output: UnsafeMutableBufferPointer<Float>) {
        precondition(rgb.channels == 3 && side > 0 && output.count == 3 * outputSide * outputSide)
        let scale = Double(side) / Double(outputSide)
        for index in 0..<outputSide {
            var position = (Double(index) + 0.5) * scale - 0.5
            var first = Int(position.rounded(.down))
            position -= Double(first)
            if first < 0 { first = 0; position = 0 }
            if first >= side - 1 { first = side - 1; position = 0 }
            firstOffset[index] = first
            secondOffset[index] = min(first + 1, side - 1)
            secondWeight[index] = Int32((position * 256).rounded())
        }
        let n = outputSide, plane = n * n
        let targets: SIMD3<Int> = bgr ? [2, 1, 0] : [0, 1, 2]
        let source = RowSource(rgb: rgb, originX: originX, pad: pad)
        rgb.pixels.withUnsafeBufferPointer { pixels in
            firstOffset.withUnsafeBufferPointer { first in
                secondOffset.withUnsafeBufferPointer { second in
                    secondWeight.withUnsafeBufferPointer { weight in
                        rowSlots.withUnsafeMutableBufferPointer { slots in
                            let columns = source.insideColumns(first: first, second: second)
                            var slotRow = (Int.min, Int.min)
                            for row in 0..<n {
                                let y0 = originY + first[row], y1 = originY + second[row], wy = weight[row]
                                let upperSlot = slotRow.0 == y0 ? 0 : slotRow.1 == y0 ? 1 : (slotRow.0 == y1 ? 1 : 0)
                                if (upperSlot == 0 ? slotRow.0 : slotRow.1) != y0 {
                                    source.interpolate(pixels, row: y0, first: first, second: second, weight: weight,
                                                       insideColumns: columns, into: slots.baseAddress! + upperSlot * 3 * n)
                                    if upperSlot == 0 { slotRow.0 = y0 } else { slotRow.1 = y0 }
                                }
                                let lowerSlot = y1 == y0 ? upperSlot : 1 - upperSlot
                                if (lowerSlot == 0 ? slotRow.0 : slotRow.1) != y1 {
                                    source.interpolate(pixels, row: y1, first: first, second: second, weight: weight,
                                                       insideColumns: columns, into: slots.baseAddress! + lowerSlot * 3 * n)
                                    if lowerSlot == 0 { slotRow.0 = y1 } else { slotRow.1 = y1 }
                                }
                                let upperWeight = 256 - wy
                                for channel in 0..<3 {
                                    let upper = slots.baseAddress! + upperSlot * 3 * n + channel * n
                                    let lower = slots.baseAddress! + lowerSlot * 3 * n + channel * n
                                    let target = output.baseAddress! + targets[channel] * plane + row * n
                                    for column in 0..<n {
                                        target[column] = Float((upper[column] &* upperWeight &+ lower[column] &* wy &+ 32768) &>> 16)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One row of the square, interpolated along the row: the frame's row where it is in the
    /// picture, the pad colour elsewhere.
    private struct RowSource {
        let width: Int, height: Int, originX: Int, pad: SIMD3<Int32>

        init(rgb: Image<UInt8>, originX: Int, pad: SIMD3<Int32>) {
            width = rgb.width
            height = rgb.height
            self.originX = originX
            self.pad = pad
        }

        /// The output columns whose two source pixels both lie in the picture (a run, as the offsets only grow).
        func insideColumns(first: UnsafeBufferPointer<Int>, second: UnsafeBufferPointer<Int>) -> Range<Int> {
            let start = first.firstIndex { originX + $0 >= 0 } ?? first.count
            var end = start
            while end < second.count, originX + second[end] < width { end += 1 }
            return start..<end
        }

        /// Writes source row `row` interpolated at every output column into `slot` (3 planes of
        /// `first.count` values, level x 256).
        func interpolate(_ pixels: UnsafeBufferPointer<UInt8>, row: Int, first: UnsafeBufferPointer<Int>,
                         second: UnsafeBufferPointer<Int>, weight: UnsafeBufferPointer<Int32>,
                         insideColumns: Range<Int>, into slot: UnsafeMutablePointer<Int32>) {
            let n = first.count
            guard (0..<height).contains(row) else {
                for channel in 0..<3 { (slot + channel * n).update(repeating: pad[channel] &* 256, count: n) }
                return
            }
            let line = pixels.baseAddress! + row * width * 3
            for column in 0..<n where !insideColumns.contains(column) {
                let x0 = originX + first[column], x1 = originX + second[column], wx = weight[column]
                for channel in 0..<3 {
                    let left = (0..<width).contains(x0) ? Int32(line[x0 * 3 + channel]) : pad[channel]
                    let right = (0..<width).contains(x1) ? Int32(line[x1 * 3 + channel]) : pad[channel]
                    slot[channel * n + column] = left &* (256 &- wx) &+ right &* wx
                }
            }
            let red = slot, green = slot + n, blue = slot + 2 * n
            for column in insideColumns {
                let left = line + (originX + first[column]) * 3, right = line + (originX + second[column]) * 3
                let wx = weight[column], wl = 256 &- wx
                red[column] = Int32(left[0]) &* wl &+ Int32(right[0]) &* wx
                green[column] = Int32(left[1]) &* wl &+ Int32(right[1]) &* wx
                blue[column] = Int32(left[2]) &* wl &+ Int32(right[2]) &* wx
            }
        }
    }

    /// The mean of each channel (R, G, B) of `rgb`, unrounded.
    static func meanColour(of rgb: Image<UInt8>) -> SIMD3<Double> {
        var sums = SIMD3<UInt64>(repeating: 0)
        rgb.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            while index + 2 < pixels.count {
                sums &+= SIMD3(UInt64(pixels[index]), UInt64(pixels[index + 1]), UInt64(pixels[index + 2]))
                index += 3
            }
        }
        let count = Double(max(1, rgb.width * rgb.height))
        return SIMD3(Double(sums.x) / count, Double(sums.y) / count, Double(sums.z) / count)
    }
}
