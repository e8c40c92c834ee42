import Foundation
import XCTest

/// `vtrack register`: one CSV row per frame with the shift, its confidence and the stability flag.
final class CLIRegisterTests: XCTestCase {
    func testWritesOneRowPerFrame() throws {
        let folder = try CLITemporaryFolder()
        let csv = folder.path("motion.csv")
        let outcome = try CLI.vtrack(["register", cliSampleClip, "--csv", csv])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "frame,time_s,dx,dy,confidence,stable")
        XCTAssertEqual(lines.count, 121, "120 frames")
        XCTAssertEqual(lines[1], "0,0.000,0.000,0.000,0.000,1", "nothing to align the first frame with")
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            XCTAssertEqual(fields.count, 6, line)
            XCTAssertTrue(fields[2...4].allSatisfy { Double($0)?.isFinite ?? false }, line)
            XCTAssertTrue(fields[5] == "0" || fields[5] == "1", line)
        }
        XCTAssertTrue(outcome.stdout.contains("ms per registration"), outcome.stdout)
    }

    func testBadArgumentsAreOneLineErrors() throws {
        let folder = try CLITemporaryFolder()
        for (arguments, expected) in [(["--history", "0"], "--history must be 1 or more"),
                                      (["--threshold=-1"], "--threshold must be 0 or more")] {
            let outcome = try CLI.vtrack(["register", cliSampleClip, "--csv", folder.path("m.csv")] + arguments)
            XCTAssertNotEqual(outcome.status, 0)
            XCTAssertTrue(outcome.stderr.contains(expected), outcome.stderr)
        }
        let missing = try CLI.vtrack(["register", folder.path("missing.mp4"), "--csv", folder.path("m.csv")])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertFalse(missing.signalled)
        XCTAssertTrue(missing.stderr.contains(folder.path("missing.mp4")), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("m.csv")))
    }
}
