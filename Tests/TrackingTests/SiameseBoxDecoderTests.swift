import Tracking
import XCTest

/// ``SiameseBoxDecoder`` on hand-made score maps: a 5x5 grid, 8 search-crop pixels between cells,
/// the crop's centre on the middle cell.
final class SiameseBoxDecoderTests: XCTestCase {
    private let side = 5, stride = 8

    /// A response sure of nothing (object logit -5 everywhere) with every cell's box 10 px from it on
    /// each side (a 20x20 box centred on the cell).
    private func emptyResponse() -> SiameseResponse {
        var response = SiameseResponse(side: side)
        let cells = side * side
        for cell in 0..<cells { response.classLogits[cells + cell] = -5 }
        for index in response.edgeDistances.indices { response.edgeDistances[index] = 10 }
        return response
    }

    private func setObject(_ logit: Float, row: Int, column: Int, in response: inout SiameseResponse) {
        response.classLogits[side * side + row * side + column] = logit
    }

    private func decode(_ response: SiameseResponse) -> SiameseBoxDecoder.Candidate {
        var decoder = SiameseBoxDecoder(side: side, stride: stride, settings: .authorsV2)
        return decoder.decode(response, targetWidth: 20, targetHeight: 20,
                              scaleReference: SiameseBoxDecoder.paddedSize(20, 20))
    }

    func testTheSureCellGivesTheBoxItsEdgesDescribe() {
        var response = emptyResponse()
        setObject(5, row: 1, column: 3, in: &response)
        // Its box reaches 4 px left, 12 right, 6 up and 10 down of the cell's centre (8, -8).
        let cell = 1 * side + 3, cells = side * side
        response.edgeDistances[cell] = 4
        response.edgeDistances[2 * cells + cell] = 12
        response.edgeDistances[cells + cell] = 6
        response.edgeDistances[3 * cells + cell] = 10
        let candidate = decode(response)
        XCTAssertEqual(candidate.cell, cell)
        XCTAssertEqual(candidate.dx, 8 + 4)
        XCTAssertEqual(candidate.dy, -8 + 2)
        XCTAssertEqual(candidate.width, 16)
        XCTAssertEqual(candidate.height, 16)
        XCTAssertEqual(candidate.score, 1 / (1 + exp(-5)), accuracy: 1e-6)
        XCTAssertGreaterThan(candidate.sharpness, 10)
    }

    func testWithoutAnyScoreTheWindowPicksTheCentre() {
        let candidate = decode(emptyResponse())
        XCTAssertEqual(candidate.cell, 2 * side + 2)
        XCTAssertEqual(candidate.dx, 0)
        XCTAssertEqual(candidate.dy, 0)
        XCTAssertEqual(candidate.penalty, 1, accuracy: 1e-6, "an unchanged size costs nothing")
    }

    func testOfTwoEquallySureCellsTheOneThatKeepsTheSizeWins() {
        var response = emptyResponse()
        // Two cells at the same distance from the centre: (1, 2) keeps the 20x20 box, (3, 2) doubles it.
        setObject(5, row: 1, column: 2, in: &response)
        setObject(5, row: 3, column: 2, in: &response)
        let doubled = 3 * side + 2, cells = side * side
        for plane in 0..<4 { response.edgeDistances[plane * cells + doubled] = 20 }
        let candidate = decode(response)
        XCTAssertEqual(candidate.cell, 1 * side + 2)
        XCTAssertEqual(candidate.width, 20)
    }
}
