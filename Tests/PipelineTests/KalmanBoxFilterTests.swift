import Imaging
import Pipeline
import XCTest

/// ``KalmanBoxFilter`` alone: a box moving at constant velocity is predicted where it goes.
final class KalmanBoxFilterTests: XCTestCase {
    /// A 20x40 box whose top-left corner moves by (4, -2) pixels a frame from (100, 200).
    private func moving(_ frame: Int) -> PixelRect {
        PixelRect(x: 100 + 4 * Double(frame), y: 200 - 2 * Double(frame), width: 20, height: 40)
    }

    /// A filter started on frame 0 and given frames 1...`frames` (each predicted, then corrected).
    private func filter(following frames: Int) -> KalmanBoxFilter {
        var filter = KalmanBoxFilter(box: moving(0))
        for frame in 1...frames {
            filter.predict()
            filter.update(with: moving(frame))
        }
        return filter
    }

    func testAConstantVelocityIsPredictedAheadWithoutMeasurements() {
        var filter = filter(following: 100)
        for _ in 0..<5 { filter.predict() }
        let predicted = filter.box, truth = moving(105)
        XCTAssertEqual(predicted.centerX, truth.centerX, accuracy: 0.05)
        XCTAssertEqual(predicted.centerY, truth.centerY, accuracy: 0.05)
        XCTAssertEqual(predicted.width, truth.width, accuracy: 0.01)
        XCTAssertEqual(predicted.height, truth.height, accuracy: 0.01)
    }

    func testANewFilterStaysWhereItStarted() {
        var filter = KalmanBoxFilter(box: moving(0))
        filter.predict()
        XCTAssertEqual(filter.box, moving(0))
    }

    func testAMeasurementPullsTheStateMostOfTheWayToIt() {
        // For a 40 px high box the position variance after one predict is 4² + 2.5² + 2² = 26.25
        // (start, velocity, process noise) against a measurement variance of 2²: the gain is
        // 26.25 / 30.25, and a box measured 10 px to the right moves the state that share of 10 px.
        var filter = KalmanBoxFilter(box: moving(0))
        filter.predict()
        filter.update(with: PixelRect(x: 110, y: 200, width: 20, height: 40))
        XCTAssertEqual(filter.box.centerX - moving(0).centerX, 10 * 26.25 / 30.25, accuracy: 1e-9)
        XCTAssertEqual(filter.box.centerY, moving(0).centerY, accuracy: 1e-9)
    }

    func testHoldingSizeStopsAShrinkingBoxFromShrinkingOn() {
        // A person going behind another: measured 2 px shorter every frame, then not at all.
        var filter = KalmanBoxFilter(box: PixelRect(x: 100, y: 100, width: 40, height: 120))
        for frame in 1...20 {
            filter.predict()
            filter.update(with: PixelRect(x: 100, y: 100, width: 40 - Double(frame) / 3, height: 120 - 2 * Double(frame)))
        }
        let lastHeight = filter.box.height
        var held = filter, free = filter
        for _ in 0..<20 {
            held.predict(holdingSize: true)
            free.predict()
        }
        XCTAssertEqual(held.box.height, lastHeight, accuracy: 1e-9)
        XCTAssertLessThan(free.box.height, lastHeight - 20, "without holding, the height goes on falling")
    }

    func testAnEmptyMeasurementIsIgnored() {
        var filter = filter(following: 10)
        let before = filter.box
        filter.update(with: PixelRect(x: 0, y: 0, width: 0, height: 0))
        XCTAssertEqual(filter.box, before)
    }
}
