import Files
import Foundation
import XCTest

/// Hostile input, round four (issue 59), the files vtrack reads and writes: every installed model
/// file is an input no output may replace, and each is checked by its SHA-256 when loaded; two runs
/// writing one output each write their own temporary file; a page and its stills appear together
/// or not at all, the stills folder holds the page's stills only and is checked before any work;
/// an absent keyframe's box reads back in every format vtrack writes; the review page survives any
/// stored corrections.
final class CLIHostileRoundFourFilesTests: XCTestCase {
    /// Item 1: an output aimed at any installed model file (NanoTrack's networks, their config and
    /// licence, through `VTRACK_DEPS`) is refused by every command before it writes, and the file is
    /// unchanged. The models are a copy, so that a failure cannot damage the real install.
    func testNoOutputMayReplaceAnyInstalledModelFile() throws {
        let folder = try CLITemporaryFolder()
        var files: [String: Data] = [:]
        for name in ["v2/nanotrack_backbone_sim.onnx", "v2/nanotrack_head_sim.onnx", "v2/config.yaml", "LICENSE"] {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: try CLIInstalledDependencies.modelFile("nanotrack/" + name)))
        }
        let deps = try CLIInstalledDependencies.copy(in: folder, replacing: "nanotrack", with: files)
        let models = deps + "/models/nanotrack/"
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 10)
        let track = ["track", clip, "--box", "40,30,40,40", "--quiet"]
        let cases: [[String]] = [
            track + ["--csv", models + "v2/nanotrack_head_sim.onnx"],
            track + ["--level", "fast", "--csv", folder.path("t.csv"), "--mot", models + "v2/nanotrack_backbone_sim.onnx"],
            track + ["--report", models + "v2/config.yaml"],
            ["pick", clip, "--page", models + "LICENSE"],
            ["detect", clip, "--detector", "haar-face", "--csv", models + "v2/config.yaml", "--quiet"],
            ["register", clip, "--csv", models + "LICENSE", "--quiet"],
        ]
        for arguments in cases {
            let outcome = try CLI.vtrack(arguments, environment: ["VTRACK_DEPS": deps, "VTRACK_CACHE": ""])
            let shown = "vtrack " + arguments.joined(separator: " ")
            XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
            XCTAssertEqual(outcome.messages.count, 1, "\(shown)\n\(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(": refusing to overwrite an input file (vtrack's installed nanotrack model)"),
                          "\(shown)\n\(outcome.stderr)")
            for (name, data) in files {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: models + name)), data, "\(shown): \(name) changed")
            }
        }
        XCTAssertEqual(folder.files(under: "deps/models/nanotrack").sorted(), files.keys.sorted(), "no other file there")
    }

    /// Item 5: a model file damaged in a way that still loads (one flipped bit of a weight) is one
    /// line naming it, for the appearance describer (any tracking run reads it) and the face detector.
    func testADamagedModelThatStillLoadsIsRefusedByItsDigest() throws {
        let cases: [(model: String, file: String, siblings: [String], arguments: (String) -> [String])] = [
            ("appearance", "appearance.bin", ["appearance.xml"],
             { ["track", cliSampleClip, "--box", "60,30,50,60", "--csv", $0, "--quiet"] }),
            ("face", "centerface.onnx", [],
             { ["detect", cliSampleClip, "--detector", "face", "--csv", $0, "--quiet"] }),
        ]
        for item in cases {
            let folder = try CLITemporaryFolder()
            var files: [String: Data] = [:]
            for name in item.siblings + [item.file] {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: try CLIInstalledDependencies.modelFile(item.model + "/" + name)))
            }
            var damaged = try XCTUnwrap(files[item.file])
            damaged[damaged.count / 2] ^= 0x01
            files[item.file] = damaged
            let deps = try CLIInstalledDependencies.copy(in: folder, replacing: item.model, with: files)
            let output = folder.path("out.csv")
            let outcome = try CLI.vtrack(item.arguments(output), environment: ["VTRACK_DEPS": deps, "VTRACK_CACHE": ""])
            XCTAssertEqual(outcome.status, 1, "\(item.model)\n\(outcome.stderr)")
            XCTAssertEqual(outcome.messages, outcome.stderr.split(whereSeparator: \.isNewline).map(String.init), "no FFmpeg lines")
            XCTAssertEqual(outcome.messages.count, 1, "\(item.model)\n\(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("Error: \(deps)/models/\(item.model)/\(item.file): damaged or replaced: SHA-256 "),
                          "\(item.model)\n\(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), item.model)
        }
    }

    /// Item 2: two runs writing the same outputs each write their own temporary files. The first run
    /// is stopped while it writes, the second runs to its end, then the first goes on: both end well
    /// and the CSV and the MP4 are the first run's whole output (the last rename wins). With one
    /// temporary name per output, the second run truncated the first's file, the first then wrote
    /// into the second's finished CSV and failed to rename.
    func testTwoRunsWritingOneOutputEachWriteTheirOwnTemporaryFile() throws {
        let folder = try CLITemporaryFolder()
        let long = folder.path("long.mp4"), short = folder.path("short.mp4")
        try CLI.makeClip(long, size: "320x240", frames: 300, rate: 30)
        try CLI.makeClip(short, frames: 20)
        let outputs = ["--csv", folder.path("out/o.csv"), "--video", folder.path("out/o.mp4"), "--quiet"]
        let first = try CLI.startVtrack(["track", long, "--box", "100,80,60,60"] + outputs, logFolder: folder.path("logs"))
        var writing = false
        for _ in 0..<500 where !writing {
            usleep(10_000)
            writing = temporaryFiles(in: folder.path("out")).count == 2
        }
        XCTAssertTrue(writing, "the first run did not start writing")
        kill(first.processIdentifier, SIGSTOP)
        let second = try CLI.vtrack(["track", short, "--box", "40,30,40,40"] + outputs)
        kill(first.processIdentifier, SIGCONT)
        let firstOutcome = CLI.outcome(of: first, logFolder: folder.path("logs"))
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(firstOutcome.status, 0, firstOutcome.stderr)
        let rows = try String(contentsOfFile: folder.path("out/o.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 301, "the first run's header and 300 rows")
        let columns = rows.first?.split(separator: ",", omittingEmptySubsequences: false).count
        XCTAssertEqual(rows.filter { $0.split(separator: ",", omittingEmptySubsequences: false).count != columns }, [], "ragged rows")
        XCTAssertEqual(rows.dropFirst().map { Int($0.prefix { $0 != "," }) ?? -1 }, Array(0..<300), "frames 0 to 299, once each")
        XCTAssertEqual(try CLI.frameTimes(of: folder.path("out/o.mp4")).count, 300, "the first run's whole video")
        XCTAssertEqual(temporaryFiles(in: folder.path("out")), [], "no temporary file left")
    }

    /// Item 3: the review page and its stills, and the run's other outputs, appear together or not
    /// at all. The page's path turns into a folder while the run tracks (stopped meanwhile, so that
    /// it cannot finish first): the run fails naming the page, and no still, nor the CSV, is left
    /// under its final name.
    func testStillsNeverAppearWithoutTheirPage() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("long.mp4")
        try CLI.makeClip(clip, size: "320x240", frames: 300, rate: 30)
        let page = folder.path("out/r.html")
        // Two boxes on one object: they overlap from the start, a moment with a still at once.
        let run = try CLI.startVtrack(["track", clip, "--box", "a=100,80,60,60", "--box", "b=104,84,60,60",
                                       "--report", page, "--csv", folder.path("out/r.csv"), "--quiet"], logFolder: folder.path("logs"))
        var stillWritten = false
        for _ in 0..<1000 where !stillWritten {
            usleep(10_000)
            stillWritten = allFiles(under: folder.path("out")).contains { FilePath.name(of: $0).contains("frame-") }
        }
        XCTAssertTrue(stillWritten, "the run wrote no still")
        kill(run.processIdentifier, SIGSTOP)
        try folder.write("in the way", to: "out/r.html/blocker")
        kill(run.processIdentifier, SIGCONT)
        let outcome = CLI.outcome(of: run, logFolder: folder.path("logs"))
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.messages.count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("Error: \(page): "), outcome.stderr)
        XCTAssertEqual(allFiles(under: folder.path("out")), [folder.path("out/r.html/blocker")], "no output and no temporary file left")
    }

    /// Item 9: a stills folder that cannot be made is one line naming it and why, before any work:
    /// a regular file in its place, a name over 255 bytes, a file where a folder above it must be;
    /// for pick's page and track's review page alike. Nothing is written.
    func testAStillsFolderThatCannotBeMadeIsOneLineBeforeAnyWork() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("a file", to: "out/taken.stills")
        try folder.write("a file", to: "out/file")
        let long = String(repeating: "n", count: 250)
        let cases: [(page: String, says: String)] = [
            ("out/taken.html", "\(folder.path("out/taken.stills")): cannot write the %@ there: it is a file, not a folder"),
            ("out/\(long).html", "\(folder.path("out/\(long).stills")): cannot write the %@ there: the folder name is 257 bytes long; at most 255"),
        ]
        for (page, says) in cases {
            for (arguments, kind) in [(["pick", cliSampleClip, "--page", folder.path(page)], "stills folder"),
                                      (["track", cliSampleClip, "--box", "60,30,50,60", "--report", folder.path(page), "--quiet"],
                                       "review page's stills folder")] {
                let outcome = try CLI.vtrack(arguments)
                let shown = "vtrack " + arguments.joined(separator: " ")
                XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
                XCTAssertEqual(outcome.stderr, "Error: " + String(format: says, kind) + "\n", shown)
            }
        }
        XCTAssertEqual(allFiles(under: folder.path("out")), [folder.path("out/file"), folder.path("out/taken.stills")], "nothing written")
        let underAFile = try CLI.vtrack(["pick", cliSampleClip, "--page", folder.path("out/file/p.html")])
        XCTAssertEqual(underAFile.stderr, "Error: \(folder.path("out/file/p.stills")): cannot write the stills folder there: "
                       + "\(folder.path("out/file")) is a file, not a folder\n")
    }

    /// Item 14: a page written again with fewer stills keeps only its own in its folder (nothing of
    /// another clip's page before it); pick's errors name "the pick page".
    func testAPageWrittenAgainKeepsOnlyItsOwnStills() throws {
        let folder = try CLITemporaryFolder()
        let other = folder.path("other.mp4")
        try CLI.makeClip(other, frames: 200)
        let page = folder.path("p.html")
        XCTAssertEqual(try CLI.vtrack(["pick", other, "--stills", "8", "--frame", "190", "--page", page]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("p.stills")).count, 9)
        let again = try CLI.vtrack(["pick", cliSampleClip, "--stills", "2", "--page", page])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("p.stills")).sorted(),
                       ["frame-000000.png", "frame-000060.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.root).sorted(), ["other.mp4", "p.html", "p.stills"])
        let toStandardOutput = try CLI.vtrack(["pick", cliSampleClip, "--page", "-"])
        XCTAssertEqual(toStandardOutput.stderr,
                       "Error: -: cannot write the pick page there: standard output cannot take the pick page; give a file name\n")
    }

    /// Item 14: pick interrupted while it writes its stills leaves nothing: no page, no stills
    /// folder (not even an empty one), no temporary file.
    func testAnInterruptedPickLeavesNothing() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("long.mp4")
        try CLI.makeClip(clip, size: "640x360", frames: 300, rate: 30)
        let run = try CLI.startVtrack(["pick", clip, "--stills", "50", "--page", folder.path("out/p.html")], logFolder: folder.path("logs"))
        var started = false
        for _ in 0..<1000 where !started {
            usleep(10_000)
            started = !((try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []).isEmpty
        }
        XCTAssertTrue(started, "pick wrote nothing")
        kill(run.processIdentifier, SIGINT)
        let outcome = CLI.outcome(of: run, logFolder: folder.path("logs"))
        XCTAssertTrue(outcome.signalled, "pick ended before the signal: \(outcome.stderr)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")), [], "something is left")
    }

    /// Item 4: a CSV keyframe saying the object is absent, with a zero box, gives outputs that vtrack
    /// reads back: the absent frame's record carries the object's last box (as a lost track's does),
    /// so the CVAT file it writes is taken by --keyframes and by render --tracks.
    func testAnAbsentKeyframesBoxReadsBackInEveryFormat() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("frame,track_id,label,x,y,width,height,state,source\n0,1,a,60,30,50,60,tracked,keyframe\n10,1,a,0,0,0,0,lost,keyframe\n",
                         to: "keys.csv")
        let tracked = try CLI.vtrack(["track", cliSampleClip, "--keyframes", folder.path("keys.csv"), "--csv", folder.path("t.csv"),
                                      "--cvat", folder.path("t.xml"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        let rows = try String(contentsOfFile: folder.path("t.csv"), encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let nine = try XCTUnwrap(rows.first { $0.first == "9" }), ten = try XCTUnwrap(rows.first { $0.first == "10" })
        XCTAssertEqual([ten[10], ten[19]], ["lost", "keyframe"], "frame 10 is the absent keyframe")
        XCTAssertEqual(Array(ten[4...7]), Array(nine[4...7]), "the absent frame carries the box of the frame before")
        for arguments in [["track", cliSampleClip, "--keyframes", folder.path("t.xml"), "--csv", folder.path("again.csv"), "--quiet"],
                          ["render", cliSampleClip, "--tracks", folder.path("t.xml"), "--video", folder.path("r.mp4"), "--quiet"]] {
            let outcome = try CLI.vtrack(arguments)
            XCTAssertEqual(outcome.status, 0, "vtrack \(arguments.joined(separator: " "))\n\(outcome.stderr)")
        }
    }

    /// Item 14: the review page's script takes any stored corrections: JSON that is not a list, or
    /// a list of things that are not corrections, is no correction, and the page works (no script
    /// exception, the re-tracking command shown).
    func testTheReviewPageTakesAnyStoredCorrections() throws {
        let folder = try CLITemporaryFolder()
        let page = folder.path("r.html")
        let run = try CLI.vtrack(["track", cliSampleClip, "--box", "a=60,30,50,60", "--box", "b=64,34,50,60", "--report", page, "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let stored = ["{}", "5", "\"text\"", "null", "{\"length\": 2}", "[1, null, \"x\", {\"frame\": \"2\"}]", "not JSON"]
        let path = folder.path("stored.json")
        try JSONSerialization.data(withJSONObject: stored).write(to: URL(fileURLWithPath: path))
        let result = try CLI.runBrowserScript("review_stored_corrections_check.py", [page, path], file: #filePath, line: #line)
        XCTAssertNil(result["failure"] as? String, "\(result)")
        let loads = try XCTUnwrap(result["loads"] as? [[String: Any]])
        XCTAssertEqual(loads.count, stored.count)
        for load in loads {
            let shown = "stored \(load["stored"] ?? "")"
            XCTAssertEqual(load["exceptions"] as? [String], [], shown)
            XCTAssertEqual(load["listed"] as? Int, 0, shown)
            XCTAssertTrue((load["command"] as? String)?.hasPrefix("vtrack track ") ?? false, "\(shown): \(load)")
        }
    }

    /// Hidden temporary files (`.NAME.PID-RANDOM.partial...`) directly in `folder`.
    private func temporaryFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") && $0.contains(".partial") }.sorted()
    }

    /// Every file and folder under `folder` that is not itself a folder, hidden ones too, as full
    /// paths, sorted; folders only when empty.
    private func allFiles(under folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        for name in names {
            let path = FilePath.joining(folder, name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let inside = allFiles(under: path)
                found += inside.isEmpty ? [path] : inside
            } else {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
