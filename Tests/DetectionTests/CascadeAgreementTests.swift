import Detection
import Foundation
import Imaging
import TestFootage
import XCTest

/// Compares CascadeDetector with OpenCV's `detectMultiScale` on the frames recorded by
/// scripts/ci/opencv_cascade_reference.py (same decoded luma, checked by hash).
final class CascadeAgreementTests: XCTestCase {
    private struct Agreement {
        var openCVBoxes = 0
        var openCVMatched = 0
        var ourBoxes = 0
        var ourMatched = 0
        var exactFrames = 0
        var frames = 0
        var milliseconds = 0.0
        var singleThreadMilliseconds = 0.0

        var recall: Double { openCVBoxes == 0 ? 1 : Double(openCVMatched) / Double(openCVBoxes) }
        var precision: Double { ourBoxes == 0 ? 1 : Double(ourMatched) / Double(ourBoxes) }
    }

    private func agreement(fixtureName: String, cascade: String) throws -> (Agreement, OpenCVCascadeFixture) {
        let fixture = try OpenCVCascadeFixture.load(fixtureName)
        let clip = TestFootage.sampleVideo(fixture.clip)
        let detector = try CascadeDetector.named(cascade)
        var oneThread = CascadeDetector.Parameters()
        oneThread.threads = 1
        let singleThreaded = try CascadeDetector.named(cascade, parameters: oneThread)
        let frames = try TestSupport.lumaFrames(of: clip, indices: Set(fixture.frames.map(\.index)))
        var result = Agreement()
        for expected in fixture.frames {
            let luma = try XCTUnwrap(frames[expected.index], "frame \(expected.index) not decoded")
            XCTAssertEqual(TestSupport.fnv1a64(luma.pixels), expected.fnv1a64,
                           "frame \(expected.index): decoded luma differs from the fixture's")
            let start = DispatchTime.now().uptimeNanoseconds
            let found = try detector.detect(in: ImageFrame(luma: luma))
            result.milliseconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let singleStart = DispatchTime.now().uptimeNanoseconds
            let singleFound = try singleThreaded.detect(in: ImageFrame(luma: luma))
            result.singleThreadMilliseconds += Double(DispatchTime.now().uptimeNanoseconds - singleStart) / 1e6
            XCTAssertEqual(singleFound, found, "frame \(expected.index): thread count changed the result")
            let ours = found.map(\.box)
            let theirs = expected.boxes.map { PixelRect(x: Double($0[0]), y: Double($0[1]), width: Double($0[2]), height: Double($0[3])) }
            result.frames += 1
            result.openCVBoxes += theirs.count
            result.ourBoxes += ours.count
            result.openCVMatched += theirs.filter { box in ours.contains { $0.iou(box) >= 0.5 } }.count
            result.ourMatched += ours.filter { box in theirs.contains { $0.iou(box) >= 0.5 } }.count
            if Set(ours.map(\.description)) == Set(theirs.map(\.description)) { result.exactFrames += 1 }
        }
        return (result, fixture)
    }

    private func report(_ name: String, _ result: Agreement, _ fixture: OpenCVCascadeFixture) {
        let ours = result.milliseconds / Double(max(result.frames, 1))
        let oursSingle = result.singleThreadMilliseconds / Double(max(result.frames, 1))
        print(String(format: "[cascade agreement] %@: OpenCV %@ boxes %d, matched by ours %.1f%%; ours %d, matched by OpenCV %.1f%%; identical frames %d/%d",
                     name, fixture.opencv_version, result.openCVBoxes, 100 * result.recall, result.ourBoxes,
                     100 * result.precision, result.exactFrames, result.frames))
        print(String(format: "[cascade speed] %@ %dx%d: ours %.2f ms/frame (1 thread), %.2f ms/frame (%d threads); OpenCV (fixture) %.2f ms/frame (1 thread), %.2f ms/frame (%d threads)",
                     name, fixture.width, fixture.height, oursSingle, ours, ProcessInfo.processInfo.activeProcessorCount,
                     fixture.timing.ms_per_frame_single_thread,
                     fixture.timing.ms_per_frame, fixture.timing.threads))
    }

    func testFindsTheFaceOnACarphoneFrame() throws {
        let fixture = try OpenCVCascadeFixture.load("opencv_cascade_carphone_face.json")
        let withFace = try XCTUnwrap(fixture.frames.first { $0.boxes.count == 1 }, "a frame where OpenCV sees one face")
        let face = PixelRect(x: Double(withFace.boxes[0][0]), y: Double(withFace.boxes[0][1]),
                             width: Double(withFace.boxes[0][2]), height: Double(withFace.boxes[0][3]))
        let frames = try TestSupport.lumaFrames(of: TestFootage.sampleVideo(fixture.clip), indices: [withFace.index])
        let luma = try XCTUnwrap(frames[withFace.index])
        let found = try CascadeDetector.named("face").detect(in: ImageFrame(luma: luma))
        let best = try XCTUnwrap(found.max { $0.box.iou(face) < $1.box.iou(face) }, "no face found on frame \(withFace.index)")
        XCTAssertGreaterThanOrEqual(best.box.iou(face), 0.5, "found \(best.box), OpenCV \(face)")
        XCTAssertEqual(best.label, "face")
        XCTAssertGreaterThanOrEqual(best.score, 0.5)
        XCTAssertGreaterThan(face.width, 20, "a real face, not a speck")
    }

    func testFrontalFaceAgreesWithOpenCVOnCarphone() throws {
        let (result, fixture) = try agreement(fixtureName: "opencv_cascade_carphone_face.json", cascade: "face")
        report("carphone/face", result, fixture)
        XCTAssertGreaterThan(result.openCVBoxes, 20, "the fixture should contain faces")
        XCTAssertGreaterThanOrEqual(result.recall, 0.9)
        XCTAssertGreaterThanOrEqual(result.precision, 0.9)
    }

    func testFullBodyAgreesWithOpenCVOnPETS09() throws {
        let (result, fixture) = try agreement(fixtureName: "opencv_cascade_pets09_fullbody.json", cascade: "fullbody")
        report("pets09/fullbody", result, fixture)
        XCTAssertGreaterThan(result.openCVBoxes, 50, "the fixture should contain pedestrians")
        XCTAssertGreaterThanOrEqual(result.recall, 0.9)
        XCTAssertGreaterThanOrEqual(result.precision, 0.9)
    }
}
