import Foundation
import Pipeline
import TrackFormats
import XCTest

/// Hostile input, round three (issue 46): keyframes and tracks files in all three formats, CVAT XML
/// that vtrack writes and reads back, NanoTrack files that cannot be read, a one-shard batch. For
/// every case: no crash, and either a result or one line naming the file (and the line) of the problem.
final class CLIHostileRoundThreeTests: XCTestCase {
    /// Item 1: a CVAT track id of Int.max cannot be vtrack's id + 1; any id the file can hold gives a
    /// result or one line naming the file and the line.
    func testACVATTrackIdAsLargeAsAnIntCanHoldIsAResultOrOneLine() throws {
        let folder = try CLITemporaryFolder()
        let (clip, xml) = try trackedCVAT(in: folder, label: "walker")
        for (id, expected) in [(Int.max, "big.xml:25: <track id=\"\(Int.max)\"> is too large"), (Int.max - 1, nil)] {
            try folder.write(xml.replacingOccurrences(of: #"<track id="0""#, with: #"<track id="\#(id)""#), to: "big.xml")
            for arguments in [["render", clip, "--tracks", folder.path("big.xml"), "--video", folder.path("r.mp4")],
                              ["track", clip, "--keyframes", folder.path("big.xml"), "--csv", folder.path("k.csv")]] {
                let outcome = try CLI.vtrack(arguments + ["--quiet"])
                let shown = "id \(id): vtrack \(arguments.joined(separator: " "))"
                XCTAssertFalse(outcome.signalled, "\(shown): signal \(outcome.status)\n\(outcome.stderr)")
                if let expected {
                    assertOneLineError(outcome, containing: expected, shown)
                } else {
                    XCTAssertEqual(outcome.status, 0, "\(shown)\n\(outcome.stderr)")
                }
            }
        }
    }

    /// Item 2: a large file that is not a tracks file is refused from its first bytes, not read whole:
    /// a 2 GB sparse file (NUL bytes) and a 16 MiB line of `1,` take well under a second.
    func testAFileThatIsNotATracksFileIsRefusedFromItsFirstBytes() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 10)
        try folder.write(Data(), to: "sparse.bin")
        XCTAssertEqual(truncate(folder.path("sparse.bin"), 2 << 30), 0)
        try folder.write(String(repeating: "1,", count: 8 << 20), to: "ones.txt")
        let cases = [("sparse.bin", "sparse.bin:1: binary data (a NUL byte), not a tracks file"),
                     ("ones.txt", "ones.txt:1: a line longer than 8 MiB: vtrack reads at most 8 MiB at once")]
        for (name, expected) in cases {
            for arguments in [["track", clip, "--keyframes", folder.path(name), "--csv", folder.path("k.csv")],
                              ["render", clip, "--tracks", folder.path(name), "--video", folder.path("r.mp4")]] {
                let started = Date()
                let outcome = try CLI.vtrack(arguments + ["--quiet"], timeout: 30)
                assertOneLineError(outcome, containing: expected, arguments.joined(separator: " "))
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(name) is refused from its first bytes")
            }
        }
    }

    /// Item 3: control characters XML cannot hold, in a label and in the clip's name, are written
    /// as visible `\u{HEX}` escapes: the file is well-formed, and render and --keyframes read it.
    func testControlCharactersInALabelAndTheClipsNameGiveWellFormedCVAT() throws {
        let folder = try CLITemporaryFolder()
        let label = "bell\u{07}esc\u{1B}one\u{01}"
        let (clip, xml) = try trackedCVAT(in: folder, label: label, clipName: "clip\u{1B}[31m.mp4")
        let forbidden = xml.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        XCTAssertEqual(forbidden.map(\.value), [], "no control character but line feeds in the XML")
        XCTAssertTrue(xml.contains(#"label="bell\u{7}esc\u{1B}one\u{1}""#), xml)
        XCTAssertTrue(xml.contains(#"<name>clip\u{1B}[31m.mp4</name>"#), xml)
        let render = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.xml"), "--video", folder.path("r.mp4"), "--quiet"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try keyframeLabels(clip: clip, keyframes: folder.path("t.xml"), folder: folder), [label])
    }

    /// Item 4: a label's line feed and tab are character references in the attribute, so reading the
    /// file back gives the label exactly (an XML reader turns the characters themselves into spaces).
    func testALabelsLineFeedAndTabSurviveTheCVATRoundTrip() throws {
        let folder = try CLITemporaryFolder()
        let label = "a\nb\tc\rd \\u{41}"
        let (clip, xml) = try trackedCVAT(in: folder, label: label)
        XCTAssertTrue(xml.contains(#"label="a&#10;b&#9;c&#13;d \u{5C}u{41}""#), xml)
        XCTAssertEqual(try keyframeLabels(clip: clip, keyframes: folder.path("t.xml"), folder: folder), [label])
    }

    /// Item 5: a well-formed CVAT file over 10 MB reads back: vtrack's own export of one object over
    /// 100,000 frames (its box lines, as --cvat writes them).
    func testALongClipsOwnCVATExportReadsBack() throws {
        let folder = try CLITemporaryFolder()
        let (clip, xml) = try trackedCVAT(in: folder, label: "walker")
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = try XCTUnwrap(lines.firstIndex { $0.contains("<box ") })
        let box = lines[head].replacingOccurrences(of: #"frame="0""#, with: #"frame="FRAME""#)
        let boxes = (0..<100_000).map { box.replacingOccurrences(of: "FRAME", with: String($0)) }
        try folder.write((lines[..<head] + boxes + ["  </track>", "</annotations>", ""]).joined(separator: "\n"), to: "long.xml")
        XCTAssertGreaterThan(try folder.data("long.xml").count, 10_000_000)
        let outcome = try CLI.vtrack(["render", clip, "--tracks", folder.path("long.xml"), "--video", folder.path("r.mp4"), "--quiet"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("99960 rows are on frames past the clip's last frame 39"), outcome.stderr)
    }

    /// Item 6: a label longer than vtrack reads at once is one line naming the limit and the line,
    /// not "has no label".
    func testAHugeLabelIsOneLineNamingTheLimit() throws {
        let folder = try CLITemporaryFolder()
        let (clip, xml) = try trackedCVAT(in: folder, label: "walker")
        try folder.write(xml.replacingOccurrences(of: #"label="walker""#, with: "label=\"\(String(repeating: "w", count: 12_000_000))\""),
                         to: "huge.xml")
        let outcome = try CLI.vtrack(["track", clip, "--keyframes", folder.path("huge.xml"), "--csv", folder.path("k.csv"), "--quiet"])
        assertOneLineError(outcome, containing: "huge.xml:25: an XML tag or text longer than 8 MiB: vtrack reads at most 8 MiB at once",
                           "a 12 MB label")
    }

    /// Item 7: keyframes and tracks files are read as streams: a FIFO (as `<(cat keys.csv)` gives)
    /// reads as the regular file does, in each format.
    func testKeyframesAndTracksFromAPipeReadAsTheFileDoes() throws {
        let folder = try CLITemporaryFolder()
        let (clip, _) = try trackedCVAT(in: folder, label: "walker")
        for name in ["t.xml", "t.csv"] {
            let file = try folder.data(name)
            let fromFile = try CLI.vtrack(["track", clip, "--keyframes", folder.path(name), "--csv", folder.path("file.csv"), "--quiet"])
            XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
            let pipe = folder.path("pipe-" + name)
            for arguments in [["track", clip, "--keyframes", pipe, "--csv", folder.path("pipe.csv")],
                              ["render", clip, "--tracks", pipe, "--video", folder.path("pipe.mp4")]] {
                XCTAssertEqual(mkfifo(pipe, 0o600), 0)
                feed(file, into: pipe)
                let outcome = try CLI.vtrack(arguments + ["--quiet"], timeout: 60)
                XCTAssertEqual(outcome.status, 0, "\(arguments)\n\(outcome.stderr)")
                try FileManager.default.removeItem(atPath: pipe)
            }
            XCTAssertEqual(try folder.data("pipe.csv"), try folder.data("file.csv"), "\(name) through a pipe")
        }
    }

    /// Item 8: a NanoTrack file that is there but cannot be read is one line saying what is wrong
    /// with which file, not "not installed".
    func testANanoTrackFileThatCannotBeReadSaysWhatIsWrong() throws {
        let backbone = "v2/nanotrack_backbone_sim.onnx"
        var files: [String: Data] = [:]
        for name in ["v2/nanotrack_head_sim.onnx", "v3/nanotrack_backbone.onnx", "v3/nanotrack_head.onnx"] {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: try CLIInstalledDependencies.modelFile("nanotrack/" + name)))
        }
        let kinds: [(name: String, make: (String) -> Int32, says: String)] = [
            ("a FIFO", { mkfifo($0, 0o644) }, "the NanoTrack model is a FIFO (named pipe), not a regular file"),
            ("a link to /dev/zero", { symlink("/dev/zero", $0) }, "the NanoTrack model is a device, not a regular file"),
            ("a folder", { mkdir($0, 0o755) }, "the NanoTrack model is a folder, not a regular file"),
        ]
        for kind in kinds {
            let folder = try CLITemporaryFolder()
            let deps = try CLIInstalledDependencies.copy(in: folder, replacing: "nanotrack", with: files)
            let path = deps + "/models/nanotrack/" + backbone
            XCTAssertEqual(kind.make(path), 0, kind.name)
            let outcome = try CLI.vtrack(["track", cliSampleClip, "--box", "60,30,50,60", "--learned-features",
                                          "--csv", folder.path("t.csv"), "--quiet"],
                                         environment: ["VTRACK_DEPS": deps, "VTRACK_CACHE": ""], timeout: 60)
            assertOneLineError(outcome, containing: "\(path): \(kind.says)", kind.name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("t.csv")), kind.name)
        }
    }

    /// Item 9: a batch run as one shard (`--shard 0/1`, a one-task array job) writes summary.json,
    /// and merge takes it; merging it into its own folder (`batch --shard 0/1 ...; vtrack merge OUT`)
    /// says there is nothing to merge and leaves the summary as it was.
    func testAOneShardBatchCanBeMerged() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("in/a.mp4"), frames: 10)
        try folder.write("frame,label,x,y,width,height\n0,thing,40,30,40,40\n", to: "in/a.boxes.csv")
        let batch = try CLI.vtrack(["batch", folder.path("in"), "--shard", "0/1", "--out", folder.path("out"), "--quiet"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder.path("out/summary.csv"), encoding: .utf8).contains("a.mp4,10,"))
        let merge = try CLI.vtrack(["merge", folder.path("out"), "--out", folder.path("merged")])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(try folder.data("merged/summary.json"), try folder.data("out/summary.json"))
        XCTAssertEqual(try folder.data("merged/summary.csv"), try folder.data("out/summary.csv"))
        let summary = try folder.data("out/summary.json")
        let inPlace = try CLI.vtrack(["merge", folder.path("out")])
        XCTAssertEqual(inPlace.status, 0, inPlace.stderr)
        XCTAssertEqual(inPlace.stdout, "nothing to merge: \(folder.path("out/summary.json")) is already the whole batch's summary"
                       + " (1 ok, 0 failed, 0 skipped)\n")
        XCTAssertEqual(try folder.data("out/summary.json"), summary)
        let unsharded = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("whole"), "--quiet"])
        XCTAssertEqual(unsharded.status, 0, unsharded.stderr)
        let wholeInPlace = try CLI.vtrack(["merge", folder.path("whole"), "--out", folder.path("whole/.")])
        XCTAssertEqual(wholeInPlace.status, 0, wholeInPlace.stderr)
        XCTAssertTrue(wholeInPlace.stdout.hasPrefix("nothing to merge: "), wholeInPlace.stdout)
    }

    // MARK: - Helpers

    /// Tracks one object labelled `label` on a 40-frame clip named `clipName` with `--cvat t.xml`
    /// and `--csv t.csv`; returns the clip's path and the XML.
    private func trackedCVAT(in folder: CLITemporaryFolder, label: String, clipName: String = "clip.mp4") throws -> (clip: String, xml: String) {
        let clip = folder.path(clipName)
        try CLI.makeClip(clip, frames: 40)
        let outcome = try CLI.vtrack(["track", clip, "--box", "\(label)=40,30,40,40", "--cvat", folder.path("t.xml"),
                                      "--csv", folder.path("t.csv"), "--quiet"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return (clip, try String(contentsOfFile: folder.path("t.xml"), encoding: .utf8))
    }

    /// Writes `data` into the FIFO at `path` from a thread of its own, as `<(cat file)` would; a
    /// reader that closes early ends the writing (the thread blocks SIGPIPE: the write fails instead).
    private func feed(_ data: Data, into path: String) {
        Thread.detachNewThread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            data.withUnsafeBytes { bytes in
                var sent = 0
                while sent < bytes.count {
                    let count = write(descriptor, bytes.baseAddress! + sent, bytes.count - sent)
                    guard count > 0 else { return }
                    sent += count
                }
            }
        }
    }

    /// The labels of a keyframe-guided run from `keyframes`, as its CSV gives them.
    private func keyframeLabels(clip: String, keyframes: String, folder: CLITemporaryFolder) throws -> Set<String> {
        let outcome = try CLI.vtrack(["track", clip, "--keyframes", keyframes, "--csv", folder.path("k.csv"), "--quiet"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return Set(try TrackCSV.read(path: folder.path("k.csv")).map(\.label))
    }

    private func assertOneLineError(_ outcome: ProcessOutcome, containing text: String, _ shown: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(outcome.signalled, "\(shown): signal \(outcome.status)\n\(outcome.stderr)", file: file, line: line)
        XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)", file: file, line: line)
        let lines = outcome.stderr.split(whereSeparator: \.isNewline)
        XCTAssertEqual(lines.count, 1, "\(shown): \(outcome.stderr)", file: file, line: line)
        XCTAssertTrue(lines.first?.hasPrefix("Error: ") ?? false, "\(shown): \(outcome.stderr)", file: file, line: line)
        XCTAssertTrue(lines.first?.contains(text) ?? false, "\(shown): \(outcome.stderr) should contain \(text)", file: file, line: line)
    }
}
