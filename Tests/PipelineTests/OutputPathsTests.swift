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

    /// Foundation's `deletingLastPathComponent` traps on one-character paths; `FilePath` does not.
    func testFolderOfEveryKindOfPath() {
        XCTAssertEqual(FilePath.folder(of: "x"), "")
        XCTAssertEqual(FilePath.folder(of: "-"), "")
        XCTAssertEqual(FilePath.folder(of: "."), "")
        XCTAssertEqual(FilePath.folder(of: ""), "")
        XCTAssertEqual(FilePath.folder(of: "out.csv"), "")
        XCTAssertEqual(FilePath.folder(of: "o/run.csv"), "o")
        XCTAssertEqual(FilePath.folder(of: "a/b//c.csv"), "a/b")
        XCTAssertEqual(FilePath.folder(of: "a/b/"), "a")
        XCTAssertEqual(FilePath.folder(of: "/x"), "/")
        XCTAssertEqual(FilePath.folder(of: "/"), "/")
        XCTAssertEqual(FilePath.folder(of: "//x"), "/")
    }

    /// As Foundation's `appendingPathComponent`, `pathExtension` and `deletingPathExtension` answer
    /// on Linux, on the names vtrack builds paths from.
    func testJoiningAndExtensionsOfEveryKindOfPath() {
        XCTAssertEqual(FilePath.joining("out", "run.csv"), "out/run.csv")
        XCTAssertEqual(FilePath.joining("out/", "run.csv"), "out/run.csv")
        XCTAssertEqual(FilePath.joining("/", "x"), "/x")
        XCTAssertEqual(FilePath.joining("", "x"), "x")
        XCTAssertEqual(FilePath.joining("x", ""), "x")
        XCTAssertEqual(FilePath.fileExtension(of: "a.b/clip.MP4"), "MP4")
        XCTAssertEqual(FilePath.fileExtension(of: "a.b/clip"), "")
        XCTAssertEqual(FilePath.fileExtension(of: ".hidden"), "")
        XCTAssertEqual(FilePath.fileExtension(of: "clip."), "")
        XCTAssertEqual(FilePath.fileExtension(of: "x"), "")
        XCTAssertEqual(FilePath.removingExtension(of: "in/cam1/clip.tar.gz"), "in/cam1/clip.tar")
        XCTAssertEqual(FilePath.removingExtension(of: "a.b/clip"), "a.b/clip")
        XCTAssertEqual(FilePath.removingExtension(of: "in/.hidden"), "in/.hidden")
        XCTAssertEqual(FilePath.removingExtension(of: "clip."), "clip")
        XCTAssertEqual(FilePath.removingExtension(of: "-"), "-")
    }

    /// The clip as a page's command names it: absolute, so that the command runs from any folder.
    func testAbsolutePathsResolveDotsAgainstTheWorkingFolder() {
        let here = FileManager.default.currentDirectoryPath
        XCTAssertEqual(FilePath.absolute("/clips/./a/../b.mp4"), "/clips/b.mp4")
        XCTAssertEqual(FilePath.absolute("//clips//b.mp4"), "/clips/b.mp4")
        XCTAssertEqual(FilePath.absolute("b.mp4"), FilePath.absolute(here) + "/b.mp4")
        XCTAssertEqual(FilePath.absolute("/.."), "/")
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
