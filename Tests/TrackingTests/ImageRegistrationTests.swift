import Foundation
import Imaging
import TestFootage
import Tracking
import VideoIO
import XCTest

/// Translational registration on real encoded video with known motion: clips made by moving a
/// crop window over a real photograph (frame 0 of the bundled pedestrian clip) by known sub-pixel
/// amounts, encoded to H.264, decoded and registered frame to frame.
final class ImageRegistrationTests: XCTestCase {
    private func photograph() throws -> Image<UInt8> {
        let reader = try VideoReader(path: TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"))
        return try XCTUnwrap(try reader.nextFrame()).rgb()
    }

    /// Encodes 320x240 crops of `photo` whose top-left corners are `windows` (pixels, sub-pixel);
    /// `object(t)` optionally pastes a patch of the photo at a position of the crop, moving on its own.
    /// Returns the decoded registrations.
    private func register(_ photo: Image<UInt8>, windows: [(x: Double, y: Double)],
                          object: ((Int) -> (x: Int, y: Int))? = nil) throws -> [ImageTranslationObservation] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-registration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("clip.mp4").path
        let writer = try VideoWriter(path: path, width: 320, height: 240, framesPerSecond: 25)
        var sampled = Image<Float>(width: 320, height: 240, channels: 3, repeating: 0)
        for (t, window) in windows.enumerated() {
            photo.sampleBilinear(region: PixelRect(x: window.x, y: window.y, width: 320, height: 240), into: &sampled)
            var frame = Image<UInt8>(width: 320, height: 240, channels: 3, pixels: sampled.pixels.map { UInt8(max(0, min(255, $0.rounded()))) })
            if let object {
                // A 128x96 patch (the building, top left of the photo): 16% of the picture.
                let at = object(t)
                for y in 0..<96 where (0..<240).contains(at.y + y) {
                    for x in 0..<128 where (0..<320).contains(at.x + x) {
                        for c in 0..<3 { frame[at.x + x, at.y + y, c] = photo[x + 20, y + 10, c] }
                    }
                }
            }
            try writer.write(rgb: frame, time: Double(t) / 25)
        }
        try writer.finish()
        let reader = try VideoReader(path: path)
        let handler = SequenceRequestHandler()
        let request = TranslationalImageRegistrationRequest()
        var results: [ImageTranslationObservation] = []
        while let frame = try reader.nextFrame() {
            try handler.perform([request], on: frame.imageFrame(colour: false))
            results.append(try XCTUnwrap(request.results.first))
        }
        XCTAssertEqual(results.count, windows.count)
        return results
    }

    /// The crop window's path: drifting at (1.37, 0.71) px per frame with a wobble, so the shifts
    /// take many sub-pixel values.
    private let path: [(x: Double, y: Double)] = (0..<40).map { t in
        let t = Double(t)
        return (60 + 1.37 * t + 3 * sin(t / 3), 40 + 0.71 * t - 2 * cos(t / 4))
    }

    /// Mean distance between measured and true content shifts (the negated window moves).
    private func meanError(_ results: [ImageTranslationObservation], _ windows: [(x: Double, y: Double)]) -> Double {
        var total = 0.0
        for t in 1..<windows.count {
            let trueDX = -(windows[t].x - windows[t - 1].x), trueDY = -(windows[t].y - windows[t - 1].y)
            total += hypot(results[t].dx - trueDX, results[t].dy - trueDY)
        }
        return total / Double(windows.count - 1)
    }

    func testSubPixelShiftsOfAPanningCrop() throws {
        let results = try register(try photograph(), windows: path)
        let error = meanError(results, path)
        print("[registration] crop moving by sub-pixel steps: mean error \(String(format: "%.3f", error)) px")
        // Registration to the whole pixel would score 0.376 px on this path. The sub-pixel estimate
        // measured 0.086 px alone, and 0.086 to 0.1006 when earlier tests in the same process had
        // run the neural networks: its last digits depend on the process's state, so the bound
        // leaves that margin and still fails a registration that loses the sub-pixel peak.
        XCTAssertLessThan(error, 0.15)
        XCTAssertEqual(results[0], .none, "the first frame has nothing to align with")
        let confident = results.dropFirst().filter { $0.confidence > 0.5 }.count
        XCTAssertGreaterThanOrEqual(confident, 37, "of 39 shifts (measured 38)")
    }

    func testALargeMovingObjectDoesNotTakeOverTheEstimate() throws {
        let results = try register(try photograph(), windows: path, object: { t in (x: 10 + 5 * t, y: 120) })
        let error = meanError(results, path)
        print("[registration] with a 128x96 object moving 5 px/frame across: mean error \(String(format: "%.3f", error)) px")
        XCTAssertLessThan(error, 0.3)
    }

    func testStaticSceneIsStableAndAPanIsNot() throws {
        let photo = try photograph()
        var still = SceneStability()
        for shift in try register(photo, windows: Array(repeating: (x: 80.0, y: 60.0), count: 20)) {
            XCTAssertLessThan(hypot(shift.dx, shift.dy), 0.1)
            still.add(shift)
            XCTAssertTrue(still.isStable)
        }
        var panning = SceneStability()
        let pan = (0..<20).map { (x: 20 + 3.0 * Double($0), y: 60.0) }
        for (t, shift) in try register(photo, windows: pan).enumerated() {
            panning.add(shift)
            // 3 px per frame: the summed shift passes 20 px at the 7th shift.
            XCTAssertEqual(panning.isStable, t < 7, "frame \(t): summed shift \(panning.summedShift)")
        }
    }

    func testFlatPictureGivesNoShiftAndNoConfidence() throws {
        var grey = Image<UInt8>(width: 480, height: 360, channels: 3, repeating: 128)
        grey[5, 5, 0] = 130
        let results = try register(grey, windows: path)
        for result in results {
            XCTAssertEqual(result.confidence, 0, "\(result)")
            XCTAssertEqual(result.dx, 0)
            XCTAssertEqual(result.dy, 0)
        }
    }

    func testStabilityKeepsOnlyItsHistory() {
        var stability = SceneStability(historyLength: 3, threshold: 10)
        for _ in 0..<3 { stability.add(ImageTranslationObservation(dx: 3, dy: 4, confidence: 1)) }
        XCTAssertFalse(stability.isStable, "15 px over 3 frames")
        for _ in 0..<3 { stability.add(ImageTranslationObservation(dx: 0.5, dy: 0, confidence: 1)) }
        XCTAssertTrue(stability.isStable, "the large shifts left the history")
        XCTAssertEqual(stability.summedShift, 1.5, accuracy: 1e-9)
        stability.add(ImageTranslationObservation(dx: .nan, dy: 1, confidence: 0))
        XCTAssertEqual(stability.summedShift, 1.0, accuracy: 1e-9)
    }
}
