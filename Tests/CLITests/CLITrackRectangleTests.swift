import Foundation
import TestFootage
import XCTest

/// `vtrack track --rect`: a planar object tracked in perspective on real video, its corners in the
/// CSV's x1...y4 columns and in the JSON Lines, and bad corners refused with one line.
final class CLITrackRectangleTests: XCTestCase {
    private let pedestrians = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
    /// The road sign on its post in the pedestrian clip, which the camera (fixed) sees unmoved
    /// while people walk in front of it.
    private let sign = [258.0, 127, 278, 127, 278, 152, 258, 152]

    func testStaticSignKeepsItsCornersAndBoxesKeepEmptyCornerColumns() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try CLI.vtrack(["track", pedestrians, "--box", "walker=157,138,22,55",
                                      "--rect", "sign=" + sign.map { String(Int($0)) }.joined(separator: ","),
                                      "--csv", folder.path("t.csv"), "--jsonl", folder.path("t.jsonl"), "--quiet"])
        XCTAssertFalse(outcome.signalled, outcome.stderr)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let rows = try String(contentsOfFile: folder.path("t.csv"), encoding: .utf8).split(whereSeparator: \.isNewline)
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try XCTUnwrap(rows.first)
        let firstCorner = try XCTUnwrap(header.firstIndex(of: "x1"))
        func cornerColumns(_ row: [String]) -> ArraySlice<String> { row[firstCorner..<min(row.count, firstCorner + 8)] }
        XCTAssertEqual(Array(cornerColumns(header)), ["x1", "y1", "x2", "y2", "x3", "y3", "x4", "y4"])
        let body = rows.dropFirst()
        let walker = body.filter { $0[2] == "1" }, signRows = body.filter { $0[2] == "2" }
        XCTAssertEqual(walker.count, 795)
        XCTAssertEqual(signRows.count, 795)
        XCTAssertTrue(walker.allSatisfy { cornerColumns($0).allSatisfy(\.isEmpty) }, "a box has empty corner columns")
        var worst = 0.0
        for row in signRows {
            let corners = cornerColumns(row).compactMap(Double.init)
            XCTAssertEqual(corners.count, 8, "\(row)")
            guard corners.count == 8 else { continue }
            worst = max(worst, zip(corners, sign).map { abs($0 - $1) }.max() ?? 0)
            // The box columns are the corners' bounding box.
            let xs = stride(from: 0, to: 8, by: 2).map { corners[$0] }, ys = stride(from: 1, to: 8, by: 2).map { corners[$0] }
            XCTAssertEqual(Double(row[4]) ?? .nan, xs.min() ?? 0, accuracy: 0.011)
            XCTAssertEqual(Double(row[5]) ?? .nan, ys.min() ?? 0, accuracy: 0.011)
        }
        print("static sign: largest corner movement over 795 frames \(String(format: "%.2f", worst)) px")
        XCTAssertLessThan(worst, 1.5, "the sign does not move")
        let jsonLines = try String(contentsOfFile: folder.path("t.jsonl"), encoding: .utf8).split(whereSeparator: \.isNewline)
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(jsonLines.first).utf8)) as? [String: Any])
        let tracks = try XCTUnwrap(first["tracks"] as? [[String: Any]])
        XCTAssertNil(tracks[0]["corners"])
        XCTAssertEqual(tracks[1]["corners"] as? [[Double]], [[258, 127], [278, 127], [278, 152], [258, 152]])
    }

    func testBadCornersAreOneLineErrors() throws {
        let folder = try CLITemporaryFolder()
        for (corners, expected) in [("10,10,40,40,40,10,10,40", "convex"), ("1,2,3", "8 comma-separated numbers"),
                                    ("400,300,500,300,500,400,400,400", "not all inside"), ("a=1,1,9,1,9,x,1,9", "'x' is not a number")] {
            let outcome = try CLI.vtrack(["track", pedestrians, "--rect", corners, "--csv", folder.path("out/t.csv"), "--quiet"])
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertNotEqual(outcome.status, 0, corners)
            let errors = outcome.messages.filter { $0.hasPrefix("Error:") }
            XCTAssertEqual(errors.count, 1, outcome.stderr)
            XCTAssertTrue(errors.first?.contains(expected) ?? false, "\(errors) should mention \(expected)")
            XCTAssertEqual(folder.files(under: "out"), [], "no output for \(corners)")
        }
    }
}
