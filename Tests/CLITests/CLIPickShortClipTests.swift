import Foundation
import VideoIO
import XCTest

/// `vtrack pick` on a clip cut short, whose container declares 60 frames where fewer decode: a
/// `--frame` past the frames that decode is judged by those, as `track` judges its start frame, and
/// a page that gets fewer stills than asked for says why.
final class CLIPickShortClipTests: XCTestCase {
    func testAClipCutShortIsJudgedByTheFramesThatDecode() throws {
        let folder = try CLITemporaryFolder()
        try CLI.ffmpeg(["-i", cliSampleClip, "-frames:v", "60", "-an", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                        "-movflags", "+faststart", folder.path("whole.mp4")])
        let whole = try folder.data("whole.mp4")
        try folder.write(whole.prefix(whole.count * 30 / 100), to: "cut.mp4")
        let cut = folder.path("cut.mp4")
        let reader = try VideoReader(path: cut)
        XCTAssertEqual(reader.info.frameCount, 60, "the container still declares the whole clip")
        var decoded = 0
        while try reader.nextFrame() != nil { decoded += 1 }
        XCTAssertTrue((2...40).contains(decoded), "cut well short: \(decoded) frames decode")

        let past = try CLI.vtrack(["pick", cut, "--frame", String(decoded + 5), "--page", folder.path("past/page.html")])
        XCTAssertEqual(past.status, 1, past.stderr)
        XCTAssertEqual(past.messages, ["Error: \(cut): frame \(decoded + 5) is past the end of the clip (\(decoded) frames)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("past/page.html")))

        let picked = try CLI.vtrack(["pick", cut, "--page", folder.path("page/page.html")])
        XCTAssertEqual(picked.status, 0, picked.stderr)
        XCTAssertTrue(picked.messages.contains("warning: \(cut): the video ended after \(decoded) of the 60 frames its container declares"),
                      picked.stderr)
        let stills = folder.files(under: "page/page.stills")
        XCTAssertLessThan(stills.count, 8)
        XCTAssertTrue(picked.messages.contains("warning: \(cut): the page has \(stills.count) of the 8 stills asked for: the clip ends after \(decoded) frames"),
                      picked.stderr)
    }
}
