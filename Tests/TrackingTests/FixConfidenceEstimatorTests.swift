import Foundation
import Tracking
import XCTest

/// ``FixConfidenceEstimator`` on hand-made 7x7 responses whose peak-to-sidelobe ratio is known.
final class FixConfidenceEstimatorTests: XCTestCase {
    /// A 7x7 response peaking at (3, 3) with `peak`; outside the 3x3 square around it, alternately
    /// 0 and 2 times `scale` (mean `scale`, standard deviation `scale`): its PSR is `peak / scale - 1`.
    private func response(peak: Float, scale: Float = 1) -> [Float] {
        var values = [Float](repeating: 0, count: 49), sidelobe = 0
        for row in 0..<7 {
            for column in 0..<7 {
                if abs(row - 3) <= 1 && abs(column - 3) <= 1 {
                    values[row * 7 + column] = row == 3 && column == 3 ? peak : 0.5 * peak
                } else {
                    values[row * 7 + column] = sidelobe % 2 == 0 ? 0 : 2 * scale
                    sidelobe += 1
                }
            }
        }
        return values
    }

    /// The fast level's calibration without the first model's agreement: the reported confidence
    /// is then a logistic of `log(1 + psr)` alone.
    private func estimator() -> FixConfidenceEstimator {
        var parameters = TrackerParameters.fast
        parameters.agreementWeight = 0
        return FixConfidenceEstimator(parameters: parameters, exclusionRadius: 1)
    }

    private func assess(_ values: [Float], with estimator: inout FixConfidenceEstimator) -> FixConfidenceEstimator.Assessment {
        values.withUnsafeBufferPointer { estimator.assess($0.baseAddress!, rows: 7, columns: 7, peakRow: 3, peakColumn: 3, reference: 0) }
    }

    private func logistic(_ x: Float) -> Float { 1 / (1 + exp(-x)) }

    func testThePeakToSidelobeRatioLeavesOutTheSquareAroundThePeak() {
        let values = response(peak: 10)
        let psr = values.withUnsafeBufferPointer {
            estimator().peakToSidelobeRatio($0.baseAddress!, rows: 7, columns: 7, peakRow: 3, peakColumn: 3)
        }
        XCTAssertEqual(psr, 9, accuracy: 1e-4)
    }

    func testASharpPeakIsAFixAndTheConfidencesAreTheLogisticsOfItsCues() {
        var estimator = estimator()
        let parameters = TrackerParameters.fast
        let assessment = assess(response(peak: 10), with: &estimator)
        XCTAssertEqual(assessment.sharpness, 9, accuracy: 1e-4)
        XCTAssertEqual(assessment.tracking, logistic((9 - parameters.responseMidpoint) / parameters.responseWidth), accuracy: 1e-5)
        XCTAssertEqual(assessment.reported, logistic((log(10) - parameters.confidenceMidpoint) / parameters.confidenceWidth), accuracy: 1e-5)
        XCTAssertGreaterThan(assessment.tracking, 0.5)
    }

    func testASharpButLowPeakIsNoFixOnceTheUsualPeakIsKnown() {
        var estimator = estimator()
        estimator.remember(peak: 10, weight: 1)
        // Same shape at 0.3 of the height: the PSR is still 9, the peak 0.5 of 0.6 x the average.
        let assessment = assess(response(peak: 3, scale: 0.3), with: &estimator)
        XCTAssertEqual(assessment.sharpness, 9, accuracy: 1e-3)
        XCTAssertEqual(assessment.peakRatio, 0.3, accuracy: 1e-5)
        XCTAssertEqual(assessment.tracking, logistic(4.5 - TrackerParameters.fast.responseMidpoint), accuracy: 1e-5)
        XCTAssertLessThan(assessment.tracking, 0.5)
    }

    func testFramesWithoutAFixAreDiscountedMoreTheLongerTheyLast() {
        var estimator = estimator()   // drift spread 0.25: 1 - exp(-1 / (2 x 0.0625 x n)) = 1 - exp(-8 / n)
        XCTAssertEqual(estimator.discountingDrift(0.4), 0.4 * (1 - exp(-8)), accuracy: 1e-6)
        XCTAssertEqual(estimator.discountingDrift(0.4), 0.4 * (1 - exp(-4)), accuracy: 1e-6)
        XCTAssertEqual(estimator.framesWithoutFix, 2)
        XCTAssertEqual(estimator.discountingDrift(0.8), 0.8)
        XCTAssertEqual(estimator.framesWithoutFix, 0)
        XCTAssertEqual(estimator.discountingDrift(0.4), 0.4 * (1 - exp(-8)), accuracy: 1e-6)
    }
}
