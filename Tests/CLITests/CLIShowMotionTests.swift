import Foundation
import Imaging
import VideoIO
import XCTest

/// `vtrack track --show-motion`: the annotated MP4 carries the camera-motion tag in its top-right
/// corner, green ("still") or orange ("moving dx,dy"); without the flag the corner is the clip's own.
final class CLIShowMotionTests: XCTestCase {
    func testAnnotatedVideoShowsTheMotionTag() throws {
        let folder = try CLITemporaryFolder()
        for (name, extra) in [("with.mp4", ["--show-motion"]), ("without.mp4", [])] {
            let outcome = try CLI.vtrack(["track", cliSampleClip, "--box", "58,32,60,62", "--video", folder.path(name), "--quiet"] + extra)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
        }
        func tagPixels(in path: String) throws -> Int {
            let reader = try VideoReader(path: path)
            var count = 0, frames = 0
            while let frame = try reader.nextFrame() {
                frames += 1
                guard frame.index % 20 == 10 else { continue }
                let rgb = frame.rgb()
                for y in 0..<10 {
                    for x in (rgb.width - 40)..<rgb.width {
                        let (r, g, b) = (Int(rgb[x, y, 0]), Int(rgb[x, y, 1]), Int(rgb[x, y, 2]))
                        let green = abs(r - 40) < 40 && abs(g - 200) < 40 && abs(b - 60) < 40
                        let orange = abs(r - 255) < 40 && abs(g - 140) < 40 && b < 60
                        if green || orange { count += 1 }
                    }
                }
            }
            XCTAssertEqual(frames, 120)
            return count
        }
        let with = try tagPixels(in: folder.path("with.mp4")), without = try tagPixels(in: folder.path("without.mp4"))
        XCTAssertGreaterThan(with, 6 * 100, "the tag on each of the 6 sampled frames")
        XCTAssertLessThan(without, 20, "the clip's own corner has no such colour")
    }
}
