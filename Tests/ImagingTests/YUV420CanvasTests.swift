import Imaging
import XCTest

/// Drawing on Y'CbCr 4:2:0 planes: the same pixels as on an RGB image, in BT.601 limited-range values.
final class YUV420CanvasTests: XCTestCase {
    /// A grey 4:2:0 picture (Y' 100, Cb = Cr = 128) in one buffer, luma then Cb then Cr, with strides
    /// wider than the rows, as decoders lay their planes out.
    private struct Planes {
        let width: Int, height: Int
        let lumaStride: Int, chromaStride: Int
        var bytes: [UInt8]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            lumaStride = width + 16
            chromaStride = (width + 1) / 2 + 8
            bytes = [UInt8](repeating: 100, count: lumaStride * height)
                + [UInt8](repeating: 128, count: 2 * chromaStride * ((height + 1) / 2))
        }

        var chromaOffset: Int { lumaStride * height }
        func luma(x: Int, y: Int) -> UInt8 { bytes[y * lumaStride + x] }
        func cb(x: Int, y: Int) -> UInt8 { bytes[chromaOffset + (y / 2) * chromaStride + x / 2] }
        func cr(x: Int, y: Int) -> UInt8 { bytes[chromaOffset + chromaStride * ((height + 1) / 2) + (y / 2) * chromaStride + x / 2] }

        /// Draws a red label tag with text `#1 0.86` at `anchor`; the tag's rectangle.
        mutating func drawLabel(_ anchor: PixelRect) -> PixelRect? {
            var tag: PixelRect?
            draw { tag = $0.drawLabel("#1 0.86", at: anchor, colour: .red, scale: 1) }
            return tag
        }

        mutating func draw(_ body: (inout YUV420Canvas) -> Void) {
            let (width, height, lumaStride, chromaStride) = (self.width, self.height, self.lumaStride, self.chromaStride)
            let cbOffset = chromaOffset, crOffset = chromaOffset + chromaStride * ((height + 1) / 2)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                var canvas = YUV420Canvas(width: width, height: height, luma: base, lumaStride: lumaStride,
                                          cb: base + cbOffset, cbStride: chromaStride, cr: base + crOffset, crStride: chromaStride)
                body(&canvas)
            }
        }
    }

    /// Pixels whose luma left 100, and RGB pixels that left black: the drawing's footprint.
    private func footprint(_ planes: Planes) -> Set<[Int]> {
        var found = Set<[Int]>()
        for y in 0..<planes.height { for x in 0..<planes.width where planes.luma(x: x, y: y) != 100 { found.insert([x, y]) } }
        return found
    }

    private func footprint(_ image: Image<UInt8>) -> Set<[Int]> {
        Set(image.changedPixels(from: blackCanvas(width: image.width, height: image.height)).map { [$0.x, $0.y] })
    }

    func testPrimaryColoursTakeBT601LimitedRangeValues() {
        var planes = Planes(width: 8, height: 4)
        planes.draw { canvas in
            canvas.fillRectangle(PixelRect(x: 0, y: 0, width: 2, height: 2), colour: .red)
            canvas.fillRectangle(PixelRect(x: 2, y: 0, width: 2, height: 2), colour: .yellow)
            canvas.fillRectangle(PixelRect(x: 4, y: 0, width: 2, height: 2), colour: .white)
            canvas.fillRectangle(PixelRect(x: 6, y: 0, width: 2, height: 2), colour: .black)
        }
        // Rec. 601's published 8-bit values: red (81, 90, 240), yellow (210, 16, 146), white (235, 128, 128), black (16, 128, 128).
        XCTAssertEqual([planes.luma(x: 0, y: 0), planes.cb(x: 0, y: 0), planes.cr(x: 0, y: 0)], [81, 90, 240])
        XCTAssertEqual([planes.luma(x: 3, y: 1), planes.cb(x: 3, y: 1), planes.cr(x: 3, y: 1)], [210, 16, 146])
        XCTAssertEqual([planes.luma(x: 4, y: 1), planes.cb(x: 4, y: 1), planes.cr(x: 4, y: 1)], [235, 128, 128])
        XCTAssertEqual([planes.luma(x: 7, y: 0), planes.cb(x: 7, y: 0), planes.cr(x: 7, y: 0)], [16, 128, 128])
        XCTAssertEqual([planes.luma(x: 0, y: 2), planes.cb(x: 0, y: 2), planes.cr(x: 0, y: 2)], [100, 128, 128], "below the drawing")
    }

    func testOutlinesTextAndLabelsCoverTheSamePixelsAsOnAnRGBImage() {
        let drawings: [(String, (inout YUV420Canvas) -> Void, (inout Image<UInt8>) -> Void)] = [
            ("solid", { $0.drawRectangle(PixelRect(x: 5, y: 7, width: 31, height: 22), colour: .red, thickness: 2) },
                      { $0.drawRectangle(PixelRect(x: 5, y: 7, width: 31, height: 22), colour: .red, thickness: 2) }),
            ("dashed", { $0.drawRectangle(PixelRect(x: 3, y: 4, width: 40, height: 30), colour: .green, thickness: 2, style: .dashed(dash: 5, gap: 3)) },
                       { $0.drawRectangle(PixelRect(x: 3, y: 4, width: 40, height: 30), colour: .green, thickness: 2, style: .dashed(dash: 5, gap: 3)) }),
            ("clipped", { $0.drawRectangle(PixelRect(x: -9, y: 30, width: 80, height: 40), colour: .blue, thickness: 3) },
                        { $0.drawRectangle(PixelRect(x: -9, y: 30, width: 80, height: 40), colour: .blue, thickness: 3) }),
            ("text", { $0.drawText("Hi 7", x: 1, y: 3, colour: .yellow, scale: 2) },
                     { $0.drawText("Hi 7", x: 1, y: 3, colour: .yellow, scale: 2) }),
            ("quad", { $0.drawQuadrilateral(Quadrilateral(topLeft: PixelPoint(x: 10, y: 5), topRight: PixelPoint(x: 40, y: 9),
                                                          bottomRight: PixelPoint(x: 37, y: 35), bottomLeft: PixelPoint(x: 8, y: 30)),
                                            colour: .red, thickness: 1, style: .dashed(dash: 4, gap: 2)) },
                     { $0.drawQuadrilateral(Quadrilateral(topLeft: PixelPoint(x: 10, y: 5), topRight: PixelPoint(x: 40, y: 9),
                                                          bottomRight: PixelPoint(x: 37, y: 35), bottomLeft: PixelPoint(x: 8, y: 30)),
                                            colour: .red, thickness: 1, style: .dashed(dash: 4, gap: 2)) }),
        ]
        for (name, onPlanes, onImage) in drawings {
            var planes = Planes(width: 51, height: 41)
            var image = blackCanvas(width: 51, height: 41)
            planes.draw(onPlanes)
            onImage(&image)
            let drawn = footprint(image)
            XCTAssertFalse(drawn.isEmpty, name)
            XCTAssertEqual(footprint(planes), drawn, name)
        }
    }

    func testLabelTagKeepsTheTagColourAroundItsText() {
        var planes = Planes(width: 80, height: 40)
        var image = blackCanvas(width: 80, height: 40)
        let anchor = PixelRect(x: 10, y: 20, width: 30, height: 15)
        let tag = planes.drawLabel(anchor)
        XCTAssertEqual(tag, image.drawLabel("#1 0.86", at: anchor, colour: .red, scale: 1))
        guard let tag else { return XCTFail("no tag drawn") }
        // The tag's top-left corner is background (the text starts one pixel in): red's values.
        let x = Int(tag.x), y = Int(tag.y)
        XCTAssertEqual([planes.luma(x: x, y: y), planes.cb(x: x, y: y), planes.cr(x: x, y: y)], [81, 90, 240])
        // The text is white on red: white luma where the RGB drawing has white.
        let white = image.pixels(of: .white)
        XCTAssertFalse(white.isEmpty)
        for point in white { XCTAssertEqual(planes.luma(x: point.x, y: point.y), 235, "\(point)") }
    }

    func testOddSizedPictureChromaReachesTheLastColumnAndRow() {
        var planes = Planes(width: 7, height: 5)
        planes.draw { $0.fillRectangle(PixelRect(x: 6, y: 4, width: 1, height: 1), colour: .blue) }
        XCTAssertEqual([planes.luma(x: 6, y: 4), planes.cb(x: 6, y: 4), planes.cr(x: 6, y: 4)], [41, 240, 110])
        XCTAssertEqual(planes.luma(x: 5, y: 4), 100)
    }
}
