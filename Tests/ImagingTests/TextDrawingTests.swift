import Imaging
import XCTest

final class TextDrawingTests: XCTestCase {
    private let ink = RGBColour(red: 250, green: 240, blue: 10)

    func testGlyphMatchesItsDesignPixelForPixel() {
        var canvas = blackCanvas(width: 12, height: 12)
        canvas.drawText("A", x: 3, y: 2, colour: ink)
        let design = [
            ".###.",
            "#...#",
            "#...#",
            "#####",
            "#...#",
            "#...#",
            "#...#",
        ]
        for y in 0..<12 {
            for x in 0..<12 {
                let inGlyph = (3..<8).contains(x) && (2..<9).contains(y)
                let expected = inGlyph && Array(design[y - 2])[x - 3] == "#"
                XCTAssertEqual(canvas.colour(x: x, y: y) == ink, expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testEveryPrintableCharacterHasPixelsExceptSpace() {
        for code in 33...126 {
            let scalar = Unicode.Scalar(UInt8(code))
            var canvas = blackCanvas(width: 8, height: 9)
            canvas.drawText(String(scalar), x: 1, y: 1, colour: ink)
            let painted = canvas.pixels(of: ink)
            XCTAssertFalse(painted.isEmpty, "character \(scalar) draws nothing")
            XCTAssertTrue(painted.allSatisfy { (1...5).contains($0.x) && (1...7).contains($0.y) }, "\(scalar)")
        }
        var canvas = blackCanvas(width: 8, height: 9)
        canvas.drawText(" ", x: 1, y: 1, colour: ink)
        XCTAssertTrue(canvas.pixels(of: ink).isEmpty)
    }

    func testDistinctCharactersHaveDistinctGlyphs() {
        var seen: [[UInt8]: Character] = [:]
        for code in 32...126 {
            var canvas = blackCanvas(width: 6, height: 7)
            canvas.drawText(String(Unicode.Scalar(UInt8(code))), x: 0, y: 0, colour: ink)
            let character = Character(Unicode.Scalar(UInt8(code)))
            XCTAssertNil(seen[canvas.pixels], "\(character) looks like \(seen[canvas.pixels].map(String.init) ?? "")")
            seen[canvas.pixels] = character
        }
    }

    func testScaleMagnifiesEachFontPixelIntoABlock() {
        var small = blackCanvas(width: 40, height: 12), large = blackCanvas(width: 120, height: 30)
        small.drawText("Hi 7", x: 0, y: 0, colour: ink, scale: 1)
        large.drawText("Hi 7", x: 0, y: 0, colour: ink, scale: 3)
        XCTAssertEqual(large.pixels(of: ink).count, 9 * small.pixels(of: ink).count)
        for y in 0..<30 {
            for x in 0..<120 {
                let source = x / 3 < 40 && y / 3 < 12 ? small.colour(x: x / 3, y: y / 3) : .black
                XCTAssertEqual(large.colour(x: x, y: y), source, "(\(x), \(y))")
            }
        }
    }

    func testTextSize() {
        XCTAssertTrue(BitmapFont.textSize("", scale: 2) == (0, 0))
        XCTAssertTrue(BitmapFont.textSize("ab", scale: 1) == (11, 7))
        XCTAssertTrue(BitmapFont.textSize("abc", scale: 4) == (68, 28))
        XCTAssertTrue(BitmapFont.textSize("x", scale: 0) == (5, 7))
        XCTAssertTrue(BitmapFont.textSize("x", scale: 1000) == (5 * BitmapFont.maximumScale, 7 * BitmapFont.maximumScale))
    }

    func testNonASCIIDrawsAsQuestionMark() {
        var accented = blackCanvas(width: 8, height: 9), question = blackCanvas(width: 8, height: 9)
        accented.drawText("é", x: 1, y: 1, colour: ink)
        question.drawText("?", x: 1, y: 1, colour: ink)
        XCTAssertEqual(accented.pixels, question.pixels)
    }

    func testTextFarOutsideOrClippedNeverTraps() {
        let original = blackCanvas(width: 20, height: 10)
        var canvas = original
        canvas.drawText("far away", x: Int.max, y: Int.min, colour: ink, scale: Int.max)
        canvas.drawText("far away", x: Int.min, y: Int.max, colour: ink, scale: Int.min)
        canvas.drawText("above", x: 0, y: -7, colour: ink)
        XCTAssertEqual(canvas.pixels, original.pixels)
        canvas.drawText("clipped", x: -3, y: -3, colour: ink, scale: 2)
        XCTAssertFalse(canvas.pixels(of: ink).isEmpty)
    }

    func testLabelSitsAboveTheBoxWithTextInsideItsTag() {
        let background = RGBColour(red: 1, green: 2, blue: 3)
        var canvas = Image<UInt8>(width: 120, height: 80, channels: 3, repeating: 0)
        canvas.fillRectangle(PixelRect(x: 0, y: 0, width: 120, height: 80), colour: background)
        let tag = canvas.drawLabel("ID 7", at: PixelRect(x: 40, y: 30, width: 30, height: 30), colour: .red, scale: 1)
        // (4 characters * 6 - 1) + 2 margins wide, 7 + 2 margins high, bottom edge on the box's top edge.
        XCTAssertEqual(tag, PixelRect(x: 40, y: 21, width: 25, height: 9))
        let text = RGBColour.red.contrastingTextColour
        var textPixels = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let pixel = canvas.colour(x: x, y: y)
                if (40..<65).contains(x) && (21..<30).contains(y) {
                    XCTAssertTrue(pixel == .red || pixel == text, "(\(x), \(y)) inside the tag is \(pixel)")
                    if pixel == text {
                        textPixels += 1
                        XCTAssertTrue((41..<64).contains(x) && (22..<29).contains(y), "text pixel in the margin")
                    }
                } else {
                    XCTAssertEqual(pixel, background, "(\(x), \(y)) outside the tag changed")
                }
            }
        }
        XCTAssertGreaterThan(textPixels, 20)
    }

    func testLabelMovesBelowOrInsideWhenThereIsNoRoomAbove() {
        var canvas = blackCanvas(width: 100, height: 60)
        let below = canvas.drawLabel("a", at: PixelRect(x: 10, y: 2, width: 20, height: 20), colour: .blue, scale: 2)
        XCTAssertEqual(below, PixelRect(x: 10, y: 22, width: 14, height: 18))

        var full = blackCanvas(width: 100, height: 60)
        let inside = full.drawLabel("a", at: PixelRect(x: 10, y: 0, width: 20, height: 60), colour: .blue, scale: 2)
        XCTAssertEqual(inside, PixelRect(x: 10, y: 0, width: 14, height: 18))
    }

    func testLabelIsShiftedToStayInsideTheFrame() {
        var canvas = blackCanvas(width: 100, height: 60)
        let tag = canvas.drawLabel("long label", at: PixelRect(x: 80, y: 30, width: 40, height: 20),
                                   colour: .green, scale: 1)
        // 59 + 2 = 61 wide: shifted left so that its right edge is the frame's.
        XCTAssertEqual(tag, PixelRect(x: 39, y: 21, width: 61, height: 9))
        var tiny = blackCanvas(width: 10, height: 5)
        let clipped = tiny.drawLabel("wide text", at: PixelRect(x: 2, y: 2, width: 3, height: 2), colour: .green, scale: 3)
        XCTAssertEqual(clipped, PixelRect(x: 0, y: 0, width: 10, height: 5))
    }

    func testLabelDrawsNothingForUnusableAnchorsOrEmptyText() {
        let original = blackCanvas(width: 50, height: 40)
        var canvas = original
        XCTAssertNil(canvas.drawLabel("x", at: PixelRect(x: 60, y: 10, width: 10, height: 10), colour: .red))
        XCTAssertNil(canvas.drawLabel("x", at: PixelRect(x: .nan, y: 10, width: 10, height: 10), colour: .red))
        XCTAssertNil(canvas.drawLabel("x", at: PixelRect(x: -1e300, y: 1e300, width: 1, height: 1), colour: .red))
        XCTAssertNil(canvas.drawLabel("", at: PixelRect(x: 5, y: 5, width: 10, height: 10), colour: .red))
        XCTAssertEqual(canvas.pixels, original.pixels)
        XCTAssertNotNil(canvas.drawLabel("x", at: PixelRect(x: -1e300, y: -1e300, width: .infinity, height: .infinity),
                                         colour: .red, scale: Int.max))
    }
}
