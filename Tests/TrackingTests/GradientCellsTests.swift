import Foundation
import Tracking
import XCTest

final class GradientCellsTests: XCTestCase {
    /// A 4x4 plane (one 2x2-pixel cell plus the border) whose intensity falls along 60 degrees:
    /// every cell pixel has the same gradient, pointing to 240 degrees (signed bin 3 + 9 = 12,
    /// unsigned bin 3). Each of the 4 pixels votes magnitude m with bilinear weight 0.75 x 0.75.
    func testSingleCellMatchesHandComputation() {
        let slope: Float = 0.00025
        let angle = Float.pi / 3
        let a = -slope * cos(angle), b = -slope * sin(angle)
        var plane = [Float](repeating: 0, count: 16)
        for y in 0..<4 { for x in 0..<4 { plane[y * 4 + x] = 0.5 + a * Float(x) + b * Float(y) } }
        let cells = GradientCells(columns: 1, rows: 1, cellSize: 2, layout: .fhog)
        XCTAssertEqual(cells.inputWidth, 4)
        let features = cells.compute(plane)
        XCTAssertEqual(features.count, 31)

        let magnitude = 2 * slope           // central difference over two pixels
        let vote = 4 * 0.75 * 0.75 * magnitude
        // One cell: every 2x2 block around it is the cell itself, four times its energy.
        let norm = 1 / (4 * vote * vote + 1e-4).squareRoot()
        let normalised = min(vote * norm, 0.2)
        for k in 0..<18 {
            XCTAssertEqual(features[k], k == 12 ? 0.5 * 4 * normalised : 0, accuracy: 1e-5, "signed bin \(k)")
        }
        for k in 0..<9 {
            XCTAssertEqual(features[18 + k], k == 3 ? 0.5 * 4 * normalised : 0, accuracy: 1e-5, "unsigned bin \(k)")
        }
        for k in 0..<4 {
            XCTAssertEqual(features[27 + k], 0.2357 * normalised, accuracy: 1e-5, "texture \(k)")
        }
    }

    /// Two cells side by side: a vertical edge in the left cell votes mostly there, partly in
    /// the right cell (bilinear spread), and a flat plane gives no orientation energy.
    func testVotesSpreadToNeighbouringCell() {
        let cells = GradientCells(columns: 2, rows: 1, cellSize: 4, layout: .unsigned)
        XCTAssertEqual(cells.inputWidth, 10)
        XCTAssertEqual(cells.inputHeight, 6)
        var plane = [Float](repeating: 0.2, count: 60)
        for y in 0..<6 { for x in 3..<10 { plane[y * 10 + x] = 0.8 } }
        let features = cells.compute(plane)
        XCTAssertEqual(features.count, 13 * 2)
        // Horizontal gradient -> unsigned bin 0; channel k of cell c at index k * 2 + c.
        XCTAssertGreaterThan(features[0], 0)
        XCTAssertGreaterThan(features[0], features[1])
        for k in 1..<9 { XCTAssertEqual(features[k * 2], 0, accuracy: 1e-6) }

        let flat = cells.compute([Float](repeating: 0.5, count: 60))
        XCTAssertEqual(flat.reduce(0, +), 0, accuracy: 1e-6)
        XCTAssertTrue(cells.compute([0.5]).isEmpty)
    }
}
