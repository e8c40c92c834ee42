import Files
import NeuralDetection
import Pipeline
import XCTest

final class OutputPathsTests: XCTestCase {
    func testTheDefaultFolderIsUsedOnlyWhenNoOutputIsNamed() throws {
        XCTAssertEqual(try OutputPaths(clip: "in/clip.mp4", out: nil, csv: nil, video: nil).written,
                       ["vtrack-out/clip.csv", "vtrack-out/clip.mp4"])
        XCTAssertEqual(try OutputPaths(clip: "in/clip.mp4", out: nil, csv: nil, video: nil, mot: "m.txt").written, ["m.txt"],
                       "a named output is the only one written, as with --csv")
        XCTAssertEqual(try OutputPaths(clip: "in/clip.mp4", out: nil, csv: nil, video: nil, jsonLines: "j.jsonl").written, ["j.jsonl"])
        XCTAssertEqual(try OutputPaths(clip: "in/clip.mp4", out: "o", csv: nil, video: nil, mot: "m.txt", jsonLines: "j.jsonl").written,
                       ["o/clip.csv", "m.txt", "j.jsonl", "o/clip.mp4"], "text files first, the video last")
    }

    /// Every command may read vtrack's installed models (the appearance describer reads its model
    /// whenever boxes are tracked), so no output may be one, whether or not the command names it.
    func testOutputsOnAnInstalledModelAreRefused() {
        for model in PackagedModel.allCases {
            XCTAssertThrowsError(try OutputPaths(clip: "in/clip.mp4", out: nil, csv: model.path, video: nil)) { error in
                XCTAssertEqual(error as? OutputError,
                               .wouldOverwriteInput(path: model.path, input: "vtrack's installed \(model.rawValue) model"))
            }
            var files = CommandFiles()
            files.output("CSV", model.path)
            XCTAssertThrowsError(try files.check(), "\(model)")
        }
    }

    /// Every file of every model, whatever its kind, is an input: NanoTrack's networks, their
    /// licence and configuration, installed or vendored in `Models/`.
    func testOutputsOnAnyModelFileAreRefused() throws {
        let files = InstalledModelFiles.all
        guard files.contains(where: { $0.path.hasSuffix("/models/nanotrack/LICENSE") }) else {
            throw XCTSkip("vtrack's models are not installed")
        }
        XCTAssertTrue(files.contains { $0.model == "nanotrack" && $0.path.hasSuffix("/Models/nanotrack/v2/nanotrack_head_sim.onnx") })
        for file in files {
            XCTAssertThrowsError(try OutputPaths(clip: "in/clip.mp4", out: nil, csv: nil, video: nil, report: file.path)) { error in
                XCTAssertEqual(error as? OutputError, .wouldOverwriteInput(path: file.path, input: "vtrack's installed \(file.model) model"))
            }
        }
    }

    /// A review page's stills folder is replaced whole, so no input or other output may be inside it.
    func testNothingElseMayBeInsideAStillsFolder() {
        XCTAssertThrowsError(try OutputPaths(clip: "o/r.stills/clip.mp4", out: nil, csv: nil, video: nil, report: "o/r.html")) { error in
            XCTAssertEqual(error as? OutputError, .folderHoldsAnotherFile(folder: "o/r.stills", kind: "review page's stills folder",
                                                                          file: "o/r.stills/clip.mp4", role: "the clip"))
        }
        XCTAssertThrowsError(try OutputPaths(clip: "clip.mp4", out: nil, csv: "o/r.stills/t.csv", video: nil, report: "o/r.html")) { error in
            XCTAssertEqual(error as? OutputError, .folderHoldsAnotherFile(folder: "o/r.stills", kind: "review page's stills folder",
                                                                          file: "o/r.stills/t.csv", role: "CSV"))
        }
    }

    func testOutputsEqualToTheClipOrToEachOtherAreRefused() {
        let clip = "in/clip.mp4"
        XCTAssertThrowsError(try OutputPaths(clip: clip, out: "o", csv: nil, video: nil, mot: clip)) { error in
            XCTAssertEqual(error as? OutputError, .wouldOverwriteInput(path: clip, input: "the clip"))
        }
        XCTAssertThrowsError(try OutputPaths(clip: clip, out: nil, csv: nil, video: nil, jsonLines: "in/./clip.mp4")) { error in
            XCTAssertEqual(error as? OutputError, .wouldOverwriteInput(path: "in/./clip.mp4", input: "the clip"))
        }
        XCTAssertThrowsError(try OutputPaths(clip: clip, out: nil, csv: "o/t.csv", video: nil, mot: "o/t.csv")) { error in
            XCTAssertEqual(error as? OutputError, .sameFileForTwoOutputs(path: "o/t.csv", first: "CSV", second: "MOT"))
            XCTAssertEqual("\(error)", "o/t.csv: given for two outputs (CSV and MOT); each output needs its own file")
        }
        XCTAssertThrowsError(try OutputPaths(clip: clip, out: "o", csv: nil, video: nil, jsonLines: "o/clip.mp4")) { error in
            XCTAssertEqual(error as? OutputError, .sameFileForTwoOutputs(path: "o/clip.mp4", first: "JSON Lines", second: "MP4"))
        }
        XCTAssertThrowsError(try OutputPaths(clip: clip, out: nil, csv: nil, video: nil, mot: "o/a", jsonLines: "o//a")) { error in
            XCTAssertEqual(error as? OutputError, .sameFileForTwoOutputs(path: "o//a", first: "MOT", second: "JSON Lines"))
        }
    }
}
