import Files
import Foundation
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// A batch killed with SIGKILL part-way leaves only complete files under final names, and running it
/// again finishes exactly the clips that were not done.
final class CLIBatchResumeTests: XCTestCase {
    func testKilledBatchResumesAndLeavesNoHalfWrittenFile() throws {
        let folder = try CLITemporaryFolder()
        let clips = (1...8).map { String(format: "clip%02d.mp4", $0) }
        for clip in clips {
            try folder.copy(cliSampleClip, to: "in/" + clip)
            try folder.write("x,y,width,height\n60,30,50,60\n", to: "in/" + FilePath.removingExtension(of: clip) + ".boxes.csv")
        }
        let arguments = ["batch", folder.path("in"), "--out", folder.path("out"), "--jobs", "1", "--level", "fast"]
        let first = try CLI.startVtrack(arguments, logFolder: folder.root)
        let deadline = Date().addingTimeInterval(120)
        while markers(in: folder).isEmpty && first.isRunning && Date() < deadline { usleep(5_000) }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        XCTAssertEqual(first.terminationReason, .uncaughtSignal, "the batch should have been killed, not have finished")
        let doneBeforeRerun = markers(in: folder)
        XCTAssertGreaterThan(doneBeforeRerun.count, 0)
        XCTAssertLessThan(doneBeforeRerun.count, clips.count, "killed midway")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/summary.json")))
        try checkFinalFilesAreWhole(in: folder)

        let second = try CLI.vtrack(arguments, timeout: 180)
        XCTAssertFalse(second.signalled)
        XCTAssertEqual(second.status, 0, second.stderr)
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(summary.clips.map(\.clip), clips)
        for result in summary.clips {
            let wasDone = doneBeforeRerun.contains(FilePath.removingExtension(of: result.clip) + ".done.json")
            XCTAssertEqual(result.status, wasDone ? .skipped : .ok, result.clip)
            XCTAssertEqual(result.frames, 120, result.clip)
        }
        try checkFinalFilesAreWhole(in: folder)
        let names = folder.files(under: "out").filter(isNotAStill)
        XCTAssertEqual(names, (clips.flatMap { clip -> [String] in
            let stem = FilePath.removingExtension(of: clip)
            return [stem + ".csv", stem + ".done.json", stem + ".html", stem + ".mp4", stem + ".thumb.png"]
        } + [".vtrack-batch.lock", "index.html", "summary.csv", "summary.json"]).sorted(), "every clip complete, no temporary file left")
        // The index, written by the second run, lists the clips the first run finished too, each done with its object.
        let index = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        for clip in clips {
            let stem = FilePath.removingExtension(of: clip)
            XCTAssertTrue(index.contains(#"<td class="name"><a href="\#(stem).html">\#(clip)</a>"#), "\(clip) is listed with its page")
        }
        XCTAssertEqual(index.components(separatedBy: #"<td class="status status-done">done</td>"#).count - 1, clips.count)
        XCTAssertEqual(index.components(separatedBy: #"<div class="object" data-track="1""#).count - 1, clips.count)
    }

    /// Issue 38, item 12: a clip is complete only for the detector files it was tracked with: a
    /// changed --class-names file or model (same names) tracks it again.
    func testARerunTracksAgainAfterTheClassNamesFileOrTheModelChanged() throws {
        let folder = try CLITemporaryFolder()
        let model = folder.path("model.onnx"), names = folder.path("names.txt")
        try makeYOLOModel(model, extra: [])
        try folder.write("person\ncar\ndog\n", to: "names.txt")
        try folder.copy(cliSampleClip, to: "in/clip.mp4")
        let arguments = ["batch", folder.path("in"), "--out", folder.path("out"), "--no-video",
                         "--detector", model, "--class-names", names]
        func rerun(_ expected: BatchClipStatus, labels: Set<String>, _ shown: String) throws {
            let outcome = try CLI.vtrack(arguments, timeout: 120)
            XCTAssertEqual(outcome.status, 0, "\(shown): \(outcome.stderr)")
            let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
            XCTAssertEqual(summary.clips.map(\.status), [expected], shown)
            XCTAssertEqual(Set(try TrackCSV.read(path: folder.path("out/clip.csv")).map(\.label)), labels, shown)
        }
        try rerun(.ok, labels: ["person", "car"], "first run")
        try rerun(.skipped, labels: ["person", "car"], "nothing changed")
        try folder.write("human\nauto\nhound\n", to: "names.txt")
        try rerun(.ok, labels: ["human", "auto"], "class names changed")
        try rerun(.skipped, labels: ["human", "auto"], "nothing changed since")
        // The same model with its person a car: the same size and name, other contents.
        try makeYOLOModel(model, extra: ["--first-class", "1"])
        try rerun(.ok, labels: ["auto"], "model changed")
        try rerun(.skipped, labels: ["auto"], "nothing changed since")
    }

    /// Writes the constant test detector of `Tests/NeuralDetectionTests/Fixtures/make_yolo_onnx.py`;
    /// a skip without python3's onnx package or vtrack's neural runtime.
    private func makeYOLOModel(_ path: String, extra: [String]) throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let runtime = tests.deletingLastPathComponent().appendingPathComponent(".deps/openvino").path
        guard FileManager.default.fileExists(atPath: runtime) else { throw XCTSkip("vtrack's neural runtime is not installed: \(runtime)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tests.appendingPathComponent("NeuralDetectionTests/Fixtures/make_yolo_onnx.py").path, "v8", path] + extra
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("cannot run python3: \(error)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("python3 with the onnx package is not available") }
    }

    private func markers(in folder: CLITemporaryFolder) -> [String] {
        folder.files(under: "out").filter { $0.hasSuffix(".done.json") }
    }

    /// Every CSV and MP4 under its final name is complete: all 120 frames.
    private func checkFinalFilesAreWhole(in folder: CLITemporaryFolder) throws {
        for name in folder.files(under: "out") where !name.hasPrefix(".") {
            let path = folder.path("out/" + name)
            if name.hasSuffix(".csv") && !name.hasPrefix("summary") {
                XCTAssertEqual(try TrackCSV.read(path: path).map(\.frame), Array(0..<120), name)
            } else if name.hasSuffix(".mp4") {
                let reader = try VideoReader(path: path)
                var frames = 0
                while try reader.nextFrame() != nil { frames += 1 }
                XCTAssertEqual(frames, 120, name)
                XCTAssertTrue(reader.warnings.isEmpty, "\(name): \(reader.warnings)")
            }
        }
    }
}
