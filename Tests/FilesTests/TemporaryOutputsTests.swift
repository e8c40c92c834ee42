import Files
import Foundation
import XCTest

final class TemporaryOutputsTests: XCTestCase {
    /// Each temporary file is of its run alone: two for one output never share a name (two runs
    /// writing one output would otherwise write into one file), and each is hidden beside the output.
    func testEachTemporaryNameIsNew() {
        let first = TemporaryOutputs.partialPath(for: "out/o.csv"), second = TemporaryOutputs.partialPath(for: "out/o.csv")
        XCTAssertNotEqual(first, second)
        for path in [first, second] {
            XCTAssertTrue(path.hasPrefix("out/.o.csv.\(getpid())-"), path)
            XCTAssertTrue(path.hasSuffix(".partial"), path)
        }
        let video = TemporaryOutputs.partialPath(for: "clip.mp4", fileExtension: "mp4")
        XCTAssertTrue(video.hasPrefix(".clip.\(getpid())-") && video.hasSuffix(".partial.mp4"), video)
        let long = TemporaryOutputs.partialPath(for: "out/" + String(repeating: "n", count: 250) + ".csv")
        XCTAssertTrue(long.hasPrefix("out/.vtrack-"), long)
        XCTAssertLessThanOrEqual(FilePath.name(of: long).utf8.count, 255)
    }
}
