import Imaging
import TrackFormats
import XCTest

final class TrackCSVTests: XCTestCase {
    func testRowsRoundTripThroughTheReader() throws {
        let records = [
            TrackRecord(frame: 0, time: 0, trackID: 1, label: "walker", box: PixelRect(x: 157, y: 138, width: 22, height: 55),
                        confidence: 1, state: .tracked),
            TrackRecord(frame: 1, time: 0.1, trackID: 2, label: "a, \"quoted\" label", box: PixelRect(x: 1.25, y: 2.5, width: 3.75, height: 4),
                        confidence: 0.25, state: .lost),
            TrackRecord(frame: 2, time: 0.2, trackID: 3, label: "", box: PixelRect(x: 0, y: 0, width: 1, height: 1),
                        confidence: 0.5, state: .reseeded),
            TrackRecord(frame: 2, time: 0.2, trackID: 4, label: "sign", box: PixelRect(x: 10, y: 20, width: 30.5, height: 22),
                        confidence: 0.75, state: .tracked, source: .disputed,
                        corners: Quadrilateral(topLeft: PixelPoint(x: 10, y: 21), topRight: PixelPoint(x: 40.5, y: 20),
                                               bottomRight: PixelPoint(x: 39, y: 42), bottomLeft: PixelPoint(x: 11.25, y: 40))),
        ]
        let text = ([TrackCSV.header] + records.map(TrackCSV.row)).joined(separator: "\n")
        let parsed = try TrackCSV.parse(text, path: "memory.csv")
        XCTAssertEqual(parsed, records)
        XCTAssertEqual(parsed.map(\.style), [.solid, .dashed, .dashed, .solid], "style follows confidence > 0.5")
        XCTAssertTrue(TrackCSV.row(records[1]).hasSuffix(",dashed,lost,,,,,,,,,tracked"), "a box's corner columns are empty")
        XCTAssertTrue(TrackCSV.row(records[3]).hasSuffix(",tracked,10,21,40.5,20,39,42,11.25,40,disputed"))
    }

    func testMalformedRowsNameTheFileAndLine() {
        let cases = [
            "frame,track_id,x,y,width,height\n0,1,1,2,3\n",
            "frame,track_id,x,y,width,height\n0,1,NaN,2,3,4\n",
            "frame,track_id,x,y,width,height\n-1,1,1,2,3,4\n",
            "frame,track_id,x,y,width,height,confidence\n0,1,1,2,3,4,1.5\n",
            "frame,track_id,x,y,width\n0,1,1,2,3\n",
            "frame,track_id,x,y,width,height,x1,y1,x2,y2,x3,y3,x4,y4\n0,1,1,2,3,4,1,2,3,4,,,,\n",
        ]
        for text in cases {
            XCTAssertThrowsError(try TrackCSV.parse(text, path: "bad.csv")) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("bad.csv:"), message)
                XCTAssertFalse(message.contains("\n"), "one line: \(message)")
            }
        }
    }

    func testBoxSpecsParseAndRejectBadInput() throws {
        XCTAssertEqual(try TrackTarget(parsing: "walker=157,138,22,55"),
                       TrackTarget(label: "walker", box: PixelRect(x: 157, y: 138, width: 22, height: 55)))
        XCTAssertEqual(try TrackTarget(parsing: "1.5, 2, 3, 4").box, PixelRect(x: 1.5, y: 2, width: 3, height: 4))
        for bad in ["", "1,2,3", "1,2,3,4,5", "a,b,c,d", "1,2,0,4", "1,2,3,-4", "=1,2,3,4", "1,2,nan,4", "1,2,inf,4"] {
            XCTAssertThrowsError(try TrackTarget(parsing: bad), "'\(bad)' should be rejected")
        }
        let target = try TrackTarget(parsing: "-10,-10,30,30")
        XCTAssertEqual(try target.clipped(toWidth: 100, height: 100).box, PixelRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertThrowsError(try TrackTarget(parsing: "200,10,30,30").clipped(toWidth: 100, height: 100))
    }
}
