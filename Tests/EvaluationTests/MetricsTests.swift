import Evaluation
import Imaging
import XCTest

final class MetricsTests: XCTestCase {
    private let truth = (0..<10).map { PixelRect(x: Double($0) * 3, y: 10, width: 40, height: 20) }

    func testThresholdsFollowTheOTBConvention() {
        XCTAssertEqual(OTBProtocol.successThresholds.count, 21)
        XCTAssertEqual(OTBProtocol.successThresholds.first, 0)
        XCTAssertEqual(OTBProtocol.successThresholds.last, 1)
        XCTAssertEqual(OTBProtocol.successThresholds[3], 0.15000000000000002)   // numpy.linspace(0, 1, 21)[3]
        XCTAssertEqual(OTBProtocol.precisionThresholds.count, 51)
        XCTAssertEqual(OTBProtocol.normalizedPrecisionThresholds[20], 0.2)
    }

    func testPerfectTrackerScoresTwentyOfTwentyOne() {
        let score = SequenceScore(predictions: truth, groundTruth: truth)
        XCTAssertEqual(score.curves.frames, 10)
        XCTAssertEqual(score.curves.auc, 20.0 / 21.0, accuracy: 1e-12)
        XCTAssertEqual(score.curves.successCurve.last, 0)
        XCTAssertEqual(score.curves.precisionAt20, 1)
        XCTAssertEqual(score.curves.precisionCurve[0], 1)
        XCTAssertEqual(score.curves.normalizedPrecisionAUC, 1)
        XCTAssertEqual(score.curves.meanIoU, 1)
        XCTAssertNil(score.confidence)
    }

    func testTrackerThatMissesEverythingButTheFilledInitFrameScoresNearZero() {
        let far = truth.map { PixelRect(x: $0.x + 500, y: $0.y + 500, width: $0.width, height: $0.height) }
        var predictions: [PixelRect?] = far
        predictions[0] = nil   // frame 0 is filled with the GT box, as otb_metrics.py does
        let filled = SequenceScore(predictions: predictions, groundTruth: truth)
        XCTAssertEqual(filled.curves.auc, 20.0 / 21.0 / 10, accuracy: 1e-12)
        XCTAssertEqual(filled.curves.precisionAt20, 0.1, accuracy: 1e-12)

        let allMiss = SequenceScore(predictions: far, groundTruth: truth)
        XCTAssertEqual(allMiss.curves.auc, 0)
        XCTAssertEqual(allMiss.curves.precisionAt20, 0)
        XCTAssertEqual(allMiss.curves.normalizedPrecisionAUC, 0)
        XCTAssertEqual(allMiss.measurements.missingPredictionFrames, 0)

        let none = SequenceScore(predictions: [], groundTruth: truth, fillInitialFrame: false)
        XCTAssertEqual(none.curves.auc, 0)
        XCTAssertEqual(none.measurements.missingPredictionFrames, 10)
        XCTAssertEqual(none.measurements.centerErrors.first, .infinity)
    }

    func testHalfWidthOffsetGivesIoUOfOneThird() {
        // Shifted by half its width: overlap 20x20 = 400, union 800 + 800 - 400 = 1200, IoU 1/3.
        let shifted = truth.map { PixelRect(x: $0.x + 20, y: $0.y, width: $0.width, height: $0.height) }
        let score = SequenceScore(predictions: shifted, groundTruth: truth)
        XCTAssertEqual(score.measurements.ious[3], 1.0 / 3.0, accuracy: 1e-12)
        // IoU 1/3 > t for t = 0, 0.05, ..., 0.3 (7 thresholds) -> AUC 7/21.
        XCTAssertEqual(score.curves.auc, 7.0 / 21.0, accuracy: 1e-12)
        XCTAssertEqual(score.curves.successAt05, 0)
        XCTAssertEqual(score.measurements.centerErrors[5], 20, accuracy: 1e-12)
        XCTAssertEqual(score.curves.precisionAt20, 1)      // 20 <= 20
        XCTAssertEqual(score.curves.precisionCurve[19], 0)
        XCTAssertEqual(score.measurements.normalizedCenterErrors[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(score.curves.normalizedPrecisionAt02, 0)
        // 0.5 <= t only at the last of the 51 thresholds.
        XCTAssertEqual(score.curves.normalizedPrecisionAUC, 1.0 / 51.0, accuracy: 1e-12)
    }

    func testGroundTruthFramesThatAreNaNOrEmptyAreNotScored() {
        var gaps = truth
        gaps[2] = PixelRect(x: .nan, y: .nan, width: .nan, height: .nan)
        gaps[4] = PixelRect(x: 1, y: 1, width: 0, height: 5)
        var predictions: [PixelRect?] = truth
        predictions[7] = PixelRect(x: 1, y: 1, width: -3, height: 5)   // invalid prediction: a miss
        let score = SequenceScore(predictions: predictions, groundTruth: gaps)
        XCTAssertEqual(score.measurements.frames, [0, 1, 3, 5, 6, 7, 8, 9])
        XCTAssertEqual(score.measurements.unscoredGroundTruthFrames, 2)
        XCTAssertEqual(score.measurements.missingPredictionFrames, 1)
        XCTAssertEqual(score.curves.successCurve[0], 7.0 / 8.0, accuracy: 1e-12)
    }

    func testConfidenceAnalysisIgnoresTheInitFrame() {
        let far = PixelRect(x: 900, y: 900, width: 40, height: 20)
        let predictions: [PixelRect?] = [truth[0], truth[1], far, truth[3], far]
        let confidences: [Double?] = [0.0, 0.9, 0.2, 0.7, 0.6]
        let score = SequenceScore(predictions: predictions, groundTruth: Array(truth[0..<5]), confidences: confidences)
        let c = try? XCTUnwrap(score.confidence)
        XCTAssertEqual(c?.frames, 4)
        XCTAssertEqual(c?.failureFrames, 2)
        // Failures have confidence 0.2, 0.6; successes 0.9, 0.7. Pairs (fail, ok) where the failure
        // is less confident: 0.2 < both, 0.6 < both -> 4 of 4.
        XCTAssertEqual(c?.rocAUC ?? -1, 1, accuracy: 1e-12)
        XCTAssertEqual(c?.framesAbove, 3)
        XCTAssertEqual(c?.framesAtOrBelow, 1)
        XCTAssertEqual(c?.failureRateAbove ?? -1, 1.0 / 3.0, accuracy: 1e-12)
        XCTAssertEqual(c?.failureRateAtOrBelow ?? -1, 1, accuracy: 1e-12)
    }

    func testSummaryAveragesSequencesAndPoolsFrames() {
        let perfect = SequenceScore(predictions: truth, groundTruth: truth)
        let short = Array(truth[0..<2])
        let halfMiss = SequenceScore(predictions: [short[0], PixelRect(x: 999, y: 0, width: 1, height: 1)], groundTruth: short)
        let summary = ScoreSummary([perfect, halfMiss])
        XCTAssertEqual(summary.sequences, 2)
        XCTAssertEqual(summary.frames, 12)
        XCTAssertEqual(summary.meanAUC, (20.0 / 21 + 10.0 / 21) / 2, accuracy: 1e-12)
        XCTAssertEqual(summary.frameWeighted.auc, 11.0 / 12 * 20 / 21, accuracy: 1e-12)
        XCTAssertEqual(summary.meanSuccessCurve[0], 0.75, accuracy: 1e-12)
        XCTAssertNil(summary.pooledConfidence)
        XCTAssertEqual(ScoreSummary([]).meanAUC, 0)
    }
}
