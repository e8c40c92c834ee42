import Files
import Foundation
import Pipeline
import TestFootage
import XCTest

/// Every command on broken, odd and hostile cases: damaged clips, outputs that are inputs or
/// special files, names the shell can pass, network-looking inputs, interruptions and concurrent
/// batches. For every case: no crash, no hang, the expected exit status, a failure is one line that
/// names the file, no input changed, no special file replaced and no `.partial` file left.
final class CLIHostileCasesTests: XCTestCase {
    private enum Expectation {
        /// Exit status 0.
        case succeeds
        /// Exit status 1 and one line on standard error that starts with `Error: ` and contains the text.
        case failsNaming(String)
        /// A damaged input: either of the above.
        case succeedsOrFailsNaming(String)
    }

    private struct Case {
        let arguments: [String]
        let expectation: Expectation
    }

    func testEveryCommandOnBrokenOddAndHostileCases() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("in/good.mp4")
        try CLI.makeClip(clip, frames: 24)
        let inputs = try makeInputs(in: folder, clip: clip)
        var cases = damagedClipCases(folder: folder, clips: try damagedClips(of: clip, in: folder))
        cases += hostileOutputCases(folder: folder, clip: clip, inputs: inputs)
        cases += oddInputCases(folder: folder, clip: clip)
        XCTAssertGreaterThanOrEqual(cases.count, 100)

        let protected = [folder.path("in"), folder.path("guarded")]
        let before = try fingerprints(under: protected)
        for (index, item) in cases.enumerated() {
            let outcome = try CLI.vtrack(item.arguments, timeout: 60, directory: folder.root)
            let shown = "case \(index): vtrack \(item.arguments.joined(separator: " "))"
            XCTAssertFalse(outcome.signalled, "\(shown): signal \(outcome.status)\n\(outcome.stderr)")
            let errors = outcome.stderr.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("warning: ") }
            switch item.expectation {
            case .succeeds:
                XCTAssertEqual(outcome.status, 0, "\(shown)\n\(outcome.stderr)")
            case .failsNaming(let name):
                XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
                assertOneLineError(errors, naming: name, shown)
            case .succeedsOrFailsNaming(let name):
                if outcome.status != 0 {
                    XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
                    assertOneLineError(errors, naming: name, shown)
                }
            }
            XCTAssertEqual(partialFiles(under: folder.root), [], "\(shown): temporary files left")
            XCTAssertEqual(try fingerprints(under: protected), before, "\(shown): an input changed")
            XCTAssertEqual(fileType(folder.path("in/fifo")), S_IFIFO, "\(shown): the FIFO was replaced")
            XCTAssertEqual(fileType("/dev/null"), S_IFCHR, "\(shown): /dev/null was replaced")
        }
    }

    func testAnInterruptedRunLeavesNeitherOutputsNorTemporaryFiles() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("long.mp4")
        try CLI.makeClip(clip, size: "640x360", frames: 900, rate: 30)
        let out = folder.path("out")
        let runs: [(signal: Int32, arguments: [String])] = [
            (SIGINT, ["track", clip, "--box", "100,80,60,60", "--csv", out + "/t.csv", "--mot", out + "/t.mot.txt",
                      "--jsonl", out + "/t.jsonl", "--video", out + "/t.mp4"]),
            (SIGTERM, ["track", clip, "--box", "100,80,60,60", "--csv", out + "/t.csv", "--video", out + "/t.mp4"]),
            (SIGHUP, ["register", clip, "--csv", out + "/r.csv"]),
            (SIGTERM, ["detect", clip, "--detector", "haar-face", "--csv", out + "/d.csv"]),
        ]
        for (index, run) in runs.enumerated() {
            let logs = folder.path("logs\(index)")
            let process = try CLI.startVtrack(run.arguments, logFolder: logs)
            var started = false
            for _ in 0..<200 where !started {
                usleep(20_000)
                started = !partialFiles(under: out).isEmpty
            }
            XCTAssertTrue(started, "run \(index): no temporary output appeared")
            kill(process.processIdentifier, run.signal)
            let outcome = CLI.outcome(of: process, logFolder: logs)
            XCTAssertTrue(outcome.signalled, "run \(index) ended with status \(outcome.status) before the signal: \(outcome.stderr)")
            XCTAssertEqual(outcome.status, run.signal, "run \(index)")
            XCTAssertEqual(folder.files(under: "out"), [], "run \(index): an output or a temporary file is left")
        }
    }

    func testAClosedPipeOnStandardOutputEndsTheRunQuietlyWithoutTemporaryFiles() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("long.mp4")
        try CLI.makeClip(clip, size: "320x240", frames: 300, rate: 30)
        let errors = Pipe()
        let process = try runUntilFirstRead(["track", clip, "--box", "100,80,60,60", "--csv", "-", "--video", folder.path("t.mp4"), "--quiet"],
                                            standardError: errors)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, message)
        XCTAssertEqual(process.terminationStatus, SIGPIPE, message)
        XCTAssertEqual(message, "", "a closed pipe is not an error to report")
        XCTAssertEqual(folder.files(under: "."), ["long.mp4"], "no output or temporary file is left")
    }

    /// `vtrack track ... --csv - 2>&1 | head -1`: standard error is the same closed pipe, so the
    /// progress lines fail too. The run still ends by SIGPIPE, never by a trap on that write.
    func testAClosedPipeOnStandardOutputAndErrorEndsTheRunBySIGPIPE() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("long.mp4")
        try CLI.makeClip(clip, size: "320x240", frames: 300, rate: 30)
        for attempt in 0..<5 {
            let process = try runUntilFirstRead(["track", clip, "--box", "100,80,60,60", "--csv", "-"], standardError: nil)
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "attempt \(attempt)")
            XCTAssertEqual(process.terminationStatus, SIGPIPE, "attempt \(attempt): ended by signal \(process.terminationStatus)")
        }
        XCTAssertEqual(folder.files(under: "."), ["long.mp4"], "no output or temporary file is left")
    }

    /// Runs vtrack with standard output on a pipe, reads its first output, then closes the pipe and
    /// waits, as `| head -1` does. Standard error goes to `standardError`, or to the same pipe when nil
    /// (`2>&1 | head -1`).
    private func runUntilFirstRead(_ arguments: [String], standardError: Pipe?) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CLI.vtrackBinary())
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = standardError ?? output
        try process.run()
        _ = output.fileHandleForReading.availableData
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        return process
    }

    func testASecondBatchOnTheSameFolderIsRefusedAndShardsRunSideBySide() throws {
        let folder = try CLITemporaryFolder()
        for name in ["a", "b", "c", "d"] {
            try CLI.makeClip(folder.path("in/\(name).mp4"), size: "640x360", frames: 240, rate: 30)
            try folder.write("x,y,width,height\n100,80,60,60\n", to: "in/\(name).boxes.csv")
        }
        let arguments = ["batch", folder.path("in"), "--out", folder.path("out"), "--jobs", "1"]
        let first = try CLI.startVtrack(arguments + ["--shard", "0/2"], logFolder: folder.path("logs-first"))
        var locked = false
        for _ in 0..<200 where !locked {
            usleep(20_000)
            locked = !partialFiles(under: folder.path("out")).isEmpty
        }
        XCTAssertTrue(locked, "the first batch did not start writing")
        let same = try CLI.vtrack(arguments + ["--shard", "0/2"])
        let whole = try CLI.vtrack(arguments)
        let other = try CLI.vtrack(arguments + ["--shard", "1/2"])
        let firstOutcome = CLI.outcome(of: first, logFolder: folder.path("logs-first"))
        XCTAssertEqual(firstOutcome.status, 0, firstOutcome.stderr)
        for refused in [same, whole] {
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("another vtrack batch (process \(first.processIdentifier)) is writing into this folder"),
                          refused.stderr)
        }
        XCTAssertEqual(other.status, 0, other.stderr)
        let merged = try CLI.vtrack(["merge", folder.path("out")])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("4 ok, 0 failed"), merged.stdout)
    }

    func testAFrameDecodedOutOfOrderIsRetimedWithAWarningNamingTheClip() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("plain.mkv"), frames: 90, rate: 30, extra: ["-bf", "0"])
        let damaged = folder.path("repeated.mkv")
        try CLI.ffmpeg(["-i", folder.path("plain.mkv"), "-c", "copy", "-bsf:v", "setts=ts='if(eq(N\\,45)\\,PREV_INPTS\\,PTS)'", damaged])
        let tracked = try CLI.vtrack(["track", damaged, "--box", "40,30,40,40", "--csv", folder.path("t.csv"),
                                      "--video", folder.path("t.mp4"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        XCTAssertTrue(tracked.stderr.contains("warning: \(damaged): frame 45: its time"), tracked.stderr)
        let times = try String(contentsOfFile: folder.path("t.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
            .compactMap { Double($0.split(separator: ",")[1]) }
        XCTAssertEqual(times.count, 90)
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "CSV times increase")

        try folder.copy(damaged, to: "batch/repeated.mkv")
        try folder.write("x,y,width,height\n40,30,40,40\n", to: "batch/repeated.boxes.csv")
        let batch = try CLI.vtrack(["batch", folder.path("batch"), "--out", folder.path("out"), "--no-video"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let summary = try String(contentsOfFile: folder.path("out/summary.csv"), encoding: .utf8)
        XCTAssertTrue(summary.contains("repeated.mkv,90,"), summary)
        XCTAssertTrue(summary.contains(",ok,1,"), summary)
    }

    func testTheAnnotatedMP4KeepsTheTimesOfAVariableFrameRateClip() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("vfr.mp4")
        // Frame n is shown at n/30 + n²/7200 s: intervals grow from 33 ms to 83 ms.
        try CLI.makeClip(clip, size: "320x240", frames: 180, rate: 30,
                         extra: ["-vf", "setpts='(N/30+N*N/7200)/TB'", "-fps_mode", "vfr"])
        let tracked = try CLI.vtrack(["track", clip, "--box", "100,80,60,60", "--csv", folder.path("t.csv"),
                                      "--video", folder.path("t.mp4"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        let source = try CLI.frameTimes(of: clip), annotated = try CLI.frameTimes(of: folder.path("t.mp4"))
        XCTAssertEqual(source.count, 180)
        XCTAssertEqual(annotated.count, source.count)
        XCTAssertEqual(source[120], 120.0 / 30 + 120.0 * 120 / 7200, accuracy: 0.002)
        for (a, b) in zip(source, annotated) { XCTAssertEqual(a, b, accuracy: 0.001) }
    }

    // MARK: - Round two (issue 38)

    /// A tiny MOTChallenge folder (`set/SEQ`: a 10-frame video, seqinfo.ini, gt/gt.txt) and a tiny
    /// OTB folder (`otb/SEQ`: the same video, groundtruth_rect.txt).
    private func makeTinyDatasets(in folder: CLITemporaryFolder, seqLength: String = "10") throws {
        try CLI.makeClip(folder.path("set/SEQ/SEQ.mp4"), frames: 10)
        try folder.write("[Sequence]\nname=SEQ\nseqLength=\(seqLength)\n", to: "set/SEQ/seqinfo.ini")
        try folder.write("1,1,10,10,20,20,1,1,1\n2,1,11,10,20,20,1,1,1\n", to: "set/SEQ/gt/gt.txt")
        try folder.copy(folder.path("set/SEQ/SEQ.mp4"), to: "otb/SEQ/SEQ.mp4")
        try folder.write(String(repeating: "10,10,20,20\n", count: 10), to: "otb/SEQ/groundtruth_rect.txt")
    }

    /// A shard summary as `vtrack batch --shard I/N` writes it, for a batch of no clips.
    private func shardSummary(index: String, count: String) -> String {
        "{\"clip_list_fingerprint\":\"0-x\",\"clips\":[],\"shard_count\":\(count),\"shard_index\":\(index),\"total_clips\":0}\n"
    }

    /// Item 1 and 2: an output that is a symbolic link to an input (ground truth, a peer's results,
    /// a shard summary, any file of an installed model) is refused before any work, naming both.
    func testOutputsThroughSymbolicLinksNeverReplaceWhatTheCommandReads() throws {
        let folder = try CLITemporaryFolder()
        try makeTinyDatasets(in: folder)
        try folder.write(shardSummary(index: "0", count: "2"), to: "shards/summary.shard-0-of-2.json")
        try folder.write(shardSummary(index: "1", count: "2"), to: "shards/summary.shard-1-of-2.json")
        try folder.write("1,1,10,10,20,20,1,-1,-1,-1\n", to: "peers/mot/SEQ.txt")
        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createDirectory(atPath: FilePath.folder(of: folder.path(relative)),
                                                    withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.path(relative), withDestinationPath: target)
        }
        try link("eval1/results.json", to: folder.path("set/SEQ/gt/gt.txt"))
        try link("eval2/mot/SEQ.txt", to: "../../set/SEQ/gt/gt.txt")
        try link("eval3/results.json", to: folder.path("otb/SEQ/groundtruth_rect.txt"))
        try link("merged/summary.json", to: folder.path("shards/summary.shard-1-of-2.json"))
        let appearanceWeights = try CLIInstalledDependencies.modelFile("appearance/appearance.bin")
        let cases: [(arguments: [String], error: String)] = [
            (["eval", "--mot", folder.path("set"), "--out", folder.path("eval1")],
             "\(folder.path("eval1/results.json")): refusing to overwrite an input file (the ground truth of SEQ)"),
            (["eval", "mot", folder.path("set"), "--out", folder.path("eval2")],
             "\(folder.path("eval2/mot/SEQ.txt")): refusing to overwrite an input file (the ground truth of SEQ)"),
            (["eval", "mot", folder.path("set"), "--out", folder.path("peers"), "--compare", folder.path("peers")],
             "\(folder.path("peers/mot/SEQ.txt")): refusing to overwrite an input file (mot's results for SEQ)"),
            (["eval", "otb", folder.path("otb"), "--level", "fast", "--out", folder.path("eval3")],
             "\(folder.path("eval3/results.json")): refusing to overwrite an input file (the ground truth of SEQ)"),
            (["merge", folder.path("shards"), "--out", folder.path("merged")],
             "\(folder.path("merged/summary.json")): refusing to overwrite an input file (a shard summary)"),
            (["track", folder.path("set/SEQ/SEQ.mp4"), "--box", "10,10,20,20", "--csv", appearanceWeights],
             "\(appearanceWeights): refusing to overwrite an input file (vtrack's installed appearance model)"),
        ]
        let protected = [folder.path("set"), folder.path("otb"), folder.path("shards"), folder.path("peers"),
                         FilePath.folder(of: appearanceWeights)]
        let before = try fingerprints(under: protected)
        for (arguments, error) in cases {
            let outcome = try CLI.vtrack(arguments, timeout: 60)
            let shown = "vtrack \(arguments.joined(separator: " "))"
            XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
            XCTAssertEqual(outcome.messages, ["Error: " + error], shown)
            XCTAssertEqual(try fingerprints(under: protected), before, "\(shown): an input changed")
        }
    }

    /// Items 3 to 6: whole numbers read from files and the environment are checked against their
    /// range before any arithmetic or allocation: one line naming the file and line, or the variable.
    func testOutOfRangeNumbersInFilesAndTheEnvironmentAreOneLineNamingWhereTheyCameFrom() throws {
        let folder = try CLITemporaryFolder()
        try makeTinyDatasets(in: folder, seqLength: "4000000000")
        try folder.write(shardSummary(index: "0", count: "-1"), to: "negative/summary.shard-0-of-2.json")
        try folder.write(shardSummary(index: "0", count: "1000000000"), to: "huge/summary.shard-0-of-2.json")
        try folder.write(shardSummary(index: "0", count: "4000000"), to: "many/summary.shard-0-of-4000000.json")
        try folder.write(shardSummary(index: "1", count: "4000000"), to: "many/summary.shard-1-of-4000000.json")
        try CLI.makeClip(folder.path("clips/a.mp4"), frames: 5)
        let cases: [(arguments: [String], environment: [String: String], error: String)] = [
            (["eval", "mot", folder.path("set"), "--out", folder.path("eval")], [:],
             "\(folder.path("set/SEQ/seqinfo.ini")):3: seqLength '4000000000' is not a whole number in 1...1000000"),
            (["merge", folder.path("negative")], [:],
             "\(folder.path("negative/summary.shard-0-of-2.json")): shard_count '-1' is not a whole number in 1...4000001"),
            (["merge", folder.path("huge")], [:],
             "\(folder.path("huge/summary.shard-0-of-2.json")): shard_count '1000000000' is not a whole number in 1...4000001"),
            (["merge", folder.path("many")], [:],
             "cannot merge: missing 3999998 of 4000000 shards: summary.shard-2-of-4000000.json, summary.shard-3-of-4000000.json, "
                + "summary.shard-4-of-4000000.json, summary.shard-5-of-4000000.json, summary.shard-6-of-4000000.json, and 3999993 more"),
            (["batch", folder.path("clips"), "--out", folder.path("out")],
             ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": "2"],
             "environment variable SLURM_ARRAY_TASK_MIN '-9223372036854775808' is not a whole number in 0...4000000"),
            (["batch", folder.path("clips"), "--out", folder.path("out")],
             ["SLURM_ARRAY_TASK_ID": "99999999999999999999", "SLURM_ARRAY_TASK_COUNT": "2"],
             "environment variable SLURM_ARRAY_TASK_ID '99999999999999999999' is not a whole number in 0...4000000"),
            (["batch", folder.path("clips"), "--out", folder.path("out")], ["JOB_COMPLETION_INDEX": "0", "VTRACK_SHARD_COUNT": "0"],
             "environment variable VTRACK_SHARD_COUNT '0' is not a whole number in 1...4000001"),
        ]
        for (arguments, environment, error) in cases {
            let outcome = try CLI.vtrack(arguments, environment: environment, timeout: 20)
            let shown = "\(environment) vtrack \(arguments.joined(separator: " "))"
            XCTAssertFalse(outcome.signalled, "\(shown): signal \(outcome.status)")
            XCTAssertEqual(outcome.status, 1, "\(shown)\n\(outcome.stderr)")
            XCTAssertEqual(outcome.messages, ["Error: " + error], shown)
        }
        XCTAssertEqual(folder.files(under: "out"), [], "nothing is written")
    }

    /// Item 10: standard output that cannot be written (`> /dev/full`) is one line and exit status 1
    /// for every command that prints there, not a silent success.
    func testStandardOutputThatCannotBeWrittenIsAnError() throws {
        let folder = try CLITemporaryFolder()
        try makeTinyDatasets(in: folder)
        let clip = folder.path("set/SEQ/SEQ.mp4")
        try folder.copy(clip, to: "clips/a.mp4")
        try folder.write("x,y,width,height\n10,10,20,20\n", to: "clips/a.boxes.csv")
        let runs: [[String]] = [
            ["probe", clip],
            ["probe", clip, "--count"],
            ["track", clip, "--box", "10,10,20,20", "--csv", folder.path("out/t.csv")],
            ["batch", folder.path("clips"), "--out", folder.path("out/batch"), "--no-video"],
            ["eval", "otb", folder.path("otb"), "--level", "fast", "--out", folder.path("out/eval")],
        ]
        for arguments in runs {
            let shown = "vtrack \(arguments.joined(separator: " ")) > /dev/full"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try CLI.vtrackBinary())
            process.arguments = arguments
            process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, shown)
            XCTAssertEqual(process.terminationStatus, 1, "\(shown)\n\(message)")
            let lines = message.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Error: ") }
            XCTAssertEqual(lines, ["Error: standard output: write failed: No space left on device"], "\(shown)\n\(message)")
        }
    }

    /// Item 14: a video longer than seqinfo.ini's seqLength is scored on seqLength's frames with a
    /// warning saying so; vtrack's own results file is complete and not an error.
    func testEvalMOTOnAVideoLongerThanSeqLengthScoresItsFramesWithAWarning() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("[Sequence]\nseqLength=10\n", to: "set/P/seqinfo.ini")
        try CLI.ffmpeg(["-i", TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"), "-frames:v", "20",
                        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder.path("set/P/P.mp4")])
        try folder.write("1,1,157,138,22,55,1,1,1\n", to: "set/P/gt/gt.txt")
        let outcome = try CLI.vtrack(["eval", "mot", folder.path("set"), "--out", folder.path("eval")], timeout: 120)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.messages.contains("warning: P: the video has 20 frames, seqinfo.ini's seqLength 10; frames past 10 are not scored"),
                      outcome.stderr)
        let frames = try String(contentsOfFile: folder.path("eval/mot/P.txt"), encoding: .utf8).split(separator: "\n")
            .compactMap { Int($0.split(separator: ",")[0]) }
        XCTAssertGreaterThan(frames.max() ?? 0, 10, "the results file holds every frame tracked")
    }

    /// Item 18: a box under a pixel is not called "outside the frame"; each unusable box says why.
    func testAnUnusableBoxSaysWhyItCannotBeTracked() throws {
        let folder = try CLITemporaryFolder()
        let cases = [
            ("10,10,0.5,0.5", "box '10,10,0.5,0.5': box is smaller than a pixel (0.5x0.5); a box needs at least 1x1 pixels"),
            ("200,10,5,5", "box '200,10,5,5': box is outside the 176x144 frame"),
            ("175.5,10,5,5", "box '175.5,10,5,5': less than a pixel of the box is inside the 176x144 frame"),
        ]
        for (box, error) in cases {
            let outcome = try CLI.vtrack(["track", cliSampleClip, "--box", box, "--csv", folder.path("t.csv"), "--quiet"])
            XCTAssertEqual(outcome.status, 1, outcome.stderr)
            XCTAssertEqual(outcome.messages, ["Error: \(cliSampleClip): \(error)"])
        }
        XCTAssertEqual(folder.files(under: "."), [], "nothing is written")
    }

    /// Item 8: a clip whose picture size changes mid-stream (480x360, then 240x180) is tracked as
    /// players show it, every frame scaled to the first frame's size, with a warning naming the clip
    /// and the frame; the boxes stay on the object in the first frame's pixels, CSV-only or not.
    func testAClipWhoseSizeChangesMidStreamIsScaledToItsFirstFramesSize() throws {
        let folder = try CLITemporaryFolder()
        // A grey picture with a white square holding a black one: 80x80 at (200,140), halved in the second part.
        func segment(_ name: String, size: String, scale: Int) throws {
            let outer = [200, 140, 80, 80].map { $0 / scale }, inner = [220, 160, 40, 40].map { $0 / scale }
            let boxes = "drawbox=x=\(outer[0]):y=\(outer[1]):w=\(outer[2]):h=\(outer[3]):color=white:t=fill,"
                + "drawbox=x=\(inner[0]):y=\(inner[1]):w=\(inner[2]):h=\(inner[3]):color=black:t=fill"
            try CLI.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=\(size):rate=20,\(boxes)", "-frames:v", "20",
                            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder.path(name)])
        }
        try segment("a.ts", size: "480x360", scale: 1)
        try segment("b.ts", size: "240x180", scale: 2)
        let clip = folder.path("in/sizes.mp4")
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: true)
        try CLI.ffmpeg(["-i", "concat:\(folder.path("a.ts"))|\(folder.path("b.ts"))", "-c", "copy", clip])
        let before = try fingerprints(under: [folder.path("in")])
        let warning = "warning: \(clip): frame 20: the picture size changes to 240x180; scaled to the first frame's 480x360, as players show it"
        for video in [false, true] {
            let csv = folder.path("out/\(video).csv")
            let outcome = try CLI.vtrack(["track", clip, "--box", "200,140,80,80", "--csv", csv, "--quiet"]
                                         + (video ? ["--video", folder.path("out/t.mp4")] : []))
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            XCTAssertEqual(outcome.messages, [warning])
            let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").dropFirst()
                .map { $0.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) ?? .nan } }
            XCTAssertEqual(rows.map { Int($0[0]) }, Array(0..<40))
            for row in rows {
                XCTAssertEqual(row[4], 200, accuracy: 4, "frame \(row[0]): x")
                XCTAssertEqual(row[5], 140, accuracy: 4, "frame \(row[0]): y")
                XCTAssertEqual(row[6], 80, accuracy: 8, "frame \(row[0]): width")
            }
        }
        XCTAssertEqual(try CLI.frameTimes(of: folder.path("out/t.mp4")).count, 40, "the annotated MP4 has every frame")
        XCTAssertEqual(try fingerprints(under: [folder.path("in")]), before)
    }

    /// Item 9: an image sequence with a missing number (0001, 0002, 0005) is refused with one line
    /// naming the missing picture, before anything is written; a sequence without a gap is read whole.
    func testAnImageSequenceWithAMissingNumberIsOneLineNamingTheMissingPicture() throws {
        let folder = try CLITemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("seq"), withIntermediateDirectories: true)
        try CLI.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=20", "-frames:v", "5", "-start_number", "1",
                        folder.path("seq/%04d.png")])
        try folder.copy(folder.path("seq/0001.png"), to: "whole/0001.png")
        try folder.copy(folder.path("seq/0002.png"), to: "whole/0002.png")
        for number in ["0003", "0004"] { try FileManager.default.removeItem(atPath: folder.path("seq/\(number).png")) }
        let pattern = folder.path("seq/%04d.png"), out = folder.path("out")
        let error = "Error: \(pattern): \(folder.path("seq/0003.png")) is missing but the sequence goes on at "
            + "\(folder.path("seq/0005.png")) (FFmpeg would stop at the gap); number the pictures without gaps"
        let before = try fingerprints(under: [folder.path("seq")])
        for arguments in [["track", pattern, "--box", "40,30,40,40", "--out", out, "--quiet"],
                          ["detect", pattern, "--detector", "haar-face", "--csv", out + "/d.csv", "--quiet"],
                          ["register", pattern, "--csv", out + "/r.csv", "--quiet"],
                          ["probe", pattern]] {
            let outcome = try CLI.vtrack(arguments)
            XCTAssertEqual(outcome.status, 1, "\(arguments)\n\(outcome.stderr)")
            XCTAssertEqual(outcome.messages, [error], "\(arguments)")
        }
        XCTAssertEqual(folder.files(under: "out"), [], "nothing is written")
        XCTAssertEqual(try fingerprints(under: [folder.path("seq")]), before)
        let whole = try CLI.vtrack(["track", folder.path("whole/%04d.png"), "--box", "40,30,40,40", "--csv", out + "/w.csv", "--quiet"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try String(contentsOfFile: out + "/w.csv", encoding: .utf8).split(separator: "\n").count, 3)
    }

    /// Item 13: an appearance network that is installed but unusable is one line naming its file;
    /// only a missing runtime means "no appearance cue".
    func testABrokenAppearanceNetworkIsOneLineNamingItsFile() throws {
        let folder = try CLITemporaryFolder()
        let installed = try CLIInstalledDependencies.modelFile("appearance/appearance.bin")
        let deps = try CLIInstalledDependencies.copy(in: folder, replacing: "appearance", with: [
            "appearance.xml": try Data(contentsOf: URL(fileURLWithPath: try CLIInstalledDependencies.modelFile("appearance/appearance.xml"))),
            "appearance.bin": try Data(contentsOf: URL(fileURLWithPath: installed)).prefix(1000),
        ])
        let arguments = ["track", cliSampleClip, "--box", "60,30,50,60", "--csv", folder.path("t.csv"), "--quiet"]
        let broken = try CLI.vtrack(arguments, environment: ["VTRACK_DEPS": deps, "VTRACK_CACHE": ""])
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertEqual(broken.messages.count, 1, broken.stderr)
        XCTAssertTrue(broken.messages.first?.hasPrefix("Error: \(deps)/models/appearance/appearance.bin: damaged or replaced: SHA-256 ") ?? false,
                      broken.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("t.csv")))

        let noRuntime = try CLI.vtrack(arguments, environment: ["VTRACK_DEPS": folder.path("nothing-installed")])
        XCTAssertEqual(noRuntime.status, 0, noRuntime.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("t.csv")))
    }

    /// Item 19: a damaged person model (the default detector's or SSDLite's) is one line naming it,
    /// without the model reader's own TensorFlow/absl log lines before it.
    func testADamagedPersonModelIsOneLineWithoutTheReadersLog() throws {
        for (detector, model, file) in [("person", "person-detection", "person-detection-0202.xml"),
                                        ("person-ssdlite", "person", "frozen_inference_graph.pb")] {
            let folder = try CLITemporaryFolder()
            _ = try CLIInstalledDependencies.modelFile(model + "/" + file)
            let deps = try CLIInstalledDependencies.copy(in: folder, replacing: model, with: [file: Data("garbage\n".utf8)])
            for command in ["detect", "track"] {
                let outcome = try CLI.vtrack([command, cliSampleClip, "--detector", detector, "--csv", folder.path("p.csv"), "--quiet"],
                                             environment: ["VTRACK_DEPS": deps, "VTRACK_CACHE": ""])
                XCTAssertEqual(outcome.status, 1, outcome.stderr)
                XCTAssertEqual(outcome.stderr.split(whereSeparator: \.isNewline).count, 1, outcome.stderr)
                XCTAssertTrue(outcome.stderr.hasPrefix("Error: \(deps)/models/\(model)/\(file): damaged or replaced: SHA-256 "),
                              outcome.stderr)
            }
        }
    }

    /// Item 7: the person detector's work does not grow with the frame's aspect ratio: two frames
    /// of 8000x16 or 16x8000 take seconds, as two of 480x360 do (minutes before).
    func testThePersonDetectorOnAVeryLongOrTallFrameTakesSeconds() throws {
        _ = try CLIInstalledDependencies.modelFile("person/frozen_inference_graph.pb")
        let folder = try CLITemporaryFolder()
        for size in ["8000x16", "16x8000"] {
            let clip = folder.path("\(size).mp4")
            try CLI.makeClip(clip, size: size, frames: 2)
            for arguments in [["detect", clip, "--detector", "person", "--csv", folder.path("d.csv"), "--quiet"],
                              ["track", clip, "--detector", "person", "--csv", folder.path("t.csv"), "--quiet"]] {
                let started = Date()
                let outcome = try CLI.vtrack(arguments, timeout: 30)
                XCTAssertEqual(outcome.status, 0, "\(arguments)\n\(outcome.stderr)")
                XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(arguments)")
            }
        }
    }

    // MARK: - Cases

    /// The files the cases read; every one of them must be left as it was.
    private struct Inputs {
        let model: String, classNames: String, tracks: String, manifest: String
    }

    private func makeInputs(in folder: CLITemporaryFolder, clip: String) throws -> Inputs {
        try folder.write("not really a model", to: "in/model.onnx")
        try folder.write("person\n", to: "in/names.txt")
        try folder.write("frame,track_id,label,x,y,width,height\n0,1,\"two\nlines, \"\"quoted\"\"\",40,30,40,40\n1,1,é✓,41,30,40,40\n",
                         to: "in/tracks.csv")
        try folder.write("clip,x,y,width,height\ngood.mp4,40,30,40,40\n", to: "guarded/summary.csv")
        try folder.copy(clip, to: "in/long-\(String(repeating: "n", count: 240)).mp4")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/link.mp4"), withDestinationPath: clip)
        try FileManager.default.linkItem(atPath: clip, toPath: folder.path("in/hard.mp4"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("inlink"), withDestinationPath: folder.path("in"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/nul"), withDestinationPath: "/dev/null")
        try FileManager.default.createDirectory(atPath: folder.path("in/sub"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.path("in/fifo"), 0o644), 0)
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        return Inputs(model: folder.path("in/model.onnx"), classNames: folder.path("in/names.txt"),
                      tracks: folder.path("in/tracks.csv"), manifest: folder.path("guarded/summary.csv"))
    }

    /// Truncations at several lengths and copies with seeded byte flips.
    private func damagedClips(of clip: String, in folder: CLITemporaryFolder) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: clip))
        var paths: [String] = []
        for (index, fraction) in [0.0, 0.002, 0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99].enumerated() {
            try folder.write(data.prefix(Int(Double(data.count) * fraction)), to: "in/cut\(index).mp4")
            paths.append(folder.path("in/cut\(index).mp4"))
        }
        for seed in 1...16 {
            var generator = CLISeededGenerator(seed: UInt64(seed))
            var bytes = [UInt8](data)
            for _ in 0..<(4 * seed) { bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator) }
            try folder.write(Data(bytes), to: "in/flip\(seed).mp4")
            paths.append(folder.path("in/flip\(seed).mp4"))
        }
        return paths
    }

    private func damagedClipCases(folder: CLITemporaryFolder, clips: [String]) -> [Case] {
        clips.enumerated().flatMap { index, clip -> [Case] in
            let out = folder.path("out/damaged\(index)")
            return [
                Case(arguments: ["track", clip, "--box", "40,30,40,40", "--out", out, "--quiet"], expectation: .succeedsOrFailsNaming(clip)),
                Case(arguments: ["register", clip, "--csv", out + "/r.csv", "--quiet"], expectation: .succeedsOrFailsNaming(clip)),
                Case(arguments: ["detect", clip, "--detector", "haar-face", "--csv", out + "/d.csv", "--quiet"],
                     expectation: .succeedsOrFailsNaming(clip)),
                Case(arguments: ["probe", clip], expectation: .succeedsOrFailsNaming(clip)),
            ]
        }
    }

    private func hostileOutputCases(folder: CLITemporaryFolder, clip: String, inputs: Inputs) -> [Case] {
        let track = ["track", clip, "--box", "40,30,40,40", "--quiet"]
        let out = folder.path("out")
        let longName = String(repeating: "x", count: 300) + ".csv"
        return [
            Case(arguments: track + ["--csv", clip], expectation: .failsNaming("\(clip): refusing to overwrite an input file (the clip)")),
            Case(arguments: track + ["--csv", out + "/a.csv", "--mot", clip], expectation: .failsNaming("refusing to overwrite an input file (the clip)")),
            Case(arguments: track + ["--jsonl", folder.path("in/link.mp4")], expectation: .failsNaming("(the clip)")),
            Case(arguments: track + ["--video", folder.path("in/hard.mp4")], expectation: .failsNaming("(the clip)")),
            Case(arguments: track + ["--csv", folder.path("in/sub/../good.mp4")], expectation: .failsNaming("(the clip)")),
            Case(arguments: track + ["--csv", folder.path("inlink/good.mp4")], expectation: .failsNaming("(the clip)")),
            Case(arguments: track + ["--detector", inputs.model, "--csv", inputs.model], expectation: .failsNaming("(the model)")),
            Case(arguments: track + ["--detector", inputs.model, "--class-names", inputs.classNames, "--csv", out + "/b.csv",
                                     "--mot", inputs.classNames], expectation: .failsNaming("(the class-names file)")),
            Case(arguments: ["register", clip, "--csv", clip], expectation: .failsNaming("(the clip)")),
            Case(arguments: ["detect", clip, "--detector", "haar-face", "--csv", clip], expectation: .failsNaming("(the clip)")),
            Case(arguments: ["detect", clip, "--detector", inputs.model, "--csv", inputs.model], expectation: .failsNaming("(the model)")),
            Case(arguments: ["render", clip, "--tracks", inputs.tracks, "--video", clip], expectation: .failsNaming("(the clip)")),
            Case(arguments: ["render", clip, "--tracks", inputs.tracks, "--video", folder.path("in/link.mp4")], expectation: .failsNaming("(the clip)")),
            Case(arguments: ["synth", out + "/s.mp4", "--ground-truth", out + "/s.mp4", "--frames", "5"],
                 expectation: .failsNaming("given for two outputs (MP4 and ground truth)")),
            Case(arguments: ["batch", folder.path("in"), "--out", folder.path("guarded"), "--manifest", inputs.manifest],
                 expectation: .failsNaming("(the manifest)")),
            Case(arguments: track + ["--csv", ""], expectation: .failsNaming("the CSV output's path is empty")),
            Case(arguments: track + ["--video", "-"], expectation: .failsNaming("-: cannot write the MP4 there")),
            Case(arguments: track + ["--csv", "-", "--mot", "-"], expectation: .failsNaming("-: given for two outputs")),
            Case(arguments: track + ["--csv", out + "/" + longName], expectation: .failsNaming("the file name is 304 bytes long")),
            Case(arguments: track + ["--csv", out], expectation: .failsNaming("\(out): cannot write the CSV there: it is a folder")),
            Case(arguments: track + ["--csv", out + "/"], expectation: .failsNaming("it names a folder")),
            Case(arguments: track + ["--video", folder.path("in/nul")], expectation: .failsNaming("the MP4 needs a regular file")),
            Case(arguments: track + ["--csv", "/dev/full"], expectation: .failsNaming("/dev/full: write failed: No space left on device")),
            Case(arguments: track + ["--csv", "x"], expectation: .succeeds),
            Case(arguments: track + ["--csv", "-"], expectation: .succeeds),
            Case(arguments: track + ["--csv", folder.path("in/nul"), "--mot", "-", "--jsonl", out + "/c.jsonl"], expectation: .succeeds),
            Case(arguments: ["register", clip, "--csv", "-"], expectation: .succeeds),
            Case(arguments: ["render", clip, "--tracks", inputs.tracks, "--video", out + "/rendered.mp4", "--quiet"], expectation: .succeeds),
            Case(arguments: ["track", folder.path("in/long-\(String(repeating: "n", count: 240)).mp4"), "--box", "40,30,40,40",
                             "--out", out + "/long", "--quiet"], expectation: .succeeds),
        ]
    }

    private func oddInputCases(folder: CLITemporaryFolder, clip: String) -> [Case] {
        let out = folder.path("out/odd")
        func track(_ input: String) -> [String] { ["track", input, "--box", "40,30,40,40", "--out", out, "--quiet"] }
        return [
            Case(arguments: track(folder.path("in/fifo")), expectation: .failsNaming("is a FIFO (named pipe), not a video file")),
            Case(arguments: track("/dev/zero"), expectation: .failsNaming("/dev/zero: is a device")),
            Case(arguments: track(folder.path("in")), expectation: .failsNaming("is a folder, not a video file")),
            Case(arguments: track("http://127.0.0.1:9/x.mp4"), expectation: .failsNaming("http://127.0.0.1:9/x.mp4: file not found")),
            Case(arguments: track("concat:\(clip)|\(clip)"), expectation: .failsNaming("file not found")),
            Case(arguments: track("file:\(clip)"), expectation: .failsNaming("file not found")),
            Case(arguments: track(folder.path("in/missing.mp4")), expectation: .failsNaming("missing.mp4: file not found")),
            Case(arguments: track(folder.path("in/tracks.csv")), expectation: .failsNaming("tracks.csv: not a video file")),
            Case(arguments: ["probe", folder.path("in/fifo")], expectation: .failsNaming("is a FIFO")),
        ]
    }

    // MARK: - Checks

    private func assertOneLineError(_ lines: [Substring], naming name: String, _ shown: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines.count, 1, "\(shown): \(lines.joined(separator: "\n"))", file: file, line: line)
        XCTAssertTrue(lines.first?.hasPrefix("Error: ") ?? false, "\(shown): \(lines.joined(separator: "\n"))", file: file, line: line)
        XCTAssertTrue(lines.first?.contains(name) ?? false, "\(shown): expected '\(name)' in \(lines.joined(separator: "\n"))",
                      file: file, line: line)
    }

    /// Size and 64-bit FNV-1a hash of every regular file, and the type under the folders (symbolic links by their target's path).
    private func fingerprints(under folders: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let item = walker.nextObject() as? String {
                let path = FilePath.joining(folder, item)
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    result[path] = "link to " + target
                } else if fileType(path) == S_IFREG {
                    let data = try Data(contentsOf: URL(fileURLWithPath: path))
                    let hash = data.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
                    result[path] = "\(data.count) bytes, \(String(hash, radix: 16))"
                } else {
                    result[path] = "type \(fileType(path))"
                }
            }
        }
        return result
    }

    private func partialFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            if item.contains(".partial") { found.append(item) }
        }
        return found
    }

    private func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

}
