import Imaging
import Tracking
import XCTest

/// ``CorrelationFilter`` alone, on one plane of random texture: the response to a circularly shifted
/// copy of the training patch peaks at the shift.
final class CorrelationFilterTests: XCTestCase {
    private let rows = 32, columns = 32

    private func patch(seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        return (0..<(rows * columns)).map { _ in Float(random.nextUnit()) }
    }

    /// `values` moved by (`down`, `right`) cells, wrapping around.
    private func shifted(_ values: [Float], down: Int, right: Int) -> [Float] {
        (0..<(rows * columns)).map { index in
            let r = ((index / columns - down) % rows + rows) % rows, c = ((index % columns - right) % columns + columns) % columns
            return values[r * columns + c]
        }
    }

    /// A filter trained once on `training` (no window: every weight 1, so a circular shift is exact).
    private func filter(trainedOn training: [Float]) -> CorrelationFilter {
        let filter = CorrelationFilter(rows: rows, columns: columns, channels: 1, sigma: (row: 2, column: 2),
                                       window: [Float](repeating: 1, count: rows * columns), regularisation: 1e-3)
        load(training, into: filter)
        filter.learn(rate: 1)
        return filter
    }

    private func load(_ values: [Float], into filter: CorrelationFilter) {
        for (index, value) in values.enumerated() { filter.features.pointer[index] = value }
        filter.load()
    }

    func testTheResponseToAShiftedPatchPeaksAtTheShift() {
        let training = patch(seed: 3)
        let filter = filter(trainedOn: training)
        for (down, right) in [(3, -5), (-7, 2), (0, 11)] {
            load(shifted(training, down: down, right: right), into: filter)
            let peak = filter.respond()
            XCTAssertEqual(peak.rowShift, Double(down), accuracy: 0.05)
            XCTAssertEqual(peak.columnShift, Double(right), accuracy: 0.05)
        }
    }

    func testTheTrainingPatchItselfAnswersWithThePeakOfTheLabel() {
        let training = patch(seed: 8)
        let filter = filter(trainedOn: training)
        load(training, into: filter)
        let peak = filter.respond()
        XCTAssertEqual(peak.row, 0)
        XCTAssertEqual(peak.column, 0)
        XCTAssertEqual(peak.value, 1, accuracy: 0.01)
    }

    func testAnUnrelatedPatchAnswersFarBelowTheTrainedOne() {
        let filter = filter(trainedOn: patch(seed: 3))
        load(patch(seed: 4), into: filter)
        XCTAssertLessThan(filter.respond().value, 0.5)
    }
}
