import Files
import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import XCTest

final class SessionErrorTests: XCTestCase {
    private var sample: String { TestFootage.sampleVideo("carphone_face_in_car.mp4") }

    func testSeventeenTargetsAreRefusedWithAClearError() {
        let targets = (0..<17).map { TrackTarget(box: PixelRect(x: Double($0 * 5), y: 10, width: 10, height: 10)) }
        XCTAssertThrowsError(try ClipTrackingSession(clipPath: sample, targets: targets)) { error in
            XCTAssertEqual("\(error)", "\(sample): 17 boxes given, at most 16 can be tracked at once")
        }
        // Sixteen boxes and sixteen rectangles are allowed together; a seventeenth rectangle is not.
        let square = Quadrilateral(topLeft: PixelPoint(x: 10, y: 10), topRight: PixelPoint(x: 30, y: 10),
                                   bottomRight: PixelPoint(x: 30, y: 30), bottomLeft: PixelPoint(x: 10, y: 30))
        let rectangles = (0..<16).map { _ in TrackTarget(corners: square) }
        XCTAssertNoThrow(try ClipTrackingSession(clipPath: sample, targets: Array(targets.prefix(16)) + rectangles))
        XCTAssertThrowsError(try ClipTrackingSession(clipPath: sample, targets: rectangles + [TrackTarget(corners: square)])) { error in
            XCTAssertEqual("\(error)", "\(sample): 17 rectangles given, at most 16 can be tracked at once")
        }
    }

    /// Both kinds of session open through one check, so a request is refused by each with the same line.
    func testBothSessionsRefuseTheSameRequestsAlike() {
        let boxes = (0..<17).map { TrackTarget(box: PixelRect(x: Double($0 * 5), y: 10, width: 10, height: 10)) }
        let keyframed = boxes.enumerated().map { index, target in
            KeyframedTarget(label: "b\(index)", keyframes: [Keyframe(frame: 0, box: target.box, origin: "box \(index)")])
        }
        let requests: [(count: Int, options: TrackingOptions, message: String)] = [
            (17, TrackingOptions(), "\(sample): 17 boxes given, at most 16 can be tracked at once"),
            (1, TrackingOptions(startFrame: -1), "\(sample): start frame -1 is negative"),
            (1, TrackingOptions(reseedEvery: -5), "re-seed interval -5 is negative (use 0 to turn re-seeding off)"),
        ]
        for (count, options, message) in requests {
            XCTAssertThrowsError(try ClipTrackingSession(clipPath: sample, targets: Array(boxes.prefix(count)), options: options)) { error in
                XCTAssertEqual("\(error)", message)
            }
            XCTAssertThrowsError(try KeyframeGuidedSession(clipPath: sample, targets: Array(keyframed.prefix(count)), options: options)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testRectangleCornersOutsideTheFrameAreRefused() {
        let corners = Quadrilateral(topLeft: PixelPoint(x: 150, y: 10), topRight: PixelPoint(x: 190, y: 10),
                                    bottomRight: PixelPoint(x: 190, y: 40), bottomLeft: PixelPoint(x: 150, y: 40))
        XCTAssertThrowsError(try ClipTrackingSession(clipPath: sample, targets: [TrackTarget(label: "plate", corners: corners)])) { error in
            XCTAssertTrue("\(error)".contains("corners are not all inside the 176x144 frame"), "\(error)")
        }
    }

    func testABoxOutsideTheFrameIsRefused() {
        XCTAssertThrowsError(try ClipTrackingSession(clipPath: sample, targets: [TrackTarget(box: PixelRect(x: 500, y: 10, width: 20, height: 20))])) { error in
            XCTAssertTrue("\(error)".contains("outside the 176x144 frame"), "\(error)")
        }
    }

    func testAStartFramePastTheEndFailsAndWritesNothing() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let session = try ClipTrackingSession(clipPath: sample, targets: [TrackTarget(box: PixelRect(x: 60, y: 30, width: 50, height: 60))],
                                              options: TrackingOptions(startFrame: 500))
        let csv = folder.appendingPathComponent("out.csv").path
        XCTAssertThrowsError(try session.run(makeSinks: { [try CSVTrackSink(path: csv)] })) { error in
            XCTAssertEqual("\(error)", "\(sample): start frame 500 is past the end of the clip (120 frames)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no output, not even a partial one")
    }

    func testAnOutputThatIsTheInputIsRefused() {
        XCTAssertThrowsError(try OutputPaths(clip: sample, out: nil, csv: nil, video: sample)) { error in
            XCTAssertEqual(error as? OutputError, .wouldOverwriteInput(path: sample, input: "the clip"))
        }
    }
}
