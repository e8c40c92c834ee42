import Imaging
import TrackFormats
import XCTest

final class MOTChallengeFormatTests: XCTestCase {
    func testRowsAreOneBasedAndRoundTripThroughTheReader() throws {
        let records = [
            TrackRecord(frame: 0, time: 0, trackID: 1, label: "walker", box: PixelRect(x: 157, y: 138, width: 22, height: 55),
                        confidence: 1, state: .tracked),
            TrackRecord(frame: 7, time: 0.7, trackID: 2, label: "a, \"quoted\" label", box: PixelRect(x: 1.25, y: 2.5, width: 3.75, height: 4),
                        confidence: 0.25, state: .lost),
            TrackRecord(frame: 9, time: 0.9, trackID: 3, label: "", box: PixelRect(x: 0, y: 0, width: 1, height: 1),
                        confidence: 0.5, state: .ended),
        ]
        XCTAssertEqual(MOTChallengeFormat.row(records[0]), "1,1,157,138,22,55,1.0000,-1,-1,-1")
        XCTAssertEqual(MOTChallengeFormat.row(records[1]), "8,2,1.25,2.5,3.75,4,0.2500,-1,-1,-1")
        let parsed = try MOTChallengeFormat.parse(records.map(MOTChallengeFormat.row).joined(separator: "\n") + "\n", path: "memory.txt")
        XCTAssertEqual(parsed.map(\.frame), records.map(\.frame), "MOT frame - 1 is the 0-based frame")
        XCTAssertEqual(parsed.map(\.trackID), records.map(\.trackID))
        XCTAssertEqual(parsed.map(\.box), records.map(\.box))
        XCTAssertEqual(parsed.map(\.confidence), records.map(\.confidence))
        XCTAssertEqual(parsed.map(\.label), ["", "", ""], "the format has no label")
        XCTAssertEqual(parsed.map(\.state), [.tracked, .tracked, .tracked], "the format has no state")
    }

    func testOtherToolsSpellingsAreRead() throws {
        let text = "\n1, 4, 10.5, 20, 30, 40, -1, -1, -1, -1\r\n\n2.0,4,10,20,30,40,0.75,12.5,3,0\n"
        let parsed = try MOTChallengeFormat.parse(text, path: "other.txt")
        XCTAssertEqual(parsed.map(\.frame), [0, 1])
        XCTAssertEqual(parsed.map(\.trackID), [4, 4])
        XCTAssertEqual(parsed.first?.box, PixelRect(x: 10.5, y: 20, width: 30, height: 40))
        XCTAssertEqual(parsed.map(\.confidence), [1, 0.75], "conf -1 means not given and reads as 1")
    }

    func testMalformedLinesNameTheFileAndLine() {
        let good = "1,1,10,10,20,20,1,-1,-1,-1\n\n"
        let cases: [(line: String, mentions: String)] = [
            ("2,1,10,10,20,20,1,-1,-1", "found 9 fields"),
            ("2,1,10,10,20,20,1,-1,-1,-1,5", "found 11 fields"),
            ("2,1,10,10,abc,20,1,-1,-1,-1", "bb_width is not a finite number ('abc')"),
            ("2,1,10,NaN,20,20,1,-1,-1,-1", "bb_top is not a finite number"),
            ("2,1,10,10,20,20,1,-1,,-1", "y is not a finite number"),
            ("0,1,10,10,20,20,1,-1,-1,-1", "frame is not a whole number of 1 or more"),
            ("2.5,1,10,10,20,20,1,-1,-1,-1", "frame is not a whole number"),
            ("2,-1,10,10,20,20,1,-1,-1,-1", "id is not a whole number of 0 or more"),
            ("2,1,10,10,-20,20,1,-1,-1,-1", "negative bb_width or bb_height"),
            ("2,1,10,10,20,20,1.5,-1,-1,-1", "conf 1.5 is outside 0...1"),
        ]
        for (line, mentions) in cases {
            XCTAssertThrowsError(try MOTChallengeFormat.parse(good + line + "\n", path: "bad.txt"), line) { error in
                XCTAssertTrue(error is MOTChallengeError, "\(error)")
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("bad.txt:3: "), message)
                XCTAssertTrue(message.contains(mentions), "\(message) should mention \(mentions)")
                XCTAssertFalse(message.contains("\n"), "one line: \(message)")
            }
        }
    }
}
