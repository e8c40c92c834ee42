import Foundation
import TestFootage
import XCTest

/// `vtrack eval mot` (and its earlier form `vtrack eval --mot`) end to end on TUD-Campus (71 frames) from the shared folder beside the
/// repository: the results file is the one `vtrack track --mot` writes, the printed rows are those of
/// results.json, peers are scored beside vtrack, and a broken ground truth is one line naming the file.
final class CLIEvalMOTTests: XCTestCase {
    private func motFolder() throws -> String {
        _ = try TestFootage.developmentData("data/mot/TUD-Campus/gt/gt.txt")
        return try TestFootage.developmentData("data/mot")
    }

    private func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-mot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testEvalScoresTheFileTrackWritesAndPrintsItsFigures() throws {
        let mot = try motFolder(), out = try temporaryFolder()
        // A peer that is the ground truth itself (MOTA 1) beside vtrack.
        let peer = out + "/peers/truth"
        try FileManager.default.createDirectory(atPath: peer, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: mot + "/TUD-Campus/gt/gt.txt", toPath: peer + "/TUD-Campus.txt")
        let eval = try CLI.vtrack(["eval", "mot", mot, "--sequences", "TUD-Campus", "--out", out + "/eval",
                                   "--compare", out + "/peers"], timeout: 300)
        XCTAssertEqual(eval.status, 0, eval.stderr)
        let track = try CLI.vtrack(["track", mot + "/TUD-Campus/TUD-Campus.mp4", "--detector", "person", "--mot", out + "/track.txt",
                                    "--quiet"], timeout: 300)
        XCTAssertEqual(track.status, 0, track.stderr)
        let evaluated = try String(contentsOfFile: out + "/eval/mot/TUD-Campus.txt", encoding: .utf8)
        XCTAssertEqual(evaluated, try String(contentsOfFile: out + "/track.txt", encoding: .utf8))
        XCTAssertGreaterThan(evaluated.split(separator: "\n").count, 100)

        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/eval/results.json")))
            as? [String: Any])
        let trackers = try XCTUnwrap(json["trackers"] as? [[String: Any]])
        XCTAssertEqual(trackers.map { $0["name"] as? String }, ["vtrack", "truth"])
        let lines = eval.stdout.split(separator: "\n").map(String.init)
        for (tracker, prefix) in [(trackers[0], "TUD-Campus       vtrack "), (trackers[1], "TUD-Campus       truth  ")] {
            let figures = try XCTUnwrap(((tracker["sequences"] as? [[String: Any]])?.first)?["figures"] as? [String: Any])
            let row = try XCTUnwrap(lines.first { $0.hasPrefix(prefix) }, eval.stdout).split(separator: " ").map(String.init)
            for (column, key) in [(2, "MOTA"), (4, "IDF1"), (7, "HOTA")] {
                XCTAssertEqual(row[column], String(format: "%.3f", try XCTUnwrap(figures[key] as? Double)), "\(prefix)\(key)")
            }
            XCTAssertEqual(row[10], "\(try XCTUnwrap(figures["IDSW"] as? Int))")
        }
        let truth = try XCTUnwrap(((trackers[1]["pooled"]) as? [String: Any]))
        XCTAssertEqual(truth["MOTA"] as? Double, 1)
        XCTAssertEqual(truth["HOTA"] as? Double, 1)
        XCTAssertTrue(lines.contains { $0.hasPrefix("all (1)          vtrack ") }, eval.stdout)
    }

    func testBrokenGroundTruthIsOneLineNamingTheFile() throws {
        let mot = try motFolder(), out = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: out + "/set/TUD-Campus/gt", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: mot + "/TUD-Campus/seqinfo.ini", toPath: out + "/set/TUD-Campus/seqinfo.ini")
        var rows = try String(contentsOfFile: mot + "/TUD-Campus/gt/gt.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        rows[11] = "12,1,399,182,121"
        try rows.joined(separator: "\n").write(toFile: out + "/set/TUD-Campus/gt/gt.txt", atomically: true, encoding: .utf8)
        // The earlier form of `eval mot DIR`.
        let outcome = try CLI.vtrack(["eval", "--mot", out + "/set", "--out", out + "/eval"])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.messages, [
            "Error: \(out)/set/TUD-Campus/gt/gt.txt:12: expected at least 7 fields (frame,id,bb_left,bb_top,bb_width,bb_height,flag), found 5",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/eval"), "nothing is written before the dataset loads")
    }

    func testTheEvaluationFolderIsAFolderAndNeverStandardOutput() throws {
        let mot = try motFolder(), out = try temporaryFolder()
        try "not a folder".write(toFile: out + "/file", atomically: true, encoding: .utf8)
        for (folder, reason) in [("-", "'-' (standard output) cannot hold a folder"), (out + "/file", "it is a file, not a folder")] {
            let outcome = try CLI.vtrack(["eval", "mot", mot, "--sequences", "TUD-Campus", "--out", folder])
            XCTAssertEqual(outcome.status, 1, outcome.stderr)
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertEqual(outcome.messages, ["Error: \(folder): cannot write the evaluation folder there: \(reason)"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "-"), "no folder named '-' is made")
    }
}
