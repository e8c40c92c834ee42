import Foundation
import Pipeline
import TrackFormats
import XCTest

/// `vtrack track` on inputs it cannot use: each must end with a non-zero exit status (never a
/// signal), a one-line `Error:` message with the reason (naming the file when a file is at fault),
/// and no output under a final name.
final class CLITrackErrorTests: XCTestCase {
    private func expectError(_ arguments: [String], in folder: CLITemporaryFolder, mentions expected: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try CLI.vtrack(["track"] + arguments + ["--csv", folder.path("out/t.csv"), "--video", folder.path("out/t.mp4"), "--quiet"])
        XCTAssertFalse(outcome.signalled, "vtrack crashed (signal \(outcome.status)): \(outcome.stderr)", file: file, line: line)
        XCTAssertNotEqual(outcome.status, 0, "expected a failure for \(arguments)", file: file, line: line)
        let errors = outcome.messages.filter { $0.hasPrefix("Error:") }
        XCTAssertEqual(errors.count, 1, "one error line expected, got: \(outcome.stderr)", file: file, line: line)
        for text in expected {
            XCTAssertTrue(errors.first?.contains(text) ?? false, "\(errors.first ?? outcome.stderr) should mention \(text)", file: file, line: line)
        }
        XCTAssertEqual(folder.files(under: "out").filter { !$0.hasPrefix(".") && !$0.contains("/.") }, [],
                       "no output under a final name", file: file, line: line)
    }

    func testUnreadableClips() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("good.mp4"))
        let good = try folder.data("good.mp4")
        try folder.write("this is text, not video\n", to: "text.mp4")
        try folder.write(Data(), to: "empty.mp4")
        try folder.write(good.prefix(good.count / 2), to: "truncated.mp4")
        try CLI.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", folder.path("audio.mp4")])
        try expectError([folder.path("missing.mp4"), "--box", "1,1,10,10"], in: folder, mentions: ["missing.mp4", "file not found"])
        try expectError([folder.path("text.mp4"), "--box", "1,1,10,10"], in: folder, mentions: ["text.mp4", "not a video file"])
        try expectError([folder.path("empty.mp4"), "--box", "1,1,10,10"], in: folder, mentions: ["empty.mp4", "not a video file"])
        try expectError([folder.path("truncated.mp4"), "--box", "1,1,10,10"], in: folder, mentions: ["truncated.mp4", "not a video file"])
        try expectError([folder.path("audio.mp4"), "--box", "1,1,10,10"], in: folder, mentions: ["audio.mp4", "no video stream"])
    }

    func testUnusableBoxesAndStartFrame() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("good.mp4")
        try CLI.makeClip(clip)
        try expectError([clip, "--box", "1000,1000,10,10"], in: folder, mentions: ["good.mp4", "1000,1000,10,10", "outside the 160x120 frame"])
        try expectError([clip, "--box", "10,10,0,10"], in: folder, mentions: ["10,10,0,10", "width and height must be positive"])
        try expectError([clip, "--box", "10,10,-5,10"], in: folder, mentions: ["must be positive"])
        try expectError([clip, "--box", "abc"], in: folder, mentions: ["'abc'", "expected 4 comma-separated numbers"])
        try expectError([clip, "--box", "1,2,nan,4"], in: folder, mentions: ["is not a number"])
        try expectError([clip, "--box", "=1,2,3,4"], in: folder, mentions: ["empty label"])
        try expectError([clip, "--box", "1,1,10,10", "--start-frame", "500"], in: folder,
                        mentions: ["good.mp4", "start frame 500 is past the end of the clip (40 frames)"])
        let seventeen = (0..<17).flatMap { ["--box", "\($0 * 8),0,8,8"] }
        try expectError([clip] + seventeen, in: folder, mentions: ["17 boxes", "at most 16"])
    }

    func testOutputOverTheClipIsRefused() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("good.mp4")
        try CLI.makeClip(clip)
        let before = try folder.data("good.mp4")
        let outcome = try CLI.vtrack(["track", clip, "--box", "10,10,20,20", "--video", clip, "--quiet"])
        XCTAssertFalse(outcome.signalled)
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stderr.contains("refusing to overwrite an input file"), outcome.stderr)
        XCTAssertEqual(try folder.data("good.mp4"), before)
    }

    /// One-character output names relative to the working folder (`x`, `-`) used to trap in
    /// Foundation's path code (SIGILL); they are written like any other name.
    func testOneCharacterOutputNamesAreWritten() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("good.mp4")
        try CLI.makeClip(clip)
        let outcome = try CLI.vtrack(["track", clip, "--box", "10,10,20,20", "--csv", "x", "--jsonl", "j", "--quiet"], directory: folder.root)
        XCTAssertFalse(outcome.signalled, "vtrack crashed: \(outcome.stderr)")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let csv = String(decoding: try folder.data("x"), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(csv.count, 41, "a header and one row per frame of the 40-frame clip")
        XCTAssertEqual(String(decoding: try folder.data("j"), as: UTF8.self).split(separator: "\n").count, 40)
    }

    /// A clip cut short but with its index at the front (`-movflags +faststart`) still decodes up to the
    /// cut: vtrack tracks those frames, exits 0 and warns, naming the file.
    func testTruncatedClipWithIndexFirstIsTrackedUpToTheCut() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("fast.mp4"), extra: ["-movflags", "+faststart"])
        let bytes = try folder.data("fast.mp4")
        try folder.write(bytes.prefix(bytes.count * 6 / 10), to: "cut.mp4")
        let outcome = try CLI.vtrack(["track", folder.path("cut.mp4"), "--box", "40,30,40,40", "--level", "fast",
                                      "--csv", folder.path("cut.csv"), "--quiet"])
        XCTAssertFalse(outcome.signalled)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.messages.contains { $0.hasPrefix("warning: \(folder.path("cut.mp4")):") }, outcome.stderr)
        let records = try TrackCSV.read(path: folder.path("cut.csv"))
        XCTAssertGreaterThan(records.count, 5)
        XCTAssertLessThan(records.count, 40)
        XCTAssertEqual(records.map(\.frame), Array(0..<records.count))
    }
}
