import Files
import Foundation
import XCTest

/// Path arithmetic on every kind of path the shell can pass.
final class FilePathTests: XCTestCase {
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
}
