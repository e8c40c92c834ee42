import Imaging
import XCTest

final class ConversionTests: XCTestCase {
    func testLumaUsesBT601IntegerWeights() {
        // (77 R + 150 G + 29 B + 128) >> 8, worked out by hand.
        let rgb = Image<UInt8>(width: 6, height: 1, channels: 3, pixels: [
            255, 0, 0, 0, 255, 0, 0, 0, 255,
            255, 255, 255, 0, 0, 0, 100, 150, 200,
        ])
        XCTAssertEqual(rgb.luma().pixels, [77, 149, 29, 255, 0, 141])
        XCTAssertEqual(rgb.luma().channels, 1)
    }

    func testColourLumaMatchesImageLuma() {
        for colour in TrackPalette.colours + [.white, .black, .yellow] {
            let image = Image<UInt8>(width: 1, height: 1, channels: 3, pixels: [colour.red, colour.green, colour.blue])
            XCTAssertEqual(image.luma().pixels, [colour.luma])
        }
    }

    func testLumaIntoReplacesMismatchedOutputAndReusesMatchingOne() {
        let rgb = Image<UInt8>(width: 2, height: 2, channels: 3, repeating: 200)
        var output = Image<UInt8>(width: 5, height: 1, channels: 1, repeating: 9)
        rgb.luma(into: &output)
        XCTAssertEqual(output.width, 2)
        XCTAssertEqual(output.height, 2)
        XCTAssertEqual(output.pixels, [200, 200, 200, 200])
        Image<UInt8>(width: 2, height: 2, channels: 3, repeating: 10).luma(into: &output)
        XCTAssertEqual(output.pixels, [10, 10, 10, 10])
    }

    func testLumaOfGreyImageIsItsFirstChannel() {
        let grey = Image<UInt8>(width: 3, height: 1, channels: 1, pixels: [1, 2, 3])
        XCTAssertEqual(grey.luma().pixels, [1, 2, 3])
        let twoChannel = Image<UInt8>(width: 2, height: 1, channels: 2, pixels: [5, 99, 6, 99])
        XCTAssertEqual(twoChannel.luma().pixels, [5, 6])
    }

    func testFrameFromRGBKeepsColourAndComputesLuma() {
        let rgb = Image<UInt8>(width: 2, height: 1, channels: 3, pixels: [255, 0, 0, 0, 0, 255])
        let frame = ImageFrame(rgb: rgb)
        XCTAssertEqual(frame.luma.pixels, [77, 29])
        XCTAssertEqual(frame.rgb?.pixels, rgb.pixels)
        let greyFrame = ImageFrame(rgb: Image<UInt8>(width: 2, height: 1, channels: 1, pixels: [7, 8]))
        XCTAssertEqual(greyFrame.luma.pixels, [7, 8])
        XCTAssertNil(greyFrame.rgb)
    }

    func testUInt8ToFloatKeepsValuesOrScalesThem() {
        let bytes = Image<UInt8>(width: 3, height: 1, channels: 1, pixels: [0, 51, 255])
        XCTAssertEqual(Image<Float>(bytes).pixels, [0, 51, 255])
        let unit = Image<Float>(bytes, scale: 1 / 255)
        XCTAssertEqual(unit.pixels[0], 0)
        XCTAssertEqual(unit.pixels[1], 0.2, accuracy: 1e-6)
        XCTAssertEqual(unit.pixels[2], 1, accuracy: 1e-6)
    }

    func testFloatToUInt8RoundsClampsAndMapsNaNToZero() {
        let values: [Float] = [-3, 0.49, 0.5, 1.5, 254.6, 300, .nan, .infinity, -.infinity]
        let image = Image<Float>(width: values.count, height: 1, channels: 1, pixels: values)
        XCTAssertEqual(Image<UInt8>(image).pixels, [0, 0, 1, 2, 255, 255, 0, 255, 0])
        let unit = Image<Float>(width: 2, height: 1, channels: 1, pixels: [0.5, 1])
        XCTAssertEqual(Image<UInt8>(unit, scale: 255).pixels, [128, 255])
    }

    func testByteToFloatToByteRoundTripIsExact() {
        let all = Image<UInt8>(width: 16, height: 16, channels: 1, pixels: (0...255).map { UInt8($0) })
        XCTAssertEqual(Image<UInt8>(Image<Float>(all)).pixels, all.pixels)
        XCTAssertEqual(Image<UInt8>(Image<Float>(all, scale: 1 / 255), scale: 255).pixels, all.pixels)
    }
}
