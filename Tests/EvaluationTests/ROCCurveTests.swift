import Evaluation
import XCTest

final class ROCCurveTests: XCTestCase {
    func testSeparatedScoresGiveOneAndInvertedGiveZero() {
        XCTAssertEqual(rocAUC(scores: [0.9, 0.8, 0.1, 0.2], positives: [true, true, false, false]), 1)
        XCTAssertEqual(rocAUC(scores: [0.1, 0.2, 0.9, 0.8], positives: [true, true, false, false]), 0)
    }

    func testHandComputedCaseWithTies() {
        // Positives 0.8, 0.4, 0.4; negatives 0.4, 0.1. Pairs (pos > neg): 0.8 beats both (2),
        // each 0.4 ties 0.4 (1/2) and beats 0.1 (1): 2 + 1.5 + 1.5 = 5 of 6.
        let auc = rocAUC(scores: [0.8, 0.4, 0.4, 0.4, 0.1], positives: [true, true, true, false, false])
        XCTAssertEqual(auc ?? -1, 5.0 / 6.0, accuracy: 1e-12)
    }

    func testAllTiedIsOneHalfAndOneClassIsUndefined() {
        XCTAssertEqual(rocAUC(scores: [1, 1, 1], positives: [true, false, false]), 0.5)
        XCTAssertNil(rocAUC(scores: [0.3, 0.2], positives: [true, true]))
        XCTAssertNil(rocAUC(scores: [], positives: []))
        XCTAssertNil(rocAUC(scores: [0.3], positives: [true, false]))
    }
}
