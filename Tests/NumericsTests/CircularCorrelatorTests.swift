import Imaging
import Numerics
import XCTest

/// `CircularCorrelator` against the correlation's definition, summed directly.
final class CircularCorrelatorTests: XCTestCase {
    func testMatchesDirectCircularCorrelation() {
        for (rows, columns) in [(12, 10), (7, 9), (1, 16)] {
            var random = SplitMix64(seed: UInt64(rows * 100 + columns))
            let template = (0..<(rows * columns)).map { _ in Float(random.nextUnit()) - 0.5 }
            let signal = (0..<(rows * columns)).map { _ in Float(random.nextUnit()) - 0.5 }
            let fast = CircularCorrelator(rows: rows, columns: columns).correlate(template, with: signal)
            XCTAssertEqual(fast.count, rows * columns)
            for r in 0..<rows {
                for c in 0..<columns {
                    var direct: Float = 0
                    for i in 0..<rows {
                        for j in 0..<columns {
                            direct += template[i * columns + j] * signal[((i + r) % rows) * columns + (j + c) % columns]
                        }
                    }
                    XCTAssertEqual(fast[r * columns + c], direct, accuracy: 1e-4, "\(rows)x\(columns) at (\(r), \(c))")
                }
            }
        }
    }

    func testPeakIsTheCircularShift() {
        let rows = 16, columns = 20
        var random = SplitMix64(seed: 7)
        let template = (0..<(rows * columns)).map { _ in Float(random.nextUnit()) - 0.5 }
        var signal = [Float](repeating: 0, count: rows * columns)
        for i in 0..<rows {
            for j in 0..<columns { signal[((i + 3) % rows) * columns + (j + 5) % columns] = template[i * columns + j] }
        }
        let scores = CircularCorrelator(rows: rows, columns: columns).correlate(template, with: signal)
        let peak = scores.indices.max { scores[$0] < scores[$1] }
        XCTAssertEqual(peak, 3 * columns + 5)
    }

    func testLoadedTemplatesEachMatchDirectCorrelationWithEverySignal() {
        let rows = 8, columns = 6, count = rows * columns
        var random = SplitMix64(seed: 11)
        let templates = (0..<3).map { _ in (0..<count).map { _ in Float(random.nextUnit()) - 0.5 } }
        let signals = (0..<2).map { _ in (0..<count).map { _ in Float(random.nextUnit()) - 0.5 } }
        let correlator = CircularCorrelator(rows: rows, columns: columns)
        correlator.loadTemplates(count: templates.count) { index, values in _ = values.update(fromContentsOf: templates[index]) }
        XCTAssertEqual(correlator.templateCount, 3)
        for signal in signals {
            correlator.loadSignal { values in _ = values.update(fromContentsOf: signal) }
            for (index, template) in templates.enumerated() {
                var response: [Float] = []
                correlator.withResponse(toTemplate: index) { response = Array($0) }
                let direct = CircularCorrelator(rows: rows, columns: columns).correlate(template, with: signal)
                XCTAssertEqual(response.count, count)
                for k in 0..<count { XCTAssertEqual(response[k], direct[k], accuracy: 1e-5, "template \(index) at \(k)") }
            }
        }
        var called = false
        correlator.withResponse(toTemplate: 3) { _ in called = true }
        XCTAssertFalse(called, "a template that was never loaded has no response")
    }

    func testMismatchedSizesGiveEmptyResult() {
        XCTAssertTrue(CircularCorrelator(rows: 4, columns: 4).correlate([1, 2, 3], with: [1, 2, 3]).isEmpty)
    }
}
