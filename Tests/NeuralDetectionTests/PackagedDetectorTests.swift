import Detection
import Foundation
import Imaging
import NeuralDetection
import TestFootage
import XCTest

/// The packaged models on real footage: people in the bundled pedestrian clip against boxes drawn by
/// hand (`Fixtures/pets09_people_by_hand.json`), the face in every frame of the carphone clip.
final class PackagedDetectorTests: XCTestCase {
    private struct HandBoxes: Decodable {
        let clip: String
        let frames: [String: [[Double]]]
    }

    func testPersonDetectorFindsTheHandBoxedPeople() throws {
        let data = try Data(contentsOf: NeuralTestSupport.fixtures.appendingPathComponent("pets09_people_by_hand.json"))
        let fixture = try JSONDecoder().decode(HandBoxes.self, from: data)
        let wanted = Set(fixture.frames.keys.compactMap(Int.init))
        let frames = try NeuralTestSupport.frames(of: TestFootage.packageRoot.appendingPathComponent(fixture.clip).path,
                                                  wanted: wanted)
        let detector = try SSDLitePersonDetector()
        var people = 0, found = 0, confidentFound = 0, strayConfident = 0
        for (key, boxes) in fixture.frames.sorted(by: { $0.key < $1.key }) {
            let frame = try XCTUnwrap(frames[Int(key) ?? -1])
            let detections = try detector.detect(in: frame)
            let hand = boxes.map { PixelRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
            for person in hand {
                people += 1
                if detections.contains(where: { $0.box.iou(person) >= 0.4 }) { found += 1 }
                if detections.contains(where: { $0.score >= 0.5 && $0.box.iou(person) >= 0.4 }) { confidentFound += 1 }
            }
            strayConfident += detections.filter { detection in
                detection.score >= 0.5 && !hand.contains { $0.iou(detection.box) >= 0.2 }
            }.count
            XCTAssertTrue(detections.allSatisfy { $0.label == "person" && $0.score >= 0.3 && $0.score <= 1 })
        }
        print("[person] \(found)/\(people) hand-boxed people found (IoU >= 0.4), \(confidentFound) at score >= 0.5, "
              + "\(strayConfident) confident detections on no one")
        XCTAssertGreaterThanOrEqual(found, 13, "the tiled search finds nearly everyone (measured 15 of 15)")
        XCTAssertGreaterThanOrEqual(confidentFound, 10, "measured 13 of 15 at score >= 0.5")
        XCTAssertLessThanOrEqual(strayConfident, 1, "measured 0 confident detections away from people")
    }

    func testTilesSkippedWhereTheCoarsePassesSeeNobodyLoseNoOne() throws {
        // Every 50th frame of the sample clip, whose people are 40 to 60 px tall at 480x360.
        let frames = try NeuralTestSupport.frames(of: TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"),
                                                  wanted: Set(stride(from: 0, to: 795, by: 50)))
        let everyTile = try SSDLitePersonDetector(tileCandidateScore: nil), gated = try SSDLitePersonDetector()
        var reference = 0, kept = 0, extra = 0
        for frame in frames.values {
            let all = try everyTile.detect(in: frame).filter { $0.score >= 0.5 }
            let some = try gated.detect(in: frame).filter { $0.score >= 0.5 }
            reference += all.count
            kept += all.filter { person in some.contains { $0.box.iou(person.box) >= 0.5 } }.count
            extra += some.filter { person in !all.contains { $0.box.iou(person.box) >= 0.5 } }.count
        }
        print("[person] skipping tiles: \(kept) of \(reference) confident detections of the full search kept, \(extra) new")
        XCTAssertGreaterThan(reference, 50)
        XCTAssertGreaterThanOrEqual(Double(kept), 0.98 * Double(reference), "measured 0.999 of the detections on a 720p copy")
        XCTAssertLessThanOrEqual(extra, 1)
    }

    func testSearchingAroundHintsFindsThePersonThere() throws {
        let frames = try NeuralTestSupport.frames(of: TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"), wanted: [600])
        let frame = try XCTUnwrap(frames[600])
        let hint = PixelRect(x: 401, y: 190, width: 18, height: 67)
        let found = try SSDLitePersonDetector().detect(in: frame, near: [hint])
        XCTAssertTrue(found.contains { $0.box.iou(hint) >= 0.5 && $0.score >= 0.5 }, "\(found)")
        // 4 x 67 px around the hint's centre (410, 223.5), moved left to stay inside the 480 px frame.
        XCTAssertEqual(SSDLitePersonDetector.windows(around: [hint], scale: 4, width: 480, height: 360),
                       [PixelRect(x: 212, y: 89.5, width: 268, height: 268)])
    }

    func testFaceDetectorFindsTheFaceInEveryCarphoneFrame() throws {
        let frames = try NeuralTestSupport.frames(of: TestFootage.sampleVideo("carphone_face_in_car.mp4"))
        XCTAssertEqual(frames.count, 120)
        let detector = try FaceDetector()
        var previous: PixelRect?
        var withFace = 0, steady = 0
        for index in frames.keys.sorted() {
            let faces = try detector.detect(in: try XCTUnwrap(frames[index]))
            guard let best = faces.first, best.score >= 0.5 else { continue }
            withFace += 1
            XCTAssertEqual(best.label, "face")
            if index == 0 {
                // The README's hand-drawn box for this face.
                XCTAssertGreaterThan(best.box.iou(PixelRect(x: 58, y: 32, width: 60, height: 62)), 0.5, "\(best.box)")
            }
            if let previous, best.box.iou(previous) > 0.5 { steady += 1 }
            previous = best.box
        }
        print("[face] face found in \(withFace)/120 carphone frames, same place as the frame before in \(steady)")
        XCTAssertEqual(withFace, 120)
        XCTAssertGreaterThanOrEqual(steady, 115, "one face, followed frame to frame")
    }

    /// Issue 38, item 7: the regions searched cover the frame and their number does not grow with
    /// its aspect ratio (an 8000x16 frame was searched in 625 squares of 16 px, and as many tiles).
    func testRegionsSearchedCoverTheFrameAndDoNotGrowWithItsAspectRatio() {
        for (width, height) in [(8000, 16), (16, 8000), (4000, 16), (7, 5), (176, 144), (640, 480), (1280, 720), (1920, 1080)] {
            for fraction in [1.0, 0.6] {
                let regions = SSDLitePersonDetector.squares(width: width, height: height, sideFraction: fraction)
                let shown = "\(width)x\(height) at \(fraction)"
                XCTAssertLessThanOrEqual(regions.count, 12, shown)
                XCTAssertTrue(regions.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.maxX <= Double(width) + 1e-9 && $0.maxY <= Double(height) + 1e-9 },
                              shown)
                XCTAssertEqual(regions.map(\.x).min(), 0, shown)
                XCTAssertEqual(regions.map(\.y).min(), 0, shown)
                XCTAssertEqual(regions.map(\.maxX).max() ?? 0, Double(width), accuracy: 1e-9, shown)
                XCTAssertEqual(regions.map(\.maxY).max() ?? 0, Double(height), accuracy: 1e-9, shown)
            }
        }
        // Ordinary frames are searched as before: full-height squares, 12 tiles of 432 px at 720p.
        XCTAssertEqual(SSDLitePersonDetector.squares(width: 640, height: 480, sideFraction: 1).count, 2)
        XCTAssertEqual(SSDLitePersonDetector.squares(width: 1280, height: 720, sideFraction: 1).count, 3)
        XCTAssertEqual(SSDLitePersonDetector.squares(width: 1280, height: 720, sideFraction: 0.6).map(\.width), Array(repeating: 432, count: 12))
    }

    func testEmptyFrameIsAnErrorNotACrash() throws {
        let empty = ImageFrame(luma: Image(width: 0, height: 0, repeating: 0))
        XCTAssertThrowsError(try FaceDetector().detect(in: empty))
        XCTAssertThrowsError(try SSDLitePersonDetector().detect(in: empty))
    }

    func testTinyGreyFrameIsSearched() throws {
        let grey = ImageFrame(luma: Image(width: 7, height: 5, repeating: 128))
        XCTAssertEqual(try FaceDetector().detect(in: grey), [])
        XCTAssertEqual(try SSDLitePersonDetector().detect(in: grey), [])
    }
}
