import Imaging
import XCTest

final class ResamplingTests: XCTestCase {
    /// A Float image whose value at pixel (x, y) is `a * x + b * y + c`.
    private func plane(width: Int, height: Int, a: Float, b: Float, c: Float = 0) -> Image<Float> {
        var image = Image<Float>(width: width, height: height, channels: 1, repeating: 0)
        for y in 0..<height { for x in 0..<width { image[x, y] = a * Float(x) + b * Float(y) + c } }
        return image
    }

    func testResizeToSameSizeIsIdentity() {
        let float = plane(width: 7, height: 5, a: 1.25, b: -3, c: 0.5)
        XCTAssertEqual(float.resized(width: 7, height: 5).pixels, float.pixels)
        let colour = Image<UInt8>(width: 4, height: 3, channels: 3, pixels: (0..<36).map { UInt8($0 * 7) })
        XCTAssertEqual(colour.resized(width: 4, height: 3).pixels, colour.pixels)
    }

    func testResizeOfConstantImageIsExactlyConstant() {
        let float = Image<Float>(width: 9, height: 7, channels: 2, repeating: 0.3)
        for (w, h) in [(1, 1), (4, 3), (13, 29), (100, 2)] {
            let resized = float.resized(width: w, height: h)
            XCTAssertEqual(resized.width, w)
            XCTAssertEqual(resized.height, h)
            XCTAssertEqual(resized.channels, 2)
            XCTAssertTrue(resized.pixels.allSatisfy { $0 == 0.3 })
        }
        let bytes = Image<UInt8>(width: 5, height: 5, channels: 1, repeating: 77)
        XCTAssertTrue(bytes.resized(width: 17, height: 3).pixels.allSatisfy { $0 == 77 })
    }

    func testUpsampledRampFollowsPixelCentreGeometry() {
        // Source 0, 10, 20, 30; output pixel i samples source position 0.5 i - 0.25, clamped to 0...3.
        let ramp = plane(width: 4, height: 1, a: 10, b: 0)
        let resized = ramp.resized(width: 8, height: 1).pixels
        let expected: [Float] = [0, 2.5, 7.5, 12.5, 17.5, 22.5, 27.5, 30]
        for (value, wanted) in zip(resized, expected) { XCTAssertEqual(value, wanted, accuracy: 1e-5) }
    }

    func testHalvingWithResizeAveragesPixelPairs() {
        let ramp = plane(width: 8, height: 2, a: 10, b: 100)
        let half = ramp.resized(width: 4, height: 1)
        // Columns 2i and 2i+1, rows 0 and 1: 10 (2i + 0.5) + 50.
        XCTAssertEqual(half.pixels, [55, 75, 95, 115])
    }

    func testResizeRoundsBytesAndHandlesEmptySizes() {
        let bytes = Image<UInt8>(width: 2, height: 1, channels: 1, pixels: [0, 3])
        // Output of 4 samples positions -0.25, 0.25, 0.75, 1.25 -> 0, 0.75, 2.25, 3.
        XCTAssertEqual(bytes.resized(width: 4, height: 1).pixels, [0, 1, 2, 3])
        XCTAssertEqual(bytes.resized(width: 0, height: 5).pixels.count, 0)
        XCTAssertEqual(bytes.resized(width: -3, height: -1).width, 0)
        let empty = Image<Float>(width: 0, height: 0, channels: 1, pixels: [])
        XCTAssertEqual(empty.resized(width: 2, height: 2).pixels, [0, 0, 0, 0])
    }

    func testWindowSamplingIsExactOnALinearFunction() {
        let source = plane(width: 10, height: 10, a: 3, b: 7)
        var output = [Float](repeating: -1, count: 4 * 3 + 1)
        output.withUnsafeMutableBufferPointer { buffer in
            source.sampleBilinear(originX: 2.25, originY: 3.5, stepX: 0.5, stepY: 1.25,
                                  outputWidth: 4, outputHeight: 3, into: buffer)
        }
        for j in 0..<3 {
            for i in 0..<4 {
                let x = 2.25 + 0.5 * Float(i), y = 3.5 + 1.25 * Float(j)
                XCTAssertEqual(output[j * 4 + i], 3 * x + 7 * y, accuracy: 1e-4)
            }
        }
        XCTAssertEqual(output[12], -1, "sampling must not write past the grid")
    }

    func testWindowSamplingReplicatesBorderAndSurvivesNaN() {
        let source = plane(width: 5, height: 4, a: 1, b: 10)
        var output = [Float](repeating: 0, count: 3)
        output.withUnsafeMutableBufferPointer { buffer in
            source.sampleBilinear(originX: -50, originY: 1, stepX: 50, stepY: 0,
                                  outputWidth: 3, outputHeight: 1, into: buffer)
        }
        XCTAssertEqual(output, [10, 10, 14])  // clamped to column 0, exactly column 0, clamped to column 4
        output.withUnsafeMutableBufferPointer { buffer in
            source.sampleBilinear(originX: .nan, originY: .infinity, stepX: .nan, stepY: 1,
                                  outputWidth: 3, outputHeight: 1, into: buffer)
        }
        XCTAssertEqual(output, [30, 30, 30])  // NaN -> column 0, +infinity -> last row
    }

    func testRegionSamplingOfWholeImageCopiesItAndSubRegionsMatchCellCentres() {
        let source = plane(width: 6, height: 4, a: 2, b: 5, c: 1)
        var copy = Image<Float>(width: 6, height: 4, channels: 1, repeating: 0)
        source.sampleBilinear(region: PixelRect(x: 0, y: 0, width: 6, height: 4), into: &copy)
        XCTAssertEqual(copy.pixels, source.pixels)

        // Region x 2...6, y 1...3 on an 8x4 grid: cell centres at x = 2.25 + 0.5 i, y = 1.25 + 0.5 j
        // (edge coordinates), i.e. pixel-centre coordinates 0.5 less; interior cells are exact.
        var patch = Image<Float>(width: 8, height: 4, channels: 1, repeating: 0)
        source.sampleBilinear(region: PixelRect(x: 2, y: 1, width: 4, height: 2), into: &patch)
        for j in 0..<4 {
            for i in 0..<7 {
                let x = 1.75 + 0.5 * Float(i), y = 0.75 + 0.5 * Float(j)
                XCTAssertEqual(patch[i, j], 2 * x + 5 * y + 1, accuracy: 1e-4)
            }
        }
        XCTAssertEqual(patch[7, 0], 2 * 5 + 5 * 0.75 + 1, accuracy: 1e-4, "x beyond the last centre is clamped")
    }

    func testRegionSamplingFromBytesMatchesFloatsAndAdoptsSourceChannels() {
        let bytes = Image<UInt8>(width: 8, height: 6, channels: 3, pixels: (0..<144).map { UInt8(($0 * 37) % 256) })
        let region = PixelRect(x: 1.3, y: 0.7, width: 5.1, height: 3.3)
        var fromBytes = Image<Float>(width: 7, height: 5, channels: 1, repeating: 0)
        var fromFloats = Image<Float>(width: 7, height: 5, channels: 1, repeating: 0)
        bytes.sampleBilinear(region: region, into: &fromBytes)
        Image<Float>(bytes).sampleBilinear(region: region, into: &fromFloats)
        XCTAssertEqual(fromBytes.channels, 3)
        XCTAssertEqual(fromBytes.width, 7)
        XCTAssertEqual(fromBytes.height, 5)
        XCTAssertEqual(fromBytes.pixels, fromFloats.pixels)
    }

    func testRegionSamplingIntoBytesRoundsTheFloatSamples() {
        // Dark ramps put samples just below 0.5 (0.49999997 once rounded to Float), where `x + 0.5`
        // truncated would give 1.
        let bytes = Image<UInt8>(width: 9, height: 7, channels: 3, pixels: (0..<189).map { UInt8(($0 * 29) % 3) })
        let region = PixelRect(x: 0.37, y: 1.1, width: 7.3, height: 4.9)
        var floats = Image<Float>(width: 13, height: 11, channels: 3, repeating: 0)
        bytes.sampleBilinear(region: region, into: &floats)
        var rounded = [UInt8](repeating: 0, count: floats.pixels.count)
        rounded.withUnsafeMutableBufferPointer {
            bytes.sampleBilinear(region: region, outputWidth: 13, outputHeight: 11, into: $0)
        }
        XCTAssertEqual(rounded, floats.pixels.map { UInt8($0.rounded()) })
        XCTAssertEqual(UInt8(fromSample: 0.49999997), 0)
        XCTAssertEqual(UInt8(fromSample: 0.5), 1)
        XCTAssertEqual(UInt8(fromSample: 2.4999998), 2)
    }

    func testBoxDownscaleAveragesBlocksIncludingPartialOnes() {
        // Pixel (x, y) = x + 10 y on a 5x3 image; 2x2 blocks, the last column and row are partial.
        var float = Image<Float>(width: 5, height: 3, channels: 1, repeating: 0)
        for y in 0..<3 { for x in 0..<5 { float[x, y] = Float(x + 10 * y) } }
        let small = float.downscaled(by: 2)
        XCTAssertEqual(small.width, 3)
        XCTAssertEqual(small.height, 2)
        XCTAssertEqual(small.pixels, [5.5, 7.5, 9, 20.5, 22.5, 24])
        XCTAssertEqual(Image<UInt8>(float).downscaled(by: 2).pixels, [6, 8, 9, 21, 23, 24])
    }

    func testBoxDownscaleKeepsChannelsAndHandlesExtremeFactors() {
        let colour = Image<UInt8>(width: 2, height: 2, channels: 3, pixels: [
            0, 100, 200, 2, 100, 200,
            4, 100, 200, 6, 101, 200,
        ])
        XCTAssertEqual(colour.downscaled(by: 2).pixels, [3, 100, 200])
        XCTAssertEqual(colour.downscaled(by: Int.max).pixels, [3, 100, 200])
        XCTAssertEqual(colour.downscaled(by: 1).pixels, colour.pixels)
        XCTAssertEqual(colour.downscaled(by: -4).pixels, colour.pixels)
    }
}
