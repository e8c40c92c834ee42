import Imaging
import Pipeline
import TrackFormats
import XCTest

/// ``PassCombination``: one frame's forward and backward records combined by their confidence.
final class PassCombinationTests: XCTestCase {
    private func record(_ box: PixelRect, confidence: Float, state: TrackState = .tracked) -> TrackRecord {
        TrackRecord(frame: 7, time: 0.7, trackID: 1, label: "a", box: box, confidence: confidence, state: state)
    }

    private let here = PixelRect(x: 100, y: 50, width: 40, height: 80)
    private let nearby = PixelRect(x: 104, y: 50, width: 40, height: 80)   // IoU 0.82 with `here`
    private let elsewhere = PixelRect(x: 300, y: 50, width: 40, height: 80)

    func testAgreeingPassesMultiplyTheirOddsAndAverageTheirBoxesByConfidence() {
        let combined = PassCombination.record(forward: record(here, confidence: 0.8), backward: record(nearby, confidence: 0.6))
        // Odds 4 x 1.5 = 6: p = 6 / 7; the forward box weighs 0.8 / 1.4.
        XCTAssertEqual(combined.confidence, 6.0 / 7, accuracy: 1e-6)
        XCTAssertEqual(combined.box.x, 100 + 4 * 0.6 / 1.4, accuracy: 1e-6)
        XCTAssertEqual(combined.source, .combined)
        XCTAssertEqual(combined.state, .tracked)
    }

    func testDisagreeingPassesGiveTheSurerBoxFlaggedAsDisputed() {
        let disputed = PassCombination.record(forward: record(here, confidence: 0.6), backward: record(elsewhere, confidence: 0.8))
        // At most one is on the object: the backward one with 0.8 x 0.4 / (1 - 0.48).
        XCTAssertEqual(disputed.box, elsewhere)
        XCTAssertEqual(disputed.confidence, 0.32 / 0.52, accuracy: 1e-6)
        XCTAssertEqual(disputed.source, .disputed)
    }

    func testTwoDoubtfulAgreeingPassesAreLost() {
        let combined = PassCombination.record(forward: record(here, confidence: 0.3), backward: record(here, confidence: 0.3))
        // Odds (3/7)² = 9/49: p = 9 / 58, below lostBelow.
        XCTAssertEqual(combined.confidence, 9.0 / 58, accuracy: 1e-6)
        XCTAssertEqual(combined.state, .lost)
    }

    func testOnePassAloneKeepsItsRecordAsTracked() {
        let only = PassCombination.record(forward: nil, backward: record(here, confidence: 0.7, state: .reseeded))
        XCTAssertEqual(only.box, here)
        XCTAssertEqual(only.confidence, 0.7)
        XCTAssertEqual(only.source, .tracked)
        XCTAssertEqual(only.state, .reseeded)
    }

    func testACertainPassDoesNotSilenceTheOther() {
        let combined = PassCombination.record(forward: record(here, confidence: 1), backward: record(elsewhere, confidence: 1))
        // Both clamped to 0.999: either is as likely the one on the object.
        XCTAssertEqual(combined.confidence, 0.5, accuracy: 1e-3)
        XCTAssertEqual(combined.source, .disputed)
    }

    func testAKeyframeRecordIsTheGivenBoxAtCertainty() {
        let keyframe = PassCombination.keyframeRecord(record(elsewhere, confidence: 0.1, state: .lost), box: here)
        XCTAssertEqual(keyframe.box, here)
        XCTAssertEqual(keyframe.confidence, 1)
        XCTAssertEqual(keyframe.source, .keyframe)
        XCTAssertEqual(keyframe.state, .tracked)
    }
}
