import Evaluation
import Imaging
import XCTest

/// The starts of the robustness protocols: exact boxes and frames.
final class RunStartTests: XCTestCase {
    private func assertBox(_ start: RunStart, _ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(start.name, name, file: file, line: line)
        XCTAssertEqual(start.frame, 0, name, file: file, line: line)
        XCTAssertEqual(start.box.x, x, accuracy: 1e-9, name, file: file, line: line)
        XCTAssertEqual(start.box.y, y, accuracy: 1e-9, name, file: file, line: line)
        XCTAssertEqual(start.box.width, w, accuracy: 1e-9, name, file: file, line: line)
        XCTAssertEqual(start.box.height, h, accuracy: 1e-9, name, file: file, line: line)
    }

    func testSpatialStartsShiftByATenthAndScaleAboutTheCentre() {
        let starts = RunStart.spatial(box: PixelRect(x: 100, y: 50, width: 40, height: 20), frameWidth: 640, frameHeight: 360)
        XCTAssertEqual(starts.count, 12)
        let expected: [(String, Double, Double, Double, Double)] = [
            ("shift-left", 96, 50, 40, 20), ("shift-right", 104, 50, 40, 20),
            ("shift-up", 100, 48, 40, 20), ("shift-down", 100, 52, 40, 20),
            ("shift-up-left", 96, 48, 40, 20), ("shift-up-right", 104, 48, 40, 20),
            ("shift-down-left", 96, 52, 40, 20), ("shift-down-right", 104, 52, 40, 20),
            ("scale-0.8", 104, 52, 32, 16), ("scale-0.9", 102, 51, 36, 18),
            ("scale-1.1", 98, 49, 44, 22), ("scale-1.2", 96, 48, 48, 24),
        ]
        for (start, (name, x, y, w, h)) in zip(starts, expected) { assertBox(start, name, x, y, w, h) }
    }

    func testSpatialStartsAreClippedToTheFrame() {
        let starts = RunStart.spatial(box: PixelRect(x: 0, y: 0, width: 40, height: 20), frameWidth: 42, frameHeight: 21)
        XCTAssertEqual(starts.count, 12)
        let byName = Dictionary(uniqueKeysWithValues: starts.map { ($0.name, $0) })
        assertBox(byName["shift-left"]!, "shift-left", 0, 0, 36, 20)
        assertBox(byName["shift-right"]!, "shift-right", 4, 0, 38, 20)
        assertBox(byName["shift-down-right"]!, "shift-down-right", 4, 2, 38, 19)
        assertBox(byName["scale-1.2"]!, "scale-1.2", 0, 0, 42, 21)
        assertBox(byName["scale-0.8"]!, "scale-0.8", 4, 2, 32, 16)
    }

    func testTemporalStartsRoundAndSkipUnannotatedFrames() {
        let box = PixelRect(x: 10, y: 20, width: 30, height: 40)
        let nan = PixelRect(x: .nan, y: .nan, width: .nan, height: .nan)
        // 40 frames: starts round(k * 40 / 20) = 2k; frames 0, 1, 10, 38, 39 have no target and 16 an empty box.
        var truth = (0..<40).map { PixelRect(x: Double($0), y: 20, width: 30, height: 40 + Double($0)) }
        for frame in [0, 1, 10, 38, 39] { truth[frame] = nan }
        truth[16] = PixelRect(x: 5, y: 5, width: 0, height: 10)
        let starts = RunStart.temporal(groundTruth: truth)
        // 0 -> 2, 2 is then a repeat, 10 -> 11, 16 -> 17, 38 has no annotated frame left.
        let frames = [2, 4, 6, 8, 11, 12, 14, 17, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36]
        XCTAssertEqual(starts.map(\.frame), frames)
        XCTAssertEqual(starts.map(\.name), frames.map { String(format: "start-%04d", $0) })
        XCTAssertEqual(starts.map(\.box), frames.map { truth[$0] })
        XCTAssertEqual(starts[4].name, "start-0011")

        // Halves round up: 30 frames, round(1.5 k).
        let thirty = RunStart.temporal(groundTruth: Array(repeating: box, count: 30))
        XCTAssertEqual(thirty.map(\.frame), [0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24, 26, 27, 29])
        // Fewer frames than segments: every frame once.
        XCTAssertEqual(RunStart.temporal(groundTruth: Array(repeating: box, count: 7)).map(\.frame), Array(0..<7))
        XCTAssertEqual(RunStart.temporal(groundTruth: [nan, nan]), [])
    }

    func testProtocolStarts() {
        let truth = [PixelRect(x: 100, y: 50, width: 40, height: 20)] + Array(repeating: PixelRect(x: 1, y: 1, width: 5, height: 5), count: 59)
        XCTAssertEqual(EvaluationProtocol.ope.starts(groundTruth: truth, frameWidth: 640, frameHeight: 360),
                       [RunStart(name: "ope", frame: 0, box: truth[0])])
        XCTAssertEqual(EvaluationProtocol.sre.starts(groundTruth: truth, frameWidth: 640, frameHeight: 360).count, 12)
        XCTAssertEqual(EvaluationProtocol.tre.starts(groundTruth: truth, frameWidth: 640, frameHeight: 360).map(\.frame),
                       (0..<20).map { 3 * $0 })
        let unannotated = [PixelRect(x: .nan, y: .nan, width: .nan, height: .nan)] + truth
        XCTAssertEqual(EvaluationProtocol.ope.starts(groundTruth: unannotated, frameWidth: 640, frameHeight: 360), [])
        XCTAssertEqual(EvaluationProtocol.sre.starts(groundTruth: unannotated, frameWidth: 640, frameHeight: 360), [])
    }
}
