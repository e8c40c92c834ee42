import Evaluation
import Foundation
import Imaging
import TestFootage
import XCTest

final class DatasetLoadingTests: XCTestCase {
    func testGroundTruthAcceptsCommasTabsAndSpaces() throws {
        let text = "1,2,30,40\n5\t6\t31\t41\r\n 7  8 32 42 \n9, 10 ,33,43\nNaN,NaN,NaN,NaN\n\n\n"
        let boxes = try GroundTruthFile.parse(text, path: "gt.txt")
        XCTAssertEqual(boxes.count, 5)
        XCTAssertEqual(boxes[0], PixelRect(x: 1, y: 2, width: 30, height: 40))
        XCTAssertEqual(boxes[1], PixelRect(x: 5, y: 6, width: 31, height: 41))
        XCTAssertEqual(boxes[2], PixelRect(x: 7, y: 8, width: 32, height: 42))
        XCTAssertEqual(boxes[3], PixelRect(x: 9, y: 10, width: 33, height: 43))
        XCTAssertTrue(boxes[4].x.isNaN)
        XCTAssertFalse(boxes[4].isValid)
    }

    func testMalformedGroundTruthNamesTheFileAndLine() {
        XCTAssertThrowsError(try GroundTruthFile.parse("1,2,3,4\n1,2,3\n", path: "Seq/groundtruth_rect.txt")) { error in
            XCTAssertEqual(error as? EvaluationError,
                           .malformedLine(path: "Seq/groundtruth_rect.txt", line: 2, reason: "expected 4 values x,y,w,h, got 3"))
            XCTAssertEqual("\(error)", "Seq/groundtruth_rect.txt:2: expected 4 values x,y,w,h, got 3")
        }
        XCTAssertThrowsError(try GroundTruthFile.parse("1,2,3,4\n1,2,3,4\n1,two,3,4", path: "g.txt")) { error in
            XCTAssertEqual(error as? EvaluationError, .malformedLine(path: "g.txt", line: 3, reason: "'two' is not a number"))
        }
        XCTAssertThrowsError(try GroundTruthFile.parse("1,2,3,4\n\n1,2,3,4", path: "g.txt")) { error in
            XCTAssertEqual(error as? EvaluationError, .malformedLine(path: "g.txt", line: 2, reason: "expected 4 values x,y,w,h, got 0"))
        }
        XCTAssertThrowsError(try GroundTruthFile.parse("\n \n", path: "g.txt")) { error in
            XCTAssertEqual(error as? EvaluationError, .malformedFile(path: "g.txt", reason: "no boxes"))
        }
        XCTAssertThrowsError(try GroundTruthFile.read(path: "/nonexistent/groundtruth_rect.txt")) { error in
            XCTAssertEqual(error as? EvaluationError, .unreadable(path: "/nonexistent/groundtruth_rect.txt", reason: "no such file"))
        }
    }

    func testADatasetOrPeersFolderThatIsAFileIsNotAFolder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-not-a-folder-\(UUID().uuidString).txt").path
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let loads: [(String, () throws -> Void)] = [
            ("OTB", { _ = try OTBDataset(directory: file) }), ("MOT", { _ = try MOTDataset(directory: file) }),
            ("MOT peers", { _ = try MOTPeerResults(path: file) }),
        ]
        for (name, load) in loads {
            XCTAssertThrowsError(try load(), name) { error in
                guard case .notAFolder(let path, _)? = error as? EvaluationError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(path, file, name)
                XCTAssertTrue("\(error)".hasPrefix("\(file): not a folder (expected "), "\(error)")
            }
        }
        XCTAssertThrowsError(try OTBDataset(directory: file + ".missing")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(file).missing: cannot read: no such folder"), "\(error)")
        }
    }

    func testPredictionFileReadsCSVWithHeaderAndPlainBoxes() throws {
        let csv = """
        frame,x,y,width,height,confidence,ok
        0,10,20,30,40,,1
        2,11,21,31,41,0.25,1
        2,12,22,32,42,0.75,1
        9,1,1,1,1,1,1
        """
        let track = try PredictionFile.parse(csv, path: "p.csv", frameCount: 4)
        XCTAssertEqual(track.boxes, [PixelRect(x: 10, y: 20, width: 30, height: 40), nil,
                                     PixelRect(x: 12, y: 22, width: 32, height: 42), nil])
        XCTAssertEqual(track.confidences, [nil, nil, 0.75, nil])
        XCTAssertEqual(track.rowsOutsideSequence, 1)

        let plain = try PredictionFile.parse("1 2 3 4\n\nnan,nan,nan,nan\n5\t6\t7\t8\n", path: "p.txt", frameCount: 4)
        XCTAssertEqual(plain.boxes, [PixelRect(x: 1, y: 2, width: 3, height: 4), nil, nil, PixelRect(x: 5, y: 6, width: 7, height: 8)])
        XCTAssertNil(plain.confidences)

        XCTAssertThrowsError(try PredictionFile.parse("frame,x,y,width,height\n0,1,2,3,oops", path: "p.csv", frameCount: 1)) { error in
            XCTAssertEqual(error as? EvaluationError, .malformedLine(path: "p.csv", line: 2, reason: "h 'oops' is not a number"))
        }
        XCTAssertThrowsError(try PredictionFile.parse("frame,x,y\n0,1,2", path: "p.csv", frameCount: 1)) { error in
            XCTAssertEqual(error as? EvaluationError, .malformedFile(path: "p.csv", reason: "no width/height (or x2/y2) column in the header"))
        }
        XCTAssertThrowsError(try PredictionFile.parse("frame,track_id,x,y,w,h\n0,1,1,2,3,4\n0,2,1,2,3,4", path: "p.csv", frameCount: 1))
        let vtrack = """
        frame,time_s,track_id,label,x,y,width,height,confidence,style,state
        0,0.000000,1,"walker, left",1,2,3,4,1.0000,solid,tracked
        1,0.033333,1,"walker, left",2,3,4,5,0.2500,dashed,tracked
        """
        let quoted = try PredictionFile.parse(vtrack, path: "v.csv", frameCount: 2)
        XCTAssertEqual(quoted.boxes, [PixelRect(x: 1, y: 2, width: 3, height: 4), PixelRect(x: 2, y: 3, width: 4, height: 5)])
        XCTAssertEqual(quoted.confidences, [1, 0.25])
        let chosen = try PredictionFile.parse("frame,track_id,x,y,w,h\n0,1,1,2,3,4\n0,2,5,6,7,8", path: "p.csv", frameCount: 1, trackID: "2")
        XCTAssertEqual(chosen.boxes, [PixelRect(x: 5, y: 6, width: 7, height: 8)])
    }

    func testDatasetFindsVideosAndImageSequences() throws {
        let root = try makeTemporaryFolder(self)
        let files = FileManager.default
        func makeSequence(_ name: String, video: String) throws {
            let folder = root.appendingPathComponent(name)
            try files.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
            try "1,2,3,4\n5,6,7,8\n".write(to: folder.appendingPathComponent("groundtruth_rect.txt"), atomically: true, encoding: .utf8)
            XCTAssertTrue(files.createFile(atPath: folder.appendingPathComponent(video).path, contents: Data([0])))
        }
        try makeSequence("beta", video: "beta.mp4")
        try makeSequence("Alpha", video: "img/00001.jpg")
        try files.createDirectory(at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)

        let dataset = try OTBDataset(directory: root.path)
        XCTAssertEqual(dataset.sequences.map(\.name), ["Alpha", "beta"])
        XCTAssertEqual(dataset.sequences[0].videoPath, root.appendingPathComponent("Alpha/img/%05d.jpg").standardizedFileURL.path)
        XCTAssertEqual(dataset.sequences[1].videoPath, root.appendingPathComponent("beta/beta.mp4").standardizedFileURL.path)
        XCTAssertEqual(dataset.sequences[1].groundTruth.count, 2)

        XCTAssertEqual(try OTBDataset(directory: root.path, names: ["beta"]).sequences.map(\.name), ["beta"])
        XCTAssertEqual(try OTBDataset(directory: root.appendingPathComponent("beta").path).sequences.map(\.name), ["beta"])
        XCTAssertThrowsError(try OTBDataset(directory: root.path, names: ["gamma"])) { error in
            XCTAssertEqual(error as? EvaluationError, .unknownSequence(name: "gamma", directory: root.path))
        }

        try "1,2,3,4\nbad line\n".write(to: root.appendingPathComponent("beta/groundtruth_rect.txt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try OTBDataset(directory: root.path)) { error in
            XCTAssertTrue("\(error)".contains("beta/groundtruth_rect.txt:2:"), "\(error)")
        }
        try files.removeItem(at: root.appendingPathComponent("Alpha/img/00001.jpg"))
        XCTAssertThrowsError(try OTBDataset(directory: root.path, names: ["Alpha"])) { error in
            XCTAssertEqual(error as? EvaluationError, .noVideo(directory: root.appendingPathComponent("Alpha").standardizedFileURL.path))
        }
        XCTAssertThrowsError(try OTBDataset(directory: root.appendingPathComponent("notes").path)) { error in
            XCTAssertEqual(error as? EvaluationError, .noSequences(directory: root.appendingPathComponent("notes").path))
        }
    }

    func testSharedSequencesLoad() throws {
        let dataset = try OTBDataset(directory: try TestFootage.developmentData("data/sequences"))
        // The 43 sequences and frame counts of shared/data/README.md, in case-insensitive name order.
        XCTAssertEqual(dataset.sequences.map(\.name), [
            "Animal1", "bag", "bicycle_vot14", "Biker", "Biker470", "Bird2", "birds", "boat5", "Bolt2", "building4", "Car1", "car14",
            "car_vot14", "Couple", "Crossing", "Dog1", "Football1", "Freeman1", "Girl", "Girl2", "group1_1", "group1_2", "group1_3",
            "group1_4", "group3_2", "Human7", "Jumping", "KiteSurf", "Man", "MotorRolling", "MountainBike6", "S0310", "S0601", "S1001",
            "S1301", "Skiing", "skiing_lt", "Toy", "truck2", "wakeboard3", "wakeboard4", "wakeboard5", "wakeboard7",
        ])
        XCTAssertEqual(dataset.sequences.map(\.groundTruth.count), [
            147, 196, 271, 142, 470, 99, 270, 169, 293, 263, 1020, 443, 252, 140, 120, 1350, 74, 326, 500, 1500, 445, 395, 471,
            317, 421, 250, 313, 84, 134, 164, 81, 118, 82, 353, 537, 81, 500, 271, 129, 275, 233, 559, 67,
        ])
    }
}
