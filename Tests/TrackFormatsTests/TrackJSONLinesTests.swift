import Foundation
import Imaging
import TrackFormats
import XCTest

final class TrackJSONLinesTests: XCTestCase {
    func testOneObjectPerFrameWithTheCSVValues() throws {
        let records = [
            TrackRecord(frame: 24, time: 2.4, trackID: 1, label: "left", box: PixelRect(x: 233.05, y: 119.58, width: 22.23, height: 50.19),
                        confidence: 0.7626, state: .tracked),
            TrackRecord(frame: 24, time: 2.4, trackID: 2, label: "a \"b\" \\ c\n\u{1}é", box: PixelRect(x: 386, y: 290.5, width: 20, height: 49),
                        confidence: 0.0031, state: .lost),
        ]
        let line = TrackJSONLines.line(frame: 24, time: 2.4, records: records)
        XCTAssertFalse(line.contains("\n"), "one line")
        XCTAssertTrue(line.hasPrefix(#"{"frame":24,"time_s":2.4,"tracks":[{"id":1,"label":"left","x":233.05,"y":119.58,"width":22.23,"height":50.19,"confidence":0.7626,"style":"solid","state":"tracked","source":"tracked"}"#), line)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["frame"] as? Int, 24)
        XCTAssertEqual(object["time_s"] as? Double, 2.4)
        let tracks = try XCTUnwrap(object["tracks"] as? [[String: Any]])
        XCTAssertEqual(tracks.count, 2)
        XCTAssertEqual(tracks[1]["id"] as? Int, 2)
        XCTAssertEqual(tracks[1]["label"] as? String, records[1].label, "labels are escaped and decode unchanged")
        XCTAssertEqual(tracks[1]["y"] as? Double, 290.5)
        XCTAssertEqual(tracks[1]["confidence"] as? Double, 0.0031)
        XCTAssertEqual(tracks[1]["style"] as? String, "dashed")
        XCTAssertEqual(tracks[1]["state"] as? String, "lost")
    }

    func testAFrameWithoutTracksHasAnEmptyArray() {
        XCTAssertEqual(TrackJSONLines.line(frame: 0, time: 0, records: []), #"{"frame":0,"time_s":0.0,"tracks":[]}"#)
    }
}
