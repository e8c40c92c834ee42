import Detection
import Foundation
import Imaging
import XCTest

final class CascadeModelTests: XCTestCase {
    /// Stage, feature and weak-classifier counts (and window size) of every file opencv-data ships,
    /// counted independently from the XML.
    private let expected: [String: (stages: Int, features: Int, weak: Int, width: Int, height: Int)] = [
        "haarcascade_eye.xml": (24, 1066, 1066, 20, 20),
        "haarcascade_eye_tree_eyeglasses.xml": (30, 2553, 851, 20, 20),
        "haarcascade_frontalcatface.xml": (20, 1056, 1275, 24, 24),
        "haarcascade_frontalcatface_extended.xml": (20, 997, 1184, 24, 24),
        "haarcascade_frontalface_alt.xml": (22, 2135, 2135, 20, 20),
        "haarcascade_frontalface_alt2.xml": (20, 2094, 1047, 20, 20),
        "haarcascade_frontalface_alt_tree.xml": (47, 8468, 8468, 20, 20),
        "haarcascade_frontalface_default.xml": (25, 2913, 2913, 24, 24),
        "haarcascade_fullbody.xml": (30, 1464, 1464, 14, 28),
        "haarcascade_lefteye_2splits.xml": (20, 732, 366, 20, 20),
        "haarcascade_licence_plate_rus_16stages.xml": (16, 91, 91, 64, 16),
        "haarcascade_lowerbody.xml": (27, 1221, 1221, 19, 23),
        "haarcascade_profileface.xml": (26, 2609, 2609, 20, 20),
        "haarcascade_righteye_2splits.xml": (20, 736, 368, 20, 20),
        "haarcascade_russian_plate_number.xml": (20, 208, 212, 60, 20),
        "haarcascade_smile.xml": (20, 569, 569, 36, 18),
        "haarcascade_upperbody.xml": (30, 2423, 2423, 22, 18),
        "lbpcascade_frontalcatface.xml": (20, 353, 419, 24, 24),
        "lbpcascade_frontalface.xml": (20, 136, 139, 24, 24),
        "lbpcascade_frontalface_improved.xml": (19, 142, 149, 45, 45),
        "lbpcascade_profileface.xml": (16, 129, 130, 20, 34),
        "lbpcascade_silverware.xml": (16, 130, 130, 12, 80),
    ]

    func testEveryShippedCascadeLoadsWithItsCounts() throws {
        let files = try TestSupport.allCascadeFiles()
        var seen = Set<String>()
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let model = try CascadeModel(contentsOf: path)
            seen.insert(name)
            guard let counts = expected[name] else {
                XCTFail("\(name): not in the expected list (a new opencv-data file?)")
                continue
            }
            XCTAssertEqual(model.stageCount, counts.stages, name)
            XCTAssertEqual(model.featureCount, counts.features, name)
            XCTAssertEqual(model.weakClassifierCount, counts.weak, name)
            XCTAssertEqual(model.windowWidth, counts.width, name)
            XCTAssertEqual(model.windowHeight, counts.height, name)
            XCTAssertEqual(model.featureKind, name.hasPrefix("lbp") ? .lbp : .haar, name)
            XCTAssertEqual(model.isOldFormat, name == "haarcascade_licence_plate_rus_16stages.xml", name)
        }
        XCTAssertEqual(seen, Set(expected.keys), "every shipped cascade should be checked")
        XCTAssertTrue(try CascadeModel(contentsOf: "/usr/share/opencv4/haarcascades/haarcascade_fullbody.xml").hasTiltedFeatures)
        XCTAssertFalse(try CascadeModel(contentsOf: "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml").hasTiltedFeatures)
    }

    func testEveryShippedCascadeRunsOnAFrame() throws {
        let files = try TestSupport.allCascadeFiles()
        var frame = Image<UInt8>(width: 96, height: 96, repeating: 0)
        for y in 0..<96 { for x in 0..<96 { frame[x, y] = UInt8(truncatingIfNeeded: (x * 7) ^ (y * 13)) } }
        for path in files {
            let detector = try CascadeDetector(contentsOf: path)
            let found = try detector.detect(in: ImageFrame(luma: frame))
            for detection in found {
                XCTAssertTrue(detection.box.isValid, path)
                XCTAssertNotNil(detection.box.clipped(toWidth: 96, height: 96), path)
                XCTAssertTrue((0.5...1).contains(detection.score), path)
            }
        }
    }

    func testNamedDetectorsResolveToOpenCVFiles() throws {
        _ = try TestSupport.allCascadeFiles()
        for (name, file) in CascadeDetector.knownNames {
            let detector = try CascadeDetector.named(name)
            XCTAssertEqual(detector.label, name)
            XCTAssertTrue(detector.model.source.hasSuffix(file), "\(name) -> \(detector.model.source)")
        }
        let byPath = try CascadeDetector.named("/usr/share/opencv4/lbpcascades/lbpcascade_frontalface.xml")
        XCTAssertEqual(byPath.label, "lbpcascade_frontalface")
        XCTAssertEqual(byPath.model.featureKind, .lbp)
    }

    func testUnknownNameAndMissingFileAreTypedErrors() {
        XCTAssertThrowsError(try CascadeDetector.named("cat")) { error in
            XCTAssertEqual(error as? DetectionError, .unknownCascadeName("cat"))
            XCTAssertTrue("\(error)".contains("cat"))
        }
        XCTAssertThrowsError(try CascadeDetector.named("/nonexistent/dir/mine.xml")) { error in
            guard case .cascadeFileUnreadable(let path, _)? = error as? DetectionError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, "/nonexistent/dir/mine.xml")
            XCTAssertTrue("\(error)".contains("/nonexistent/dir/mine.xml"))
        }
    }

    func testBadFramesAndSettingsAreTypedErrors() throws {
        _ = try TestSupport.allCascadeFiles()
        let empty = ImageFrame(luma: Image<UInt8>(width: 0, height: 0, repeating: 0))
        XCTAssertThrowsError(try CascadeDetector.named("face").detect(in: empty)) { error in
            XCTAssertEqual(error as? DetectionError, .invalidFrame("empty frame"))
        }
        var parameters = CascadeDetector.Parameters()
        parameters.scaleFactor = 1
        let tiny = ImageFrame(luma: Image<UInt8>(width: 64, height: 64, repeating: 9))
        XCTAssertThrowsError(try CascadeDetector.named("face", parameters: parameters).detect(in: tiny)) { error in
            guard case .invalidParameters? = error as? DetectionError else { return XCTFail("unexpected \(error)") }
        }
        let small = ImageFrame(luma: Image<UInt8>(width: 10, height: 10, repeating: 9))
        XCTAssertEqual(try CascadeDetector.named("face").detect(in: small), [], "smaller than the 24x24 window")
    }

    func testBadXMLIsATypedErrorNamingTheFile() throws {
        let cases: [(String, String)] = [
            ("not xml at all <<<", "XML error"),
            ("<opencv_storage></opencv_storage>", "no cascade element"),
            ("<opencv_storage><cascade><stageType>BOOST</stageType><featureType>HOG</featureType></cascade></opencv_storage>", "HOG"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_><_>0 0 2 4 2.</_></rects></_>", featureIndex: 3), "feature index 3"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 40 4 -1.</_><_>0 0 2 4 2.</_></rects></_>", featureIndex: 0), "does not fit"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_></rects><tilted>1</tilted></_>", featureIndex: 0), "does not fit"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 four -1.</_></rects></_>", featureIndex: 0), "not an integer"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_></rects></_>", featureIndex: 0, leaves: "1 2 3"), "leaf values"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_></rects></_>", featureIndex: 0, nodes: "0 -1 0"), "multiple of 4"),
            (Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_></rects></_>", featureIndex: 0, nodes: "0 5 0 0.5"), "child reference"),
        ]
        for (xml, reason) in cases {
            XCTAssertThrowsError(try CascadeModel(xml: Data(xml.utf8), source: "broken.xml"), reason) { error in
                guard case .invalidCascade(let path, let message)? = error as? DetectionError else {
                    return XCTFail("unexpected \(error)")
                }
                XCTAssertEqual(path, "broken.xml")
                XCTAssertTrue(message.contains(reason), "'\(message)' should mention '\(reason)'")
                XCTAssertFalse("\(error)".contains("\n"), "one line")
            }
        }
        XCTAssertNoThrow(try CascadeModel(xml: Data(Self.tinyCascade(feature: "<_><rects><_>0 0 4 4 -1.</_></rects></_>",
                                                                      featureIndex: 0).utf8), source: "tiny.xml"))
    }

    func testTruncatedShippedFileIsRejected() throws {
        let path = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("opencv-data is not installed") }
        XCTAssertThrowsError(try CascadeModel(xml: data.prefix(data.count / 2), source: "half.xml")) { error in
            XCTAssertTrue("\(error)".contains("half.xml"))
        }
    }

    /// A one-stage, one-stump 8x8 Haar cascade around one feature.
    private static func tinyCascade(feature: String, featureIndex: Int, nodes: String? = nil, leaves: String = "-1 1") -> String {
        """
        <?xml version="1.0"?>
        <opencv_storage><cascade type_id="opencv-cascade-classifier">
        <stageType>BOOST</stageType><featureType>HAAR</featureType><height>8</height><width>8</width>
        <featureParams><maxCatCount>0</maxCatCount></featureParams><stageNum>1</stageNum>
        <stages><_><maxWeakCount>1</maxWeakCount><stageThreshold>0</stageThreshold>
        <weakClassifiers><_><internalNodes>\(nodes ?? "0 -1 \(featureIndex) 0.5")</internalNodes>
        <leafValues>\(leaves)</leafValues></_></weakClassifiers></_></stages>
        <features>\(feature)</features></cascade></opencv_storage>
        """
    }
}
