import Foundation
import Imaging
import Pipeline
import VideoIO
import XCTest

/// `vtrack render` draws a tracks CSV onto its clip the way `vtrack track` does, including a CSV
/// edited by hand.
final class CLIRenderTests: XCTestCase {
    func testRenderMatchesTrackAndFollowsEdits() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 30)
        let tracked = try CLI.vtrack(["track", clip, "--box", "thing=40,30,40,40", "--level", "fast",
                                      "--csv", folder.path("t.csv"), "--video", folder.path("tracked.mp4"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)

        let rendered = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("rendered.mp4"), "--quiet"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let fromTrack = try lumaFrames(folder.path("tracked.mp4"))
        let fromRender = try lumaFrames(folder.path("rendered.mp4"))
        XCTAssertEqual(fromRender.count, 30)
        XCTAssertEqual(fromTrack.count, 30)
        for (index, (a, b)) in zip(fromTrack, fromRender).enumerated() {
            XCTAssertLessThan(meanDifference(a, b), 1.0, "frame \(index): render draws as track does")
        }

        // Move the box 60 px right and make it doubtful from frame 15 on.
        var records = try TrackCSV.read(path: folder.path("t.csv"))
        for i in records.indices where records[i].frame >= 15 {
            records[i].box = PixelRect(x: 100, y: 30, width: 40, height: 40)
            records[i].confidence = 0.2
        }
        try ([TrackCSV.header] + records.map(TrackCSV.row)).joined(separator: "\n").write(toFile: folder.path("edited.csv"), atomically: true, encoding: .utf8)
        let edited = try CLI.vtrack(["render", clip, "--tracks", folder.path("edited.csv"), "--video", folder.path("edited.mp4"), "--quiet"])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        let fromEdit = try lumaFrames(folder.path("edited.mp4"))
        let plain = try lumaFrames(clip)
        XCTAssertEqual(fromEdit.count, 30)
        for index in 0..<15 {
            XCTAssertLessThan(meanDifference(fromEdit[index], fromRender[index]), 1.0, "frame \(index) was not edited")
        }
        for index in 15..<30 {
            let band = (x: 98..<102, y: 32..<68)
            XCTAssertGreaterThan(meanDifference(fromEdit[index], plain[index], in: band), 8,
                                 "frame \(index): the moved box is drawn at x = 100")
        }
    }

    func testRenderErrors() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 10)
        let before = try folder.data("clip.mp4")
        try folder.write("frame,track_id,x,y,width,height\n0,1,10,10,20,20\n12,1,10,10,20,20\n", to: "t.csv")
        try folder.write("frame,track_id,x,y,width,height\n0,1,10,10,20\n", to: "short.csv")

        let overClip = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", clip])
        XCTAssertNotEqual(overClip.status, 0)
        XCTAssertTrue(overClip.stderr.contains("refusing to overwrite an input file"), overClip.stderr)
        XCTAssertEqual(try folder.data("clip.mp4"), before)

        let overTracks = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("t.csv")])
        XCTAssertNotEqual(overTracks.status, 0)
        XCTAssertTrue(overTracks.stderr.contains("refusing to overwrite an input file"), overTracks.stderr)

        let malformed = try CLI.vtrack(["render", clip, "--tracks", folder.path("short.csv"), "--video", folder.path("o.mp4")])
        XCTAssertFalse(malformed.signalled)
        XCTAssertNotEqual(malformed.status, 0)
        XCTAssertTrue(malformed.messages.contains { $0.hasPrefix("Error: \(folder.path("short.csv")):2:") }, malformed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("o.mp4")))

        let pastEnd = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("o.mp4"), "--quiet"])
        XCTAssertEqual(pastEnd.status, 0, pastEnd.stderr)
        XCTAssertTrue(pastEnd.stderr.contains("1 rows are on frames past the clip's last frame 9"), pastEnd.stderr)
        XCTAssertEqual(try lumaFrames(folder.path("o.mp4")).count, 10)
    }

    private func lumaFrames(_ path: String) throws -> [Image<UInt8>] {
        let reader = try VideoReader(path: path)
        var frames: [Image<UInt8>] = []
        while let frame = try reader.nextFrame() { frames.append(frame.luma) }
        return frames
    }

    private func meanDifference(_ a: Image<UInt8>, _ b: Image<UInt8>, in region: (x: Range<Int>, y: Range<Int>)? = nil) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        let xs = region?.x ?? 0..<a.width, ys = region?.y ?? 0..<a.height
        var total = 0.0
        for y in ys {
            for x in xs { total += abs(Double(a.pixels[y * a.width + x]) - Double(b.pixels[y * b.width + x])) }
        }
        return total / Double(max(1, xs.count * ys.count))
    }
}
