import Foundation
import Imaging
import TrackFormats
import XCTest

/// `vtrack render` reads a vtrack CSV or a MOTChallenge file, told apart by content.
final class TrackFileFormatTests: XCTestCase {
    func testFormatIsDetectedByContent() {
        XCTAssertEqual(TrackFileFormat(detecting: "frame,track_id,x,y,width,height\n0,1,1,2,3,4\n", path: "t.txt"), .vtrackCSV)
        XCTAssertEqual(TrackFileFormat(detecting: "1,1,1,2,3,4,1,-1,-1,-1\n", path: "t.csv"), .motChallenge)
        XCTAssertEqual(TrackFileFormat(detecting: "\n  \n1,1,1,2,3,4,1,-1,-1,-1\n", path: "t"), .motChallenge, "blank lines first")
        XCTAssertEqual(TrackFileFormat(detecting: "1,1,1,2,3,4\n", path: "t"), .motChallenge,
                       "a numeric first line is no header: reported as a MOTChallenge line of the wrong length")
        XCTAssertEqual(TrackFileFormat(detecting: "", path: "empty.TXT"), .motChallenge, "a MOTChallenge file without tracks")
        XCTAssertEqual(TrackFileFormat(detecting: "\n", path: "empty.csv"), .vtrackCSV)
    }

    func testReadGivesTheSameRecordsFromEitherFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let records = (0..<3).map {
            TrackRecord(frame: $0, time: 0, trackID: 2, label: "", box: PixelRect(x: 10 + Double($0), y: 20, width: 30.25, height: 40),
                        confidence: 0.75, state: .tracked)
        }
        let csv = folder.appendingPathComponent("t.csv").path, mot = folder.appendingPathComponent("t.mot.txt").path
        try ([TrackCSV.header] + records.map(TrackCSV.row)).joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        try records.map(MOTChallengeFormat.row).joined(separator: "\n").write(toFile: mot, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TrackFileFormat.read(path: csv), records)
        XCTAssertEqual(try TrackFileFormat.read(path: mot), records)

        let empty = folder.appendingPathComponent("none.txt").path
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TrackFileFormat.read(path: empty), [])

        let missing = folder.appendingPathComponent("missing.txt").path
        XCTAssertThrowsError(try TrackFileFormat.read(path: missing)) { error in
            XCTAssertEqual("\(error)", "\(missing):0: cannot read the file")
        }
        let badMOT = folder.appendingPathComponent("bad.txt").path
        try "1,1,1,2,3,4,1,-1,-1,-1\n2,1,1,2,3\n".write(toFile: badMOT, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TrackFileFormat.read(path: badMOT)) { error in
            XCTAssertTrue(error is MOTChallengeError, "\(error)")
            XCTAssertEqual("\(error)", "\(badMOT):2: expected 10 comma-separated numbers (frame,id,bb_left,bb_top,bb_width,bb_height,conf,x,y,z), found 5 fields")
        }
    }
}
