import Foundation
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// Runs real batches over copies of the bundled 120-frame sample clip.
final class BatchRunnerTests: XCTestCase {
    private let faceBox = "frame,label,x,y,width,height\n,face,60,30,50,60\n"

    private func makeInput(_ folder: BatchTemporaryFolder) throws {
        try folder.copy(batchSmallClip, to: "in/a.mp4")
        try folder.write(faceBox, to: "in/a.boxes.csv")
        try folder.copy(batchSmallClip, to: "in/sub dir/b.MOV")
        try folder.write(#"[{"label":"face","x":60,"y":30,"width":50,"height":60,"frame":100},{"x":0,"y":0,"width":30,"height":30,"frame":100}]"#,
                         to: "in/sub dir/b.boxes.json")
        try folder.copy(batchSmallClip, to: "in/nobox.mkv")
        try folder.write("not a video\n", to: "in/broken.mp4")
        try folder.write(faceBox, to: "in/broken.boxes.csv")
        try folder.write("ignored", to: "in/notes.txt")
        try folder.copy(batchSmallClip, to: "in/.hidden.mp4")
    }

    func testRunTracksEachClipAndRerunSkipsCompleteOnes() throws {
        let folder = try BatchTemporaryFolder()
        try makeInput(folder)
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("in/out"), jobs: 2)
        configuration.options.level = .fast
        let runner = try BatchRunner(configuration: configuration)
        XCTAssertEqual(runner.allClips, ["a.mp4", "broken.mp4", "nobox.mkv", "sub dir/b.MOV"])
        var finished: [String] = []
        let summary = try runner.run(clipFinished: { result, _ in finished.append(result.clip) })
        XCTAssertEqual(finished.sorted(), runner.allClips)
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .failed, .skipped, .ok])
        XCTAssertTrue(summary.clips[1].error.contains("broken.mp4: not a video file"), summary.clips[1].error)
        XCTAssertTrue(summary.clips[2].error.hasPrefix("no boxes"), summary.clips[2].error)

        let a = try TrackCSV.read(path: folder.path("in/out/a.csv"))
        XCTAssertEqual(a.map(\.frame), Array(0..<120))
        XCTAssertEqual(summary.clips[0].frames, 120)
        XCTAssertEqual(summary.clips[0].tracks, 1)
        let b = try TrackCSV.read(path: folder.path("in/out/sub_dir/b.csv"))
        XCTAssertEqual(b.count, 2 * 20, "the sidecar's frame 100 is the start frame")
        XCTAssertEqual(b.first?.frame, 100)
        XCTAssertEqual(Set(b.map(\.trackID)), [1, 2])
        XCTAssertEqual(summary.clips[3].lowConfidenceRecords, b.filter { $0.confidence <= 0.5 }.count)
        XCTAssertEqual(try decodedFrameCount(folder.path("in/out/sub_dir/b.mp4")), 20)
        XCTAssertEqual(try BatchSummary.read(path: folder.path("in/out/summary.json")), summary)
        let csvBytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("in/out/a.csv")))

        let again = try BatchRunner(configuration: configuration)
        XCTAssertEqual(again.allClips, runner.allClips, "the output folder inside the input is not searched")
        let second = try again.run()
        XCTAssertEqual(second.clips.map(\.status), [.skipped, .failed, .skipped, .skipped])
        XCTAssertEqual(second.clips[0].frames, 120, "a skipped clip keeps the numbers of the run that made it")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path("in/out/a.csv"))), csvBytes)

        try folder.write(#"[{"x":60,"y":30,"width":50,"height":60,"frame":110}]"#, to: "in/sub dir/b.boxes.json")
        configuration.writesVideo = false
        let third = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(third.clips.map(\.status), [.skipped, .failed, .skipped, .ok], "changed boxes make the clip run again")
        XCTAssertEqual(try TrackCSV.read(path: folder.path("in/out/sub_dir/b.csv")).count, 10)

        configuration.force = true
        let forced = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(forced.clips.map(\.status), [.ok, .failed, .skipped, .ok])
    }

    func testOutputsNeverReplaceInputs() throws {
        let folder = try BatchTemporaryFolder()
        // Output folder = the input's parent: clip in/x.mp4 would be written over in/in/x.mp4's output... and
        // clip in/in/x.mp4's video would land on the input clip in/x.mp4.
        try folder.copy(batchSmallClip, to: "in/x.mp4")
        try folder.write(faceBox, to: "in/x.boxes.csv")
        try folder.copy(batchSmallClip, to: "in/in/x.mp4")
        try folder.write(faceBox, to: "in/in/x.boxes.csv")
        let original = try Data(contentsOf: URL(fileURLWithPath: folder.path("in/x.mp4")))
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.root)
        configuration.options.level = .fast
        let summary = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(summary.clips.map(\.clip), ["in/x.mp4", "x.mp4"])
        XCTAssertEqual(summary.clips[0].status, .failed)
        XCTAssertTrue(summary.clips[0].error.hasSuffix("in/x.mp4: refusing to overwrite an input file (an input of the batch)"), summary.clips[0].error)
        XCTAssertEqual(summary.clips[1].status, .ok)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path("in/x.mp4"))), original)

        XCTAssertThrowsError(try BatchRunner(configuration: BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("in/")))) { error in
            XCTAssertEqual(error as? BatchError, .outputIsInput(path: folder.path("in/")))
        }
        XCTAssertThrowsError(try BatchRunner(configuration: BatchConfiguration(inputFolder: folder.path("missing"), outputFolder: folder.path("o")))) { error in
            XCTAssertEqual("\(error)", "\(folder.path("missing")): not a folder")
        }
    }

    func testManifestBoxesAndUnknownClips() throws {
        let folder = try BatchTemporaryFolder()
        try folder.copy(batchSmallClip, to: "in/cam/a.mp4")
        try folder.write("x,y,width,height\n1,1,5,5\n", to: "in/cam/a.boxes.csv")
        try folder.write("""
            clip,frame,label,x,y,width,height
            cam/a.mp4,115,face,60,30,50,60
            cam/gone.mp4,0,face,60,30,50,60
            """, to: "manifest.csv")
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("out"),
                                               manifestPath: folder.path("manifest.csv"), writesVideo: false)
        configuration.options.level = .fast
        let summary = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .failed])
        XCTAssertEqual(summary.clips[0].frames, 5, "the manifest wins over the sidecar")
        XCTAssertEqual(try TrackCSV.read(path: folder.path("out/cam/a.csv")).first?.label, "face")
        XCTAssertTrue(summary.clips[1].error.contains("names cam/gone.mp4, but there is no such"), summary.clips[1].error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/cam/a.mp4")))
    }

    private func decodedFrameCount(_ path: String) throws -> Int {
        let reader = try VideoReader(path: path)
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        return frames
    }
}
