import Imaging
import Pipeline
import TrackFormats
import XCTest

/// The MOTChallenge result rules on records alone: which frames come out when, and what a bridged
/// gap, a confirmed newcomer and the run's duplicate overlap produce.
final class MOTResultRulesTests: XCTestCase {
    private func record(_ frame: Int, _ id: Int, x: Double, state: TrackState = .tracked, confidence: Float = 0.9) -> TrackRecord {
        TrackRecord(frame: frame, time: Double(frame) / 10, trackID: id, label: "", box: PixelRect(x: x, y: 10, width: 20, height: 40),
                    confidence: confidence, state: state)
    }

    func testAShortGapIsHeldThenBridgedByInterpolation() {
        var rules = MOTResultRules(duplicateIoU: 0.5)
        XCTAssertEqual(rules.add(frame: 0, records: [record(0, 1, x: 0)]).map { $0.map(\.frame) }, [[0]])
        XCTAssertEqual(rules.add(frame: 1, records: [record(1, 1, x: 10, state: .lost, confidence: 0.1)]), [])
        XCTAssertEqual(rules.add(frame: 2, records: [record(2, 1, x: 20, state: .lost, confidence: 0.1)]), [])
        let decided = rules.add(frame: 3, records: [record(3, 1, x: 30, confidence: 0.7)])
        XCTAssertEqual(decided.map { $0.map(\.frame) }, [[1], [2], [3]])
        XCTAssertEqual(decided[0][0].box.x, 10, accuracy: 1e-9)
        XCTAssertEqual(decided[1][0].box.x, 20, accuracy: 1e-9)
        XCTAssertEqual(decided[1][0].confidence, 0.7)
        XCTAssertEqual(rules.finish(), [])
    }

    func testAGapAsLongAsTheBridgedGapIsGivenUp() {
        var rules = MOTResultRules(bridgedGap: 3, duplicateIoU: 0.5)
        var written: [[TrackRecord]] = rules.add(frame: 0, records: [record(0, 1, x: 0)])
        for frame in 1...3 { written += rules.add(frame: frame, records: [record(frame, 1, x: 0, state: .lost, confidence: 0)]) }
        written += rules.add(frame: 4, records: [record(4, 1, x: 0)])
        written += rules.finish()
        XCTAssertEqual(written.map { $0.map(\.frame) }, [[0], [], [], [], [4]])
    }

    func testABridgedBoxOnAnotherTracksResultFollowsTheRunsDuplicateOverlap() {
        func run(duplicateIoU: Double) -> Int {
            var rules = MOTResultRules(duplicateIoU: duplicateIoU)
            var written = rules.add(frame: 0, records: [record(0, 1, x: 0), record(0, 2, x: 100)])
            // Track 1 is lost for a frame while track 2 stands 5 px from where 1 would be bridged.
            written += rules.add(frame: 1, records: [record(1, 1, x: 0, state: .lost, confidence: 0), record(1, 2, x: 10)])
            written += rules.add(frame: 2, records: [record(2, 1, x: 20), record(2, 2, x: 100)])
            written += rules.finish()
            return written.joined().count
        }
        // The bridged box (x 10) and track 2's (x 10) coincide: IoU 1.
        XCTAssertEqual(run(duplicateIoU: 0.5), 5)
        XCTAssertEqual(run(duplicateIoU: 1.0), 6)
    }

    func testATentativeTrackBecomesAResultFromItsFirstFrameOnlyOnceConfirmed() {
        var rules = MOTResultRules(duplicateIoU: 0.5)
        XCTAssertEqual(rules.add(frame: 0, records: [record(0, 1, x: 0, state: .tentative), record(0, 2, x: 100, state: .tentative)]), [])
        // Track 2 has no record: dropped unconfirmed. Track 1 is still undecided.
        XCTAssertEqual(rules.add(frame: 1, records: [record(1, 1, x: 0, state: .tentative)]), [])
        let decided = rules.add(frame: 2, records: [record(2, 1, x: 0)])
        XCTAssertEqual(decided.map { $0.map(\.trackID) }, [[1], [1], [1]])
        XCTAssertEqual(rules.finish(), [])
    }
}
