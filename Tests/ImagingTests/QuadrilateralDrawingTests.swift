import Imaging
import XCTest

final class QuadrilateralDrawingTests: XCTestCase {
    private let colour = RGBColour(red: 10, green: 200, blue: 30)
    private let tilted = Quadrilateral(topLeft: PixelPoint(x: 10, y: 12), topRight: PixelPoint(x: 50, y: 6),
                                       bottomRight: PixelPoint(x: 56, y: 40), bottomLeft: PixelPoint(x: 14, y: 44))

    /// Every point along every edge is painted, and nothing far from the edges is.
    func testSolidOutlineFollowsTheSlantedEdges() {
        var canvas = blackCanvas(width: 70, height: 56)
        canvas.drawQuadrilateral(tilted, colour: colour, thickness: 1)
        let corners = tilted.corners
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            for step in 0...20 {
                let t = Double(step) / 20
                let x = Int(a.x + (b.x - a.x) * t), y = Int(a.y + (b.y - a.y) * t)
                let near = (-1...1).contains { dx in (-1...1).contains { dy in canvas.colour(x: x + dx, y: y + dy) == colour } }
                XCTAssertTrue(near, "edge \(i) at t=\(t) (\(x), \(y)) is not drawn")
            }
        }
        XCTAssertEqual(canvas.colour(x: 33, y: 25), .black, "the inside is not filled")
        XCTAssertEqual(canvas.colour(x: 2, y: 2), .black)
        let painted = canvas.pixels(of: colour).count
        XCTAssertGreaterThan(painted, 140, "about the perimeter (~160 px) in pixels")
        XCTAssertLessThan(painted, 260)
    }

    func testDashedOutlineLeavesGaps() {
        var solid = blackCanvas(width: 70, height: 56), dashed = blackCanvas(width: 70, height: 56)
        solid.drawQuadrilateral(tilted, colour: colour, thickness: 2)
        dashed.drawQuadrilateral(tilted, colour: colour, thickness: 2, style: .dashed(dash: 6, gap: 6))
        let solidCount = solid.pixels(of: colour).count, dashedCount = dashed.pixels(of: colour).count
        XCTAssertGreaterThan(dashedCount, solidCount / 4)
        XCTAssertLessThan(dashedCount, solidCount * 3 / 4)
        XCTAssertEqual(dashed.colour(x: 10, y: 12), colour, "the dash starts at the top-left corner")
    }

    func testCornersOutsideTheImageHugeOrNaNNeverTrap() {
        var canvas = blackCanvas(width: 30, height: 20)
        let huge = Quadrilateral(topLeft: PixelPoint(x: -1e300, y: -5), topRight: PixelPoint(x: .infinity, y: 3),
                                 bottomRight: PixelPoint(x: 1e18, y: 1e18), bottomLeft: PixelPoint(x: 5, y: 15))
        canvas.drawQuadrilateral(huge, colour: colour, thickness: 3, style: .dashed(dash: 4, gap: 2))
        var untouched = blackCanvas(width: 30, height: 20)
        let broken = Quadrilateral(topLeft: PixelPoint(x: .nan, y: 1), topRight: PixelPoint(x: 10, y: 1),
                                   bottomRight: PixelPoint(x: 10, y: 10), bottomLeft: PixelPoint(x: 1, y: 10))
        untouched.drawQuadrilateral(broken, colour: colour)
        XCTAssertEqual(untouched.pixels(of: colour).count, 0)
        let outside = Quadrilateral(topLeft: PixelPoint(x: 100, y: 100), topRight: PixelPoint(x: 200, y: 100),
                                    bottomRight: PixelPoint(x: 200, y: 200), bottomLeft: PixelPoint(x: 100, y: 200))
        untouched.drawQuadrilateral(outside, colour: colour, thickness: 4)
        XCTAssertEqual(untouched.pixels(of: colour).count, 0)
    }
}
