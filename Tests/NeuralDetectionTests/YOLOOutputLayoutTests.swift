import XCTest
import NeuralDetection

final class YOLOOutputLayoutTests: XCTestCase {
    func testInfersTheLayoutFromTheShape() {
        XCTAssertEqual(YOLOOutputLayout(shape: [1, 84, 8400], classCount: nil),
                       YOLOOutputLayout(attributesFirst: true, hasObjectness: false, classCount: 80, candidateCount: 8400))
        XCTAssertEqual(YOLOOutputLayout(shape: [1, 25200, 85], classCount: nil),
                       YOLOOutputLayout(attributesFirst: false, hasObjectness: true, classCount: 80, candidateCount: 25200))
        XCTAssertEqual(YOLOOutputLayout(shape: [1, 7, 5], classCount: 3)?.attributesFirst, true)
        XCTAssertEqual(YOLOOutputLayout(shape: [1, 5, 8], classCount: 3)?.hasObjectness, true)
        XCTAssertNil(YOLOOutputLayout(shape: [1, 7, 5], classCount: 2))
        XCTAssertNil(YOLOOutputLayout(shape: [1, 4, 100], classCount: nil))
        XCTAssertNil(YOLOOutputLayout(shape: [2, 84, 8400], classCount: nil))
        XCTAssertNil(YOLOOutputLayout(shape: [84, 8400], classCount: nil))
    }

    func testDecodesCandidatesAboveTheMinimumScore() {
        // YOLOv8 style, 2 classes, 3 candidates (columns).
        let values: [Float] = [
            10, 20, 30,   // centre x
            11, 21, 31,   // centre y
            4, 5, 6,      // width
            7, 8, 9,      // height
            0.9, 0.1, 0.2, // class 0
            0.05, 0.6, 0.1, // class 1
        ]
        let layout = YOLOOutputLayout(attributesFirst: true, hasObjectness: false, classCount: 2, candidateCount: 3)
        let found = values.withUnsafeBufferPointer { layout.decode($0, minimumScore: 0.5) }
        XCTAssertEqual(found.map(\.classIndex), [0, 1])
        XCTAssertEqual(found.map(\.centerX), [10, 20])
        XCTAssertEqual(found.map(\.height), [7, 8])
        let onlyFirst = values.withUnsafeBufferPointer { layout.decode($0, minimumScore: 0.05, classes: [0]) }
        XCTAssertEqual(onlyFirst.map(\.score), [0.9, 0.1, 0.2])
    }

    func testObjectnessMultipliesTheClassScore() {
        let values: [Float] = [5, 5, 2, 2, 0.5, 0.9, 0.1]
        let layout = YOLOOutputLayout(attributesFirst: false, hasObjectness: true, classCount: 2, candidateCount: 1)
        let found = values.withUnsafeBufferPointer { layout.decode($0, minimumScore: 0.4) }
        XCTAssertEqual(found.first?.score ?? 0, 0.45, accuracy: 1e-6)
        XCTAssertEqual(values.withUnsafeBufferPointer { layout.decode($0, minimumScore: 0.5) }.count, 0)
    }
}
