import Files
import Foundation
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// `vtrack batch` over a folder of damaged clips and bad box files: every bad clip becomes a failed
/// summary entry naming the file and the reason, the good ones complete, the exit status is 2, and
/// nothing crashes.
final class CLIBatchRobustnessTests: XCTestCase {
    private let box = "frame,label,x,y,width,height\n0,thing,40,30,40,40\n"

    func testDamagedClipsAndBadSidecars() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("in/good.mp4"))
        try CLI.makeClip(folder.path("src/fast.mp4"), extra: ["-movflags", "+faststart"])
        try CLI.makeClip(folder.path("in/odd size.mkv"), size: "175x143", frames: 12, extra: ["-pix_fmt", "yuv444p"])
        try CLI.makeClip(folder.path("in/large.mp4"), size: "3840x2160", frames: 4, rate: 25)
        try CLI.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", folder.path("in/audio-only.mp4")])
        let good = try folder.data("in/good.mp4"), fast = try folder.data("src/fast.mp4")

        var expected: [String: (BatchClipStatus, String)] = [
            "good.mp4": (.ok, ""), "odd size.mkv": (.ok, ""), "large.mp4": (.ok, ""),
            "audio-only.mp4": (.failed, "audio-only.mp4: no video stream"),
        ]
        try folder.write(Data(), to: "in/zero.mp4")
        try folder.write("just text\n", to: "in/text.mp4")
        expected["zero.mp4"] = (.failed, "zero.mp4: not a video file")
        expected["text.mp4"] = (.failed, "text.mp4: not a video file")
        for cut in [16, 1000, good.count / 3, good.count * 2 / 3, good.count * 98 / 100] {
            try folder.write(good.prefix(cut), to: "in/truncated/index-last-\(cut).mp4")
            expected["truncated/index-last-\(cut).mp4"] = (.failed, "index-last-\(cut).mp4: not a video file")
        }
        for percent in [40, 80] {
            try folder.write(fast.prefix(fast.count * percent / 100), to: "in/truncated/index-first-\(percent).mp4")
            expected["truncated/index-first-\(percent).mp4"] = (.ok, "")
        }
        var rng = CLISeededGenerator(seed: 42)
        var scrambled = [UInt8](good)
        for _ in 0..<400 { scrambled[Int.random(in: 48..<scrambled.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
        try folder.write(Data(scrambled), to: "in/scrambled.mp4")
        expected["scrambled.mp4"] = (.ok, "")
        for name in expected.keys {
            try folder.write(box, to: "in/" + FilePath.removingExtension(of: name) + ".boxes.csv")
        }

        let badBoxes: [(String, String, BatchClipStatus, String)] = [
            ("missing-field", "x,y,width,height\n1,2,30\n", .failed, "missing-field.boxes.csv: line 2: height is missing"),
            ("nan", "x,y,width,height\nNaN,2,30,30\n", .failed, "nan.boxes.csv: line 2: x 'NaN' is not a finite number"),
            ("negative-size", "x,y,width,height\n10,10,-30,30\n", .failed, "line 2: width and height must be positive"),
            ("zero-size", "x,y,width,height\n10,10,0,30\n", .failed, "line 2: width and height must be positive"),
            ("outside", "x,y,width,height\n500,500,30,30\n", .failed, "outside the 160x120 frame"),
            ("partly-outside", "x,y,width,height\n-10,-10,40,40\n", .ok, ""),
            ("seventeen", "x,y,width,height\n" + (0..<17).map { "\($0 * 9),5,8,8\n" }.joined(), .failed, "17 boxes given, at most 16"),
            ("two-frames", "frame,x,y,width,height\n0,1,1,9,9\n5,1,1,9,9\n", .failed, "boxes on different frames (0, 5)"),
            ("past-end", "frame,x,y,width,height\n400,1,1,9,9\n", .failed, "start frame 400 is past the end of the clip (40 frames)"),
            ("not-utf8", "", .failed, "not UTF-8 text"),
        ]
        for (name, sidecar, status, reason) in badBoxes {
            try folder.write(good, to: "in/boxes/\(name).mp4")
            if name == "not-utf8" {
                try folder.write(Data([0x78, 0x2C, 0xFF, 0xFE, 0x0A]), to: "in/boxes/\(name).boxes.csv")
            } else {
                try folder.write(sidecar, to: "in/boxes/\(name).boxes.csv")
            }
            expected["boxes/\(name).mp4"] = (status, reason)
        }
        try folder.write(good, to: "in/boxes/bad-json.mp4")
        try folder.write(#"[{"x": 1, "y": 2, "width": "wide", "height": 4}]"#, to: "in/boxes/bad-json.boxes.json")
        expected["boxes/bad-json.mp4"] = (.failed, "bad-json.boxes.json: item 1: width is not a number")
        try folder.write(good, to: "in/no-boxes.mp4")
        expected["no-boxes.mp4"] = (.skipped, "no boxes")

        let outcome = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out"), "--jobs", "2", "--level", "fast"], timeout: 180)
        XCTAssertFalse(outcome.signalled, "vtrack crashed (signal \(outcome.status)): \(outcome.stderr)")
        XCTAssertEqual(outcome.status, 2, "some clips failed: exit status 2\n\(outcome.stderr)")
        XCTAssertTrue(outcome.stdout.contains("failed"), outcome.stdout)

        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(Set(summary.clips.map(\.clip)), Set(expected.keys))
        for result in summary.clips {
            guard let (status, reason) = expected[result.clip] else { continue }
            if result.clip == "scrambled.mp4" {
                XCTAssertTrue(result.status == .ok || result.error.contains("scrambled.mp4"), "\(result)")
                continue
            }
            XCTAssertEqual(result.status, status, "\(result.clip): \(result.error)")
            if reason.isEmpty {
                XCTAssertEqual(result.error, "", result.clip)
            } else {
                XCTAssertTrue(result.error.contains(reason), "\(result.clip): '\(result.error)' should contain '\(reason)'")
            }
            XCTAssertFalse(result.error.contains("\n"))
            if result.status == .ok {
                let records = try TrackCSV.read(path: folder.path("out/" + result.outputs[0]))
                XCTAssertEqual(records.count, result.frames * result.tracks, result.clip)
                let video = try VideoReader(path: folder.path("out/" + result.outputs[1]))
                var frames = 0
                while try video.nextFrame() != nil { frames += 1 }
                XCTAssertEqual(frames, result.frames, result.clip)
            }
        }
        XCTAssertEqual(summary.clips.first { $0.clip == "large.mp4" }?.frames, 4)
        let odd = try TrackCSV.read(path: folder.path("out/odd_size.csv"))
        XCTAssertTrue(odd.allSatisfy { $0.box.maxX <= 175.0001 && $0.box.maxY <= 143.0001 })
        let cut = try XCTUnwrap(summary.clips.first { $0.clip == "truncated/index-first-40.mp4" })
        XCTAssertLessThan(cut.frames, 40)
        XCTAssertFalse(cut.decoderWarnings.isEmpty, "a clip cut short is reported in the summary")
        let summaryCSV = try String(contentsOfFile: folder.path("out/summary.csv"), encoding: .utf8)
        XCTAssertEqual(summaryCSV.split(separator: "\n").count, expected.count + 1)
    }

    func testManifestRowsWithProblemsFailOnlyTheirClips() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("in/a.mp4"), frames: 10)
        try folder.copy(folder.path("in/a.mp4"), to: "in/b.mp4")
        try folder.copy(folder.path("in/a.mp4"), to: "in/c.mp4")
        try folder.write("""
            clip,frame,label,x,y,width,height
            a.mp4,0,ok,40,30,40,40
            b.mp4,0,bad,40,30,,40
            c.mp4,0,bad,-1e400,30,40,40
            gone.mp4,0,x,1,1,5,5
            """, to: "manifest.csv")
        let outcome = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out"), "--manifest", folder.path("manifest.csv"),
                                      "--no-video", "--level", "fast"])
        XCTAssertFalse(outcome.signalled)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .failed, .failed, .failed])
        XCTAssertTrue(summary.clips[1].error.contains("manifest.csv: line 3: width is missing"), summary.clips[1].error)
        XCTAssertTrue(summary.clips[2].error.contains("manifest.csv: line 4: x '-1e400' is not a finite number"), summary.clips[2].error)
        XCTAssertTrue(summary.clips[3].error.contains("names gone.mp4, but there is no such"), summary.clips[3].error)
        XCTAssertEqual(folder.files(under: "out").filter(isNotAStill), [".vtrack-batch.lock", "a.csv", "a.done.json", "a.html", "a.thumb.png", "index.html",
                                                    "summary.csv", "summary.json"])

        let badManifest = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out2"), "--manifest", folder.path("missing.csv")])
        XCTAssertEqual(badManifest.status, 1)
        XCTAssertTrue(badManifest.messages.contains { $0.hasPrefix("Error: \(folder.path("missing.csv"))") }, badManifest.stderr)
    }

    /// Issue 38, item 11: clips whose input folder disappears while the batch runs fail, naming the
    /// missing clip, with exit status 2; they are not "skipped: no boxes" with status 0.
    func testClipsWhoseFolderDisappearsMidRunFail() throws {
        let clips = ["a", "b", "c", "d", "e"]
        let (folder, process) = try startBatchAndWaitForItsFirstClip(clips)
        try FileManager.default.removeItem(atPath: folder.path("in"))
        let outcome = CLI.outcome(of: process, logFolder: folder.path("logs"))
        XCTAssertFalse(outcome.signalled, outcome.stderr)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(summary.clips.map(\.clip), clips.map { "\($0).mp4" })
        XCTAssertEqual(summary.clips.first?.status, .ok)
        XCTAssertFalse(summary.clips.contains { $0.status == .skipped }, "\(summary.clips.map(\.error))")
        let failed = summary.clips.filter { $0.status == .failed }
        XCTAssertGreaterThanOrEqual(failed.count, 2, "the folder was removed after the first clip")
        for result in failed {
            XCTAssertTrue(result.error.contains(folder.path("in/\(result.clip)")) && result.error.contains("file not found"), result.error)
        }
    }

    /// A clip whose boxes sidecar is removed while the batch runs fails, naming the sidecar; it is
    /// not "skipped: no boxes" (removing a folder deletes a clip's sidecar before the clip itself).
    func testClipsWhoseSidecarDisappearsMidRunFail() throws {
        let (folder, process) = try startBatchAndWaitForItsFirstClip(["a", "b", "c"])
        try FileManager.default.removeItem(atPath: folder.path("in/c.boxes.csv"))
        let outcome = CLI.outcome(of: process, logFolder: folder.path("logs"))
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .ok, .failed], "\(summary.clips.map(\.error))")
        let error = summary.clips[2].error
        XCTAssertTrue(error.contains(folder.path("in/c.boxes.csv")) && error.contains("file not found"), error)
    }

    /// Starts a one-job batch over 150-frame clips named `clips`, each with a boxes sidecar, and
    /// returns once its first clip is done (or after a minute, or when it ended).
    private func startBatchAndWaitForItsFirstClip(_ clips: [String]) throws -> (CLITemporaryFolder, Process) {
        let folder = try CLITemporaryFolder()
        for name in clips {
            try CLI.makeClip(folder.path("in/\(name).mp4"), size: "640x360", frames: 150, rate: 30)
            try folder.write(box, to: "in/\(name).boxes.csv")
        }
        let process = try CLI.startVtrack(["batch", folder.path("in"), "--out", folder.path("out"), "--jobs", "1", "--no-video"],
                                          logFolder: folder.path("logs"))
        let deadline = Date().addingTimeInterval(60)
        while folder.files(under: "out").filter({ $0.hasSuffix(".done.json") }).isEmpty, process.isRunning, Date() < deadline {
            usleep(5_000)
        }
        return (folder, process)
    }

    func testBatchRefusesOutputFolderEqualToInput() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("in/a.mp4"), frames: 5)
        try folder.write(box, to: "in/a.boxes.csv")
        let before = try folder.data("in/a.mp4")
        let outcome = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("in/.")])
        XCTAssertFalse(outcome.signalled)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("the output folder is the input folder"), outcome.stderr)
        XCTAssertEqual(try folder.data("in/a.mp4"), before)
        XCTAssertEqual(folder.files(under: "in"), ["a.boxes.csv", "a.mp4"])
    }
}
