import Foundation
import Imaging
import TestFootage
import VideoIO
import XCTest

/// `track --report` in a real browser (headless chromium; skipped with a line where it is not
/// installed): the page loads without script errors, its video plays the run's MP4 by a relative
/// link that survives moving the folder, clicking a moment seeks the video to it, and the layout
/// (video, then one timeline per object in the MP4's colours) holds in a screenshot.
final class CLIReviewPageBrowserTests: XCTestCase {
    func testThePageWorksInABrowserAfterTheFolderMoved() throws {
        let folder = try CLITemporaryFolder()
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let tracked = try CLI.vtrack(["track", clip, "--box", "left=157,138,22,55", "--box", "middle=186,135,21,55", "--box", "right=401,149,27,52",
                                      "--level", "fast", "--out", folder.path("run"), "--report", folder.path("run/review.html"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        try FileManager.default.moveItem(atPath: folder.path("run"), toPath: folder.path("moved"))
        let page = try String(contentsOfFile: folder.path("moved/review.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<video id="clip" src="pets09_s2l1_vtest_pedestrians.mp4""#), "the MP4 beside the page, by a relative link")

        // Click the middle moment of the list once the video is ready.
        let times = page.components(separatedBy: ##"<li><a href="#" data-time=""##).dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
        XCTAssertGreaterThan(times.count, 3, "the run has moments to check")
        let chosen = times.count / 2
        let result = try CLI.checkReviewPage(folder.path("moved/review.html"), moment: chosen, screenshot: folder.path("moved/shot.png"))
        XCTAssertNil(result["failure"] as? String, "\(result)")
        let seek = try XCTUnwrap(result["seek"] as? [String: Any], "the video loaded and seeked: \(result)")
        XCTAssertEqual(seek["loaded"] as? String, "file://" + folder.path("moved/pets09_s2l1_vtest_pedestrians.mp4"))
        XCTAssertEqual(seek["expected"] as? Double ?? -1, times[chosen], accuracy: 0.0005)
        XCTAssertEqual(seek["time"] as? Double ?? -1, times[chosen], accuracy: 0.05, "seeked to the moment clicked")
        XCTAssertGreaterThan(seek["duration"] as? Double ?? 0, 70, "the whole annotated MP4")
        for key in ["console", "exceptions", "errors"] {
            XCTAssertEqual((result[key] as? [Any])?.count, 0, "nothing in \(key): \(result)")
        }

        // The layout: the video first, then the timelines in track order, each in its track's colour.
        let shot = try XCTUnwrap(try VideoReader(path: folder.path("moved/shot.png")).nextFrame()).rgb()
        func rows(near colour: RGBColour) -> [Int] {
            var found: [Int] = []
            for y in 0..<shot.height {
                for x in 0..<shot.width {
                    let i = (y * shot.width + x) * 3
                    if abs(Int(shot.pixels[i]) - Int(colour.red)) < 6, abs(Int(shot.pixels[i + 1]) - Int(colour.green)) < 6,
                       abs(Int(shot.pixels[i + 2]) - Int(colour.blue)) < 6 { found.append(y) }
                }
            }
            return found
        }
        let bands = (0..<3).map { rows(near: TrackPalette.colour(for: $0)) }
        for (index, band) in bands.enumerated() { XCTAssertGreaterThan(band.count, 500, "track \(index + 1)'s timeline is drawn in its colour") }
        let middles = bands.map { $0.sorted()[$0.count / 2] }
        XCTAssertEqual(middles, middles.sorted(), "the timelines follow each other in track order")
        XCTAssertGreaterThan(rows(near: RGBColour(red: 0x77, green: 0x77, blue: 0x77)).count, 1500, "lost stretches are drawn grey")
        let firstBand = bands[0].sorted()[bands[0].count / 10]
        var dark = 0
        for y in 0..<min(firstBand, shot.height) {
            for x in 0..<shot.width where Int(shot.pixels[(y * shot.width + x) * 3 + 1]) < 128 { dark += 1 }
        }
        XCTAssertGreaterThan(dark, 40_000, "the video is above the timelines")
    }
}
