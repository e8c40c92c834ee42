import Detection
import Imaging
import XCTest

final class TrackDetectionAssociationTests: XCTestCase {
    private func box(_ x: Double, _ y: Double, _ w: Double = 10, _ h: Double = 10) -> PixelRect {
        PixelRect(x: x, y: y, width: w, height: h)
    }

    func testIdenticalListsMatchOneToOne() {
        let boxes = [box(0, 0), box(50, 0), box(100, 0)]
        let result = TrackDetectionAssociation().associate(tracks: boxes, detections: boxes.reversed())
        XCTAssertEqual(result.matches.map(\.track), [0, 1, 2])
        XCTAssertEqual(result.matches.map(\.detection), [2, 1, 0])
        XCTAssertEqual(result.matches.map(\.iou), [1, 1, 1])
        XCTAssertTrue(result.unmatchedTracks.isEmpty)
        XCTAssertTrue(result.unmatchedDetections.isEmpty)
    }

    func testMoreTracksThanDetections() {
        let tracks = [box(0, 0), box(50, 0), box(100, 0)]
        let detections = [box(51, 1)]
        let result = TrackDetectionAssociation().associate(tracks: tracks, detections: detections)
        XCTAssertEqual(result.matches.count, 1)
        XCTAssertEqual(result.matches.first?.track, 1)
        XCTAssertEqual(result.matches.first?.detection, 0)
        XCTAssertEqual(result.unmatchedTracks, [0, 2])
        XCTAssertEqual(result.unmatchedDetections, [])
    }

    func testMoreDetectionsThanTracks() {
        let tracks = [box(100, 100)]
        let detections = [box(0, 0), box(300, 0), box(102, 101), box(99, 100, 12, 12)]
        let result = TrackDetectionAssociation().associate(tracks: tracks, detections: detections)
        // IoU with detection 2: 72/128 = 0.5625; with detection 3: 100/144 = 0.694 -> 3 wins.
        XCTAssertEqual(result.matches, [TrackDetectionAssociation.Match(track: 0, detection: 3, iou: 100.0 / 144.0)])
        XCTAssertEqual(result.unmatchedTracks, [])
        XCTAssertEqual(result.unmatchedDetections, [0, 1, 2])
    }

    /// Greedy (best pair first) takes track 0 - detection 0 (IoU 0.82) and leaves track 1 with
    /// nothing above the gate; the optimal assignment pairs 0-1 and 1-0 for a larger total.
    func testOptimalAssignmentBeatsGreedy() {
        let tracks = [box(0, 0, 10, 10), box(4, 0, 10, 10)]
        let detections = [box(1, 0, 10, 10), box(-3, 0, 10, 10)]
        let association = TrackDetectionAssociation(minimumIoU: 0.3)
        let ious = tracks.map { t in detections.map { t.iou($0) } }
        XCTAssertGreaterThan(ious[0][0], ious[0][1])
        XCTAssertGreaterThan(ious[0][0], ious[1][0], "greedy would take track 0 - detection 0 first")
        XCTAssertLessThan(ious[1][1], 0.3, "after which track 1 has no admissible detection")
        let result = association.associate(tracks: tracks, detections: detections)
        XCTAssertEqual(result.matches.map(\.track), [0, 1])
        XCTAssertEqual(result.matches.map(\.detection), [1, 0])
        XCTAssertGreaterThan(ious[0][1] + ious[1][0], ious[0][0])
        XCTAssertTrue(result.unmatchedTracks.isEmpty)
    }

    func testGateLeavesDistantPairsUnmatched() {
        let tracks = [box(0, 0), box(100, 100)]
        let detections = [box(7, 7), box(100, 100)]
        let result = TrackDetectionAssociation(minimumIoU: 0.3).associate(tracks: tracks, detections: detections)
        XCTAssertEqual(result.matches.map(\.track), [1])
        XCTAssertEqual(result.unmatchedTracks, [0])
        XCTAssertEqual(result.unmatchedDetections, [0])
    }

    func testEmptyAndInvalidInputs() {
        let association = TrackDetectionAssociation()
        XCTAssertEqual(association.associate(tracks: [], detections: [box(0, 0)]).unmatchedDetections, [0])
        XCTAssertEqual(association.associate(tracks: [box(0, 0)], detections: []).unmatchedTracks, [0])
        let invalid = PixelRect(x: .nan, y: 0, width: 10, height: 10)
        let result = association.associate(tracks: [invalid, box(0, 0)], detections: [box(0, 0), invalid])
        XCTAssertEqual(result.matches.map(\.track), [1])
        XCTAssertEqual(result.unmatchedTracks, [0])
        XCTAssertEqual(result.unmatchedDetections, [1])
    }
}
