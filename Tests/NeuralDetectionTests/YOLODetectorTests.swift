import Detection
import Imaging
import NeuralDetection
import TestFootage
import XCTest

/// A user's ONNX detector, on small models the test writes with the onnx package
/// (`Fixtures/make_yolo_onnx.py`: a constant output with known candidates) and a real frame.
final class YOLODetectorTests: XCTestCase {
    /// The script's candidates that survive a 0.25 minimum score and per-class suppression,
    /// in input pixels (320x320): centre x, centre y, width, height, label, score.
    private let expected: [(Double, Double, Double, Double, String, Float)] = [
        (160, 160, 64, 128, "person", 0.9), (80, 200, 40, 40, "car", 0.8), (84, 198, 40, 40, "dog", 0.7),
    ]

    private func model(_ layout: String, names: Bool = true, options: [String] = []) throws -> String {
        let path = try NeuralTestSupport.temporaryFolder(self).appendingPathComponent("\(layout).onnx").path
        try NeuralTestSupport.python(NeuralTestSupport.fixtures.appendingPathComponent("make_yolo_onnx.py").path,
                                     [layout, path] + (names ? [] : ["--no-names"]) + options)
        return path
    }

    /// The carphone frame (176x144) letterboxed into 320x320: scale 320/176, 262 rows of picture
    /// centred with 29 rows of padding above.
    private func frameBox(_ candidate: (Double, Double, Double, Double, String, Float)) -> PixelRect {
        let scale = 320.0 / 176.0, top = 29.0, contentHeight = 262.0
        let (cx, cy, w, h, _, _) = candidate
        return PixelRect(x: (cx - w / 2) / scale, y: (cy - h / 2 - top) * 144 / contentHeight,
                         width: w / scale, height: h * 144 / contentHeight)
    }

    private func frame() throws -> ImageFrame {
        let frames = try NeuralTestSupport.frames(of: TestFootage.sampleVideo("carphone_face_in_car.mp4"), wanted: [0])
        return try XCTUnwrap(frames[0])
    }

    private func assertDecoded(_ detections: [Detection], _ wanted: [(Double, Double, Double, Double, String, Float)],
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(detections.count, wanted.count, "\(detections)", file: file, line: line)
        for candidate in wanted {
            guard let found = detections.first(where: { $0.label == candidate.4 }) else {
                XCTFail("no \(candidate.4) in \(detections)", file: file, line: line)
                continue
            }
            let box = frameBox(candidate)
            XCTAssertEqual(found.score, candidate.5, accuracy: 1e-4, file: file, line: line)
            XCTAssertEqual(found.box.x, max(0, box.x), accuracy: 0.05, file: file, line: line)
            XCTAssertEqual(found.box.y, max(0, box.y), accuracy: 0.05, file: file, line: line)
            XCTAssertEqual(found.box.maxX, min(176, box.maxX), accuracy: 0.05, file: file, line: line)
            XCTAssertEqual(found.box.maxY, min(144, box.maxY), accuracy: 0.05, file: file, line: line)
        }
    }

    func testDecodesYOLOv8LayoutWithNamesFromMetadata() throws {
        let detector = try YOLODetector(modelPath: try model("v8"))
        XCTAssertEqual(detector.classNames, ["person", "car", "dog"])
        assertDecoded(try detector.detect(in: try frame()), expected)
    }

    /// Issue 38, item 16: a model with an 8-bit input is given the picture's bytes (it said
    /// "input 0: 0 bytes given, 307200 expected").
    func testAModelWithAnEightBitInputIsGivenBytes() throws {
        let detector = try YOLODetector(modelPath: try model("v8", options: ["--uint8-input"]))
        assertDecoded(try detector.detect(in: try frame()), expected)
    }

    /// Issue 38, item 17: names metadata that skips numbers (`{0: 'person', 2: 'dog'}`) names the
    /// classes it has, the others are `class N` (it said "its metadata has no class names").
    func testNamesMetadataThatSkipsNumbersNamesTheRestByNumber() throws {
        let detector = try YOLODetector(modelPath: try model("v8", options: ["--names", "{0: 'person', 2: 'dog'}"]))
        XCTAssertEqual(detector.classNames, ["person", "class 1", "dog"])
        assertDecoded(try detector.detect(in: try frame()), expected.map { ($0.0, $0.1, $0.2, $0.3, $0.4 == "car" ? "class 1" : $0.4, $0.5) })
        let beyond = try model("v8", options: ["--names", "{0: 'person', 7: 'boat'}"])
        XCTAssertThrowsError(try YOLODetector(modelPath: beyond)) { error in
            XCTAssertEqual("\(error)", "\(beyond): its names metadata names class 7, but its output shape [1, 7, 64] has 3 classes; "
                           + "give --class-names FILE (one name per line)")
        }
    }

    func testDecodesYOLOv5LayoutWithObjectness() throws {
        let detector = try YOLODetector(modelPath: try model("v5"))
        assertDecoded(try detector.detect(in: try frame()), expected)
    }

    func testKeepsOnlyChosenClasses() throws {
        let detector = try YOLODetector(modelPath: try model("v8"), keeping: ["car", "dog"], minimumScore: 0.75)
        assertDecoded(try detector.detect(in: try frame()), [expected[1]])
    }

    func testNamesFileReplacesMissingMetadata() throws {
        let path = try model("v8", names: false)
        XCTAssertEqual(try YOLODetector(modelPath: path).classNames, ["class 0", "class 1", "class 2"])
        let names = try NeuralTestSupport.temporaryFolder(self).appendingPathComponent("names.txt").path
        try "human\nauto\n\ncanine\n".write(toFile: names, atomically: true, encoding: .utf8)
        let named = try YOLODetector(modelPath: path, classNamesPath: names)
        XCTAssertEqual(Set(try named.detect(in: try frame()).compactMap(\.label)), ["human", "auto", "canine"])
    }

    func testClassNamesThatDoNotFitTheOutputAreRejected() throws {
        let names = try NeuralTestSupport.temporaryFolder(self).appendingPathComponent("names.txt").path
        try "a\nb\n".write(toFile: names, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try YOLODetector(modelPath: try model("v8"), classNamesPath: names)) { error in
            XCTAssertTrue("\(error)".contains("neither [1, N, 5+C] nor [1, 4+C, N] for 2 class names"), "\(error)")
        }
        XCTAssertThrowsError(try YOLODetector(modelPath: try model("v8"), keeping: ["cat"])) { error in
            XCTAssertTrue("\(error)".contains("has no class 'cat'"), "\(error)")
        }
    }

    func testUnreadableModelNamesTheFile() throws {
        let path = try NeuralTestSupport.temporaryFolder(self).appendingPathComponent("broken.onnx").path
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try YOLODetector(modelPath: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
        }
        XCTAssertThrowsError(try YOLODetector(modelPath: path + ".missing")) { error in
            XCTAssertTrue("\(error)".contains(path + ".missing"), "\(error)")
        }
    }

    /// The Vision-like request: a region of interest crops the frame, results are normalised with
    /// the origin at the lower left of the whole frame.
    func testDetectObjectsRequestReportsNormalisedBoxesInsideItsRegion() throws {
        let image = try frame()
        let request = DetectObjectsRequest(detector: try YOLODetector(modelPath: try model("v8")), classes: ["person"],
                                           minimumConfidence: 0.5)
        try ImageRequestHandler(frame: image).perform([request])
        let person = try XCTUnwrap(request.results.first)
        XCTAssertEqual(request.results.count, 1)
        XCTAssertEqual(person.label, "person")
        let box = frameBox(expected[0])
        XCTAssertEqual(person.boundingBox.x, box.x / 176, accuracy: 1e-3)
        XCTAssertEqual(person.boundingBox.y, 1 - box.maxY / 144, accuracy: 1e-3)

        // The right half of the frame (88x144) letterboxed into 320x320: scale 320/144, 195.6 columns centred.
        request.regionOfInterest = NormalizedRect(x: 0.5, y: 0, width: 0.5, height: 1)
        try ImageRequestHandler(frame: image).perform([request])
        let cropped = try XCTUnwrap(request.results.first)
        let scale = 320.0 / 144.0, left = (320 - (88 * scale).rounded()) / 2
        let expectedX = 88 + (160 - 32 - left) / scale
        XCTAssertEqual(cropped.boundingBox.x * 176, expectedX, accuracy: 0.1)
        XCTAssertGreaterThanOrEqual(cropped.boundingBox.x, 0.5)
    }
}
