import Foundation
import XCTest

/// `vtrack track --mot PATH --jsonl PATH`: the MOTChallenge and JSON Lines files hold exactly the CSV's
/// records, read back here by readers independent of vtrack's own.
final class CLITrackFormatsTests: XCTestCase {
    func testMOTAndJSONLinesHoldTheCSVRecords() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try CLI.vtrack(["track", cliSampleClip, "--box", "58,32,60,62",
                                      "--csv", folder.path("A.csv"), "--mot", folder.path("B.txt"), "--jsonl", folder.path("C.jsonl")])
        XCTAssertFalse(outcome.signalled, outcome.stderr)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(folder.files(under: ""), ["A.csv", "B.txt", "C.jsonl"], "three outputs, no partial file left")
        XCTAssertTrue(outcome.stdout.contains("wrote \(folder.path("B.txt"))"), outcome.stdout)

        let csv = try csvRows(folder.path("A.csv"))
        XCTAssertEqual(csv.count, 120, "one object on each of the 120 frames")
        XCTAssertEqual(csv.compactMap { Int($0["frame"] ?? "") }, Array(0..<120))

        // MOTChallenge: frame = CSV frame + 1, id = track_id, the CSV's box and confidence, then -1,-1,-1.
        let mot = try lines(folder.path("B.txt")).map { line in line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(mot.count, csv.count, "every CSV record, lost and ended ones included")
        for (fields, row) in zip(mot, csv) {
            XCTAssertEqual(fields.count, 10, "\(fields)")
            guard fields.count == 10 else { continue }
            let numbers = fields.map { Double($0) }
            XCTAssertFalse(numbers.contains(nil), "\(fields)")
            XCTAssertEqual(Int(fields[0]), Int(row["frame"] ?? "").map { $0 + 1 })
            XCTAssertEqual(Int(fields[1]), Int(row["track_id"] ?? ""))
            for (index, column) in ["x", "y", "width", "height", "confidence"].enumerated() {
                XCTAssertEqual(numbers[2 + index], Double(row[column] ?? ""), "\(column) on frame \(fields[0])")
            }
            XCTAssertEqual(Array(fields[7...]), ["-1", "-1", "-1"])
        }

        // JSON Lines: one object per frame, with the CSV's records of that frame.
        let objects = try lines(folder.path("C.jsonl")).map { line -> [String: Any] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try XCTUnwrap(object as? [String: Any], line)
        }
        XCTAssertEqual(objects.count, 120)
        XCTAssertEqual(objects.compactMap { $0["frame"] as? Int }, Array(0..<120), "one line per frame, in order")
        let rowsByFrame = Dictionary(grouping: csv) { Int($0["frame"] ?? "") ?? -1 }
        for object in objects {
            let frame = object["frame"] as? Int ?? -1
            let rows = rowsByFrame[frame] ?? []
            let tracks = object["tracks"] as? [[String: Any]] ?? []
            XCTAssertEqual(tracks.count, rows.count, "frame \(frame)")
            XCTAssertEqual(object["time_s"] as? Double, rows.first.flatMap { Double($0["time_s"] ?? "") }, "frame \(frame)")
            for (track, row) in zip(tracks, rows) {
                XCTAssertEqual(track["id"] as? Int, Int(row["track_id"] ?? ""), "frame \(frame)")
                XCTAssertEqual(track["label"] as? String, row["label"], "frame \(frame)")
                for (key, column) in [("x", "x"), ("y", "y"), ("width", "width"), ("height", "height"), ("confidence", "confidence")] {
                    XCTAssertEqual(track[key] as? Double, Double(row[column] ?? ""), "\(key) on frame \(frame)")
                }
                XCTAssertEqual(track["style"] as? String, row["style"], "frame \(frame)")
                XCTAssertEqual(track["state"] as? String, row["state"], "frame \(frame)")
            }
        }
    }

    func testOutputsOverTheClipOrOverAnotherOutputAreRefused() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("good.mp4")
        try CLI.makeClip(clip, frames: 10)
        let before = try folder.data("good.mp4")
        let refusals: [(arguments: [String], message: String)] = [
            (["--mot", clip], "\(clip): refusing to overwrite an input file (the clip)"),
            (["--csv", folder.path("t.csv"), "--jsonl", clip], "\(clip): refusing to overwrite an input file (the clip)"),
            (["--csv", folder.path("t.csv"), "--mot", folder.path("t.csv")],
             "\(folder.path("t.csv")): given for two outputs (CSV and MOT); each output needs its own file"),
            (["--mot", folder.path("t.txt"), "--jsonl", folder.path("t.txt")],
             "\(folder.path("t.txt")): given for two outputs (MOT and JSON Lines); each output needs its own file"),
        ]
        for (arguments, message) in refusals {
            let outcome = try CLI.vtrack(["track", clip, "--box", "10,10,20,20", "--quiet"] + arguments)
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            XCTAssertEqual(outcome.messages, ["Error: " + message], "\(arguments)")
            XCTAssertEqual(folder.files(under: ""), ["good.mp4"], "nothing written for \(arguments)")
        }
        XCTAssertEqual(try folder.data("good.mp4"), before)
    }

    /// The file's non-empty lines.
    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The rows of a vtrack CSV without quoted fields, as column name -> text.
    private func csvRows(_ path: String) throws -> [[String: String]] {
        let all = try lines(path).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = all.first else { return [] }
        return all.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
