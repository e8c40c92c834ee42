import Imaging
import Tracking
import XCTest

/// ``ScaleEstimator`` alone: trained on an object, it reads back a zoom applied to that object.
final class ScaleEstimatorTests: XCTestCase {
    /// A textured object in the middle of a 320x240 scene, 64x48 on frame 0 and `zoom` times that
    /// on frame 1, about the same centre.
    private func frames(zoom: Double) -> (first: ImageFrame, zoomed: ImageFrame, box: PixelRect) {
        let box = PixelRect(x: 128, y: 96, width: 64, height: 48)
        let scene = SyntheticScene(SyntheticSceneParameters(width: 320, height: 240, frameCount: 2, seed: 5,
                                                            objectStart: box, finalScale: zoom))
        return (scene.render(frame: 0), scene.render(frame: 1), box)
    }

    /// The size change read on the zoomed frame by an estimator trained on the first, applied
    /// `rounds` times to the box (as a tracker applies one estimate per frame) and multiplied up.
    private func estimatedZoom(_ zoom: Double, parameters: TrackerParameters, rounds: Int = 1) -> Double {
        let (first, zoomed, box) = frames(zoom: zoom)
        let estimator = ScaleEstimator(targetWidth: box.width, targetHeight: box.height, parameters: parameters)
        estimator.learn(first, centerX: box.centerX, centerY: box.centerY, width: box.width, height: box.height, weight: 1)
        var total = 1.0
        for _ in 0..<rounds {
            total *= estimator.estimate(zoomed, centerX: box.centerX, centerY: box.centerY,
                                        width: box.width * total, height: box.height * total)
        }
        return total
    }

    func testOneEstimateMovesTheRightWayByMoreThanHalfTheZoom() {
        // fast: 3% steps; accurate: 2% steps. Growing by 2 steps and shrinking by 3.
        for (parameters, step) in [(TrackerParameters.fast, 1.03), (TrackerParameters.accurate, 1.02)] {
            for steps in [2.0, -3.0] {
                let read = log(estimatedZoom(pow(step, steps), parameters: parameters)) / log(step)
                XCTAssertGreaterThan(read / steps, 0.5, "\(steps) steps read as \(read)")
                XCTAssertLessThan(read / steps, 1.25, "\(steps) steps read as \(read)")
            }
        }
    }

    func testAKnownZoomIsRecoveredToOnePercentByRepeatedEstimates() {
        for (parameters, step) in [(TrackerParameters.fast, 1.03), (TrackerParameters.accurate, 1.02)] {
            for steps in [2.0, -3.0] {
                let zoom = pow(step, steps)
                let estimated = estimatedZoom(zoom, parameters: parameters, rounds: 4)
                XCTAssertEqual(estimated / zoom, 1, accuracy: 0.01, "zoom \(zoom) read as \(estimated)")
            }
        }
    }

    func testTheSameSizeReadsAsNoChange() {
        XCTAssertEqual(estimatedZoom(1, parameters: .fast), 1, accuracy: 0.005)
    }

    func testAnUntrainedEstimatorReportsNoChange() {
        let (_, zoomed, box) = frames(zoom: 1.1)
        let estimator = ScaleEstimator(targetWidth: box.width, targetHeight: box.height, parameters: .fast)
        XCTAssertEqual(estimator.estimate(zoomed, centerX: box.centerX, centerY: box.centerY, width: box.width, height: box.height), 1)
    }
}
