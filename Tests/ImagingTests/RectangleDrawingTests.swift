import Imaging
import XCTest

final class RectangleDrawingTests: XCTestCase {
    private let colour = RGBColour(red: 10, green: 200, blue: 30)

    func testSolidOutlineCoversExactlyTheBorderPixels() {
        var canvas = blackCanvas(width: 50, height: 40)
        canvas.drawRectangle(PixelRect(x: 10, y: 10, width: 20, height: 15), colour: colour, thickness: 1)
        let painted = canvas.pixels(of: colour)
        XCTAssertEqual(painted.count, 2 * 20 + 2 * 13)
        for point in painted {
            let onBorder = point.x == 10 || point.x == 29 || point.y == 10 || point.y == 24
            XCTAssertTrue(onBorder && (10...29).contains(point.x) && (10...24).contains(point.y), "\(point)")
        }
    }

    func testThickOutlineGrowsInwards() {
        var canvas = blackCanvas(width: 50, height: 40)
        canvas.drawRectangle(PixelRect(x: 10, y: 10, width: 20, height: 15), colour: colour, thickness: 3)
        for y in 10...12 { XCTAssertEqual(canvas.colour(x: 20, y: y), colour) }
        XCTAssertEqual(canvas.colour(x: 20, y: 13), .black)
        XCTAssertEqual(canvas.colour(x: 20, y: 9), .black)
        for x in 27...29 { XCTAssertEqual(canvas.colour(x: x, y: 18), colour) }
        XCTAssertEqual(canvas.colour(x: 26, y: 18), .black)
        XCTAssertEqual(canvas.pixels(of: colour).count, 20 * 15 - 14 * 9)
    }

    func testRectangleThinnerThanTwiceTheThicknessIsFilled() {
        var canvas = blackCanvas(width: 20, height: 20)
        canvas.drawRectangle(PixelRect(x: 2, y: 3, width: 4, height: 5), colour: colour, thickness: 3)
        XCTAssertEqual(canvas.pixels(of: colour).count, 20)
    }

    /// The outline pixels along each edge, in clockwise order (top left-to-right, right top-to-bottom,
    /// bottom right-to-left, left bottom-to-top), as drawn/undrawn flags.
    private func edges(of canvas: Image<UInt8>, x0: Int, y0: Int, x1: Int, y1: Int) -> [[Bool]] {
        [
            (x0...x1).map { canvas.colour(x: $0, y: y0) == colour },
            (y0...y1).map { canvas.colour(x: x1, y: $0) == colour },
            (x0...x1).reversed().map { canvas.colour(x: $0, y: y1) == colour },
            (y0...y1).reversed().map { canvas.colour(x: x0, y: $0) == colour },
        ]
    }

    func testDashedOutlineAlternatesAlongEveryEdge() {
        var canvas = blackCanvas(width: 60, height: 50)
        canvas.drawRectangle(PixelRect(x: 5, y: 4, width: 40, height: 30), colour: colour, thickness: 1,
                             style: .dashed(dash: 4, gap: 3))
        for (index, edge) in edges(of: canvas, x0: 5, y0: 4, x1: 44, y1: 33).enumerated() {
            XCTAssertTrue(edge[0], "edge \(index) starts with a dash at its corner")
            let runs = runLengths(edge)
            XCTAssertGreaterThanOrEqual(runs.count, 8, "edge \(index): \(runs)")
            // Interior runs are exactly dash, gap, dash, ...; only the last may be cut short, and the
            // first may be lengthened by the previous edge's last dash at the shared corner.
            for (position, run) in runs.enumerated().dropFirst().dropLast() {
                XCTAssertEqual(run, position % 2 == 0 ? 4 : 3, "edge \(index): \(runs)")
            }
        }
        XCTAssertEqual(canvas.colour(x: 25, y: 20), .black, "inside stays untouched")
    }

    func testThickDashedOutlineHasGapsAcrossItsWholeThickness() {
        var canvas = blackCanvas(width: 80, height: 60)
        canvas.drawRectangle(PixelRect(x: 10, y: 10, width: 50, height: 40), colour: colour, thickness: 3,
                             style: .dashed(dash: 6, gap: 4))
        for y in 10...12 {
            let row = (10...59).map { canvas.colour(x: $0, y: y) == colour }
            XCTAssertEqual(Array(runLengths(row).prefix(4)), [6, 4, 6, 4], "row \(y)")
        }
    }

    func testSolidOutlineHasNoGapsAlongAnyEdge() {
        var canvas = blackCanvas(width: 60, height: 50)
        canvas.drawRectangle(PixelRect(x: 5, y: 4, width: 40, height: 30), colour: colour, thickness: 1, style: .solid)
        for edge in edges(of: canvas, x0: 5, y0: 4, x1: 44, y1: 33) {
            XCTAssertTrue(edge.allSatisfy { $0 })
        }
        var zeroGap = blackCanvas(width: 60, height: 50)
        zeroGap.drawRectangle(PixelRect(x: 5, y: 4, width: 40, height: 30), colour: colour, thickness: 1,
                              style: .dashed(dash: 4, gap: 0))
        XCTAssertEqual(zeroGap.pixels, canvas.pixels, "a dash pattern without gaps is solid")
    }

    func testRectangleEntirelyOutsideLeavesImageUntouched() {
        let original = blackCanvas(width: 30, height: 20)
        var canvas = original
        for rect in [
            PixelRect(x: -100, y: -100, width: 50, height: 50),
            PixelRect(x: 31, y: 0, width: 10, height: 10),
            PixelRect(x: 0, y: 20, width: 10, height: 10),
            PixelRect(x: -10, y: -10, width: 50, height: 40),   // encloses the frame; outline outside it
        ] {
            canvas.drawRectangle(rect, colour: colour, thickness: 2, style: .dashed(dash: 3, gap: 2))
            canvas.drawRectangle(rect, colour: colour, thickness: 2)
        }
        XCTAssertEqual(canvas.pixels, original.pixels)
    }

    func testPartlyOutsideRectangleIsClippedAndOnlyItsOutlineChanges() {
        var canvas = blackCanvas(width: 30, height: 20)
        canvas.drawRectangle(PixelRect(x: -5, y: -5, width: 20, height: 20), colour: colour, thickness: 1)
        let painted = canvas.pixels(of: colour)
        // Visible parts: right edge x = 14 (rows 0...14) and bottom edge y = 14 (columns 0...14).
        XCTAssertEqual(painted.count, 15 + 15 - 1)
        XCTAssertTrue(painted.allSatisfy { $0.x == 14 || $0.y == 14 })
        XCTAssertEqual(canvas.changedPixels(from: blackCanvas(width: 30, height: 20)).count, painted.count)
    }

    func testNonFiniteHugeAndDegenerateInputsNeverTrap() {
        var canvas = blackCanvas(width: 16, height: 12)
        let rects = [
            PixelRect(x: .nan, y: 0, width: 10, height: 10),
            PixelRect(x: 0, y: 0, width: .nan, height: 10),
            PixelRect(x: 0, y: 0, width: .infinity, height: 5),
            PixelRect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity),
            PixelRect(x: 1e300, y: -1e300, width: 1e308, height: 1e308),
            PixelRect(x: -1e18, y: -1e18, width: 2e18, height: 2e18),
            PixelRect(x: 3, y: 3, width: -2, height: -2),
            PixelRect(x: 3, y: 3, width: 0, height: 0),
        ]
        let styles: [LineStyle] = [.solid, .dashed(dash: 0, gap: 0), .dashed(dash: Int.max, gap: Int.max),
                                   .dashed(dash: Int.min, gap: Int.min), .dashed(dash: 1, gap: 1)]
        for rect in rects {
            for style in styles {
                for thickness in [Int.min, -1, 0, 1, 5, Int.max] {
                    canvas.drawRectangle(rect, colour: colour, thickness: thickness, style: style)
                }
            }
            canvas.fillRectangle(rect, colour: colour)
        }
        var nanOnly = blackCanvas(width: 16, height: 12)
        nanOnly.drawRectangle(PixelRect(x: 1, y: .nan, width: 5, height: 5), colour: colour)
        nanOnly.fillRectangle(PixelRect(x: 1, y: 1, width: 5, height: .nan), colour: colour)
        XCTAssertEqual(nanOnly.pixels, blackCanvas(width: 16, height: 12).pixels, "NaN draws nothing")
    }

    func testNegativeSizeDrawsLikeItsPositiveCounterpart() {
        var positive = blackCanvas(width: 20, height: 20), negative = blackCanvas(width: 20, height: 20)
        positive.drawRectangle(PixelRect(x: 4, y: 5, width: 8, height: 6), colour: colour)
        negative.drawRectangle(PixelRect(x: 12, y: 11, width: -8, height: -6), colour: colour)
        XCTAssertEqual(positive.pixels, negative.pixels)
    }

    func testFillRoundsEdgesToWholePixels() {
        var canvas = blackCanvas(width: 20, height: 20)
        canvas.fillRectangle(PixelRect(x: 2.4, y: 3.6, width: 5.2, height: 2.8), colour: colour)
        // Columns round(2.4) ..< round(7.6) = 2...7, rows round(3.6) ..< round(6.4) = 4...5.
        let painted = canvas.pixels(of: colour)
        XCTAssertEqual(painted.count, 6 * 2)
        XCTAssertTrue(painted.allSatisfy { (2...7).contains($0.x) && (4...5).contains($0.y) })
    }

    func testGreyImagesReceiveTheColoursLuma() {
        var grey = Image<UInt8>(width: 10, height: 10, channels: 1, repeating: 0)
        grey.drawRectangle(PixelRect(x: 1, y: 1, width: 5, height: 5), colour: .red)
        XCTAssertEqual(grey[1, 1], RGBColour.red.luma)
        XCTAssertEqual(grey[3, 3], 0)
    }

    func testAnnotationStyleScalesWithFrameSize() {
        let small = AnnotationStyle.forFrame(width: 176, height: 144)
        XCTAssertEqual(small.thickness, 1)
        XCTAssertEqual(small.textScale, 1)
        let hd = AnnotationStyle.forFrame(width: 1920, height: 1080)
        XCTAssertEqual(hd.thickness, 3)
        XCTAssertTrue((3...4).contains(hd.textScale))
        XCTAssertGreaterThan(hd.dashLength, small.dashLength)
        XCTAssertGreaterThan(hd.gapLength, small.gapLength)
        XCTAssertEqual(AnnotationStyle.forFrame(width: 1280, height: 720).thickness, 2)
        let degenerate = AnnotationStyle.forFrame(width: 0, height: -5)
        XCTAssertEqual(degenerate.thickness, 1)
        XCTAssertEqual(degenerate.textScale, 1)
        XCTAssertGreaterThanOrEqual(degenerate.gapLength, 1)
        XCTAssertEqual(hd.dashedLine, .dashed(dash: hd.dashLength, gap: hd.gapLength))
    }

    func testPaletteHasTwelveDistinctColoursAndWrapsAnyIndex() {
        XCTAssertEqual(TrackPalette.colours.count, 12)
        XCTAssertEqual(Set(TrackPalette.colours).count, 12)
        XCTAssertEqual(TrackPalette.colour(for: 0), TrackPalette.colours[0])
        XCTAssertEqual(TrackPalette.colour(for: 13), TrackPalette.colours[1])
        XCTAssertEqual(TrackPalette.colour(for: -1), TrackPalette.colours[11])
        _ = TrackPalette.colour(for: Int.min)
        _ = TrackPalette.colour(for: Int.max)
    }

    func testContrastingTextColour() {
        XCTAssertEqual(RGBColour.yellow.contrastingTextColour, .black)
        XCTAssertEqual(RGBColour.white.contrastingTextColour, .black)
        XCTAssertEqual(RGBColour.blue.contrastingTextColour, .white)
        XCTAssertEqual(RGBColour.black.contrastingTextColour, .white)
    }
}
