import Foundation
import XCTest
import NeuralDetection

final class ONNXMetadataTests: XCTestCase {
    func testReadsTheMetadataOfAModelTheOnnxPackageWrote() throws {
        let path = try NeuralTestSupport.temporaryFolder(self).appendingPathComponent("m.onnx").path
        try NeuralTestSupport.python(NeuralTestSupport.fixtures.appendingPathComponent("make_yolo_onnx.py").path, ["v8", path])
        let metadata = try ONNXMetadata(path: path)
        XCTAssertEqual(metadata.properties["stride"], "32")
        XCTAssertEqual(metadata.properties["names"].flatMap(ClassNames.parse(metadata:)), ["person", "car", "dog"])
    }

    func testTruncatedOrForeignFilesAreRejected() throws {
        XCTAssertNil(ONNXMetadata.parse(Data([0x72, 0x05, 0x0a])), "a length running past the end")
        XCTAssertNil(ONNXMetadata.parse(Data([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), "an endless varint")
        XCTAssertNil(ONNXMetadata.parse(Data([0x0f])), "wire type 7")
        XCTAssertEqual(ONNXMetadata.parse(Data()), [:])
        // Field 14 holding key "k", value "v".
        XCTAssertEqual(ONNXMetadata.parse(Data([0x72, 0x06, 0x0a, 0x01, 0x6b, 0x12, 0x01, 0x76])), ["k": "v"])
    }
}
