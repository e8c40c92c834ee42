import Imaging

/// Cuts a square of a colour frame (any part outside the picture filled with a pad colour) and
/// resizes it bilinearly to a fixed side, into the planar float layout a ``SiameseNetwork`` takes.
///
/// The resize samples at cell centres (source = (out + 0.5) * side / outSide - 0.5, clamped to the
/// square's edge pixels) with weights in 1/256ths and rounds each value to a whole 8-bit level, as
/// OpenCV's bit-exact `resize` does for 8-bit pictures, so crops match OpenCV's. One sampler per
/// output side; its index tables are reused from crop to crop (no allocation per frame once warm).
struct SiameseCropSampler {
    /// Output side, pixels.
    let outputSide: Int
    /// Per output column (and row): the two source offsets inside the square and the weight of the second, 0...256.
    private var firstOffset: [Int], secondOffset: [Int], secondWeight: [Int32]

    init(outputSide: Int) {
        self.outputSide = outputSide
        firstOffset = [Int](repeating: 0, count: outputSide)
        secondOffset = [Int](repeating: 0, count: outputSide)
        secondWeight = [Int32](repeating: 0, count: outputSide)
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
        let width = rgb.width, height = rgb.height, n = outputSide, plane = n * n
        let planes = bgr ? (2, 1, 0) : (0, 1, 2)
        rgb.pixels.withUnsafeBufferPointer { pixels in
            firstOffset.withUnsafeBufferPointer { first in
                secondOffset.withUnsafeBufferPointer { second in
                    secondWeight.withUnsafeBufferPointer { weight in
                        for row in 0..<n {
                            let y0 = originY + first[row], y1 = originY + second[row], wy = weight[row]
                            let top = (0..<height).contains(y0) ? y0 * width * 3 : -1
                            let bottom = (0..<height).contains(y1) ? y1 * width * 3 : -1
                            for column in 0..<n {
                                let x0 = originX + first[column], x1 = originX + second[column], wx = weight[column]
                                let left = (0..<width).contains(x0) ? x0 * 3 : -1
                                let right = (0..<width).contains(x1) ? x1 * 3 : -1
                                for channel in 0..<3 {
                                    func value(_ rowStart: Int, _ columnStart: Int) -> Int32 {
                                        rowStart < 0 || columnStart < 0 ? pad[channel] : Int32(pixels[rowStart + columnStart + channel])
                                    }
                                    let upper = value(top, left) * (256 - wx) + value(top, right) * wx
                                    let lower = value(bottom, left) * (256 - wx) + value(bottom, right) * wx
                                    let level = (upper * (256 - wy) + lower * wy + 32768) >> 16
                                    let target = channel == 0 ? planes.0 : channel == 1 ? planes.1 : planes.2
                                    output[target * plane + row * n + column] = Float(level)
                                }
                            }
                        }
                    }
                }
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
