import Foundation
import TestFootage
import XCTest

/// `vtrack batch`'s index page in a real browser (headless chromium; skipped with a line where it is
/// not installed), after the output folder moved: no script errors, the thumbnails load, every link
/// resolves to a file in the moved folder, the rows come in "needs review" order and the control
/// sorts them by name and back, and a clip's link opens its review page, which has a still of each
/// moment's frame to correct.
final class CLIBatchIndexBrowserTests: XCTestCase {
    func testTheIndexWorksInABrowserAfterTheFolderMoved() throws {
        let folder = try CLITemporaryFolder()
        try folder.copy(TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"), to: "in/walkers.mp4")
        try folder.write("label,x,y,width,height\nleft,157,138,22,55\nright,401,149,27,52\n", to: "in/walkers.boxes.csv")
        try folder.copy(cliSampleClip, to: "in/car.mp4")
        try folder.write("x,y,width,height\n60,30,50,60\n", to: "in/car.boxes.csv")
        try folder.write("not a video\n", to: "in/broken.mp4")
        try folder.write("x,y,width,height\n1,1,5,5\n", to: "in/broken.boxes.csv")
        let batch = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out"), "--level", "fast", "--jobs", "2", "--quiet"])
        XCTAssertEqual(batch.status, 2, "a clip failed: \(batch.stderr)")
        XCTAssertTrue(batch.stdout.contains("index: " + folder.path("out/index.html")), batch.stdout)
        try FileManager.default.moveItem(atPath: folder.path("out"), toPath: folder.path("moved"))
        XCTAssertTrue(folder.files(under: "moved").contains { $0.hasPrefix("walkers.stills/frame-") }, "the walkers' moments have stills")
        let walkersPage = try String(contentsOfFile: folder.path("moved/walkers.html"), encoding: .utf8)
        XCTAssertTrue(walkersPage.contains(#"walkers.stills/frame-"#) && walkersPage.contains(#"id="correct""#), "its page opens them to correct")

        let result = try CLI.checkIndexPage(folder.path("moved/index.html"))
        XCTAssertNil(result["failure"] as? String, "\(result)")
        for key in ["console", "exceptions", "errors"] {
            XCTAssertEqual((result[key] as? [Any])?.count, 0, "nothing in \(key): \(result)")
        }
        let index = try XCTUnwrap(result["index"] as? [String: Any], "\(result)")
        XCTAssertEqual(index["loaded"] as? [String], ["walkers.mp4", "car.mp4", "broken.mp4"], "the lost walkers first, the failed clip last")
        XCTAssertEqual(index["byName"] as? [String], ["broken.mp4", "car.mp4", "walkers.mp4"])
        XCTAssertEqual(index["byReview"] as? [String], ["walkers.mp4", "car.mp4", "broken.mp4"])

        let moved = "file://" + folder.path("moved/")
        let images = try XCTUnwrap(index["images"] as? [[String: Any]])
        XCTAssertEqual(images.compactMap { $0["src"] as? String }, [moved + "walkers.thumb.png", moved + "car.thumb.png"])
        XCTAssertEqual(images.compactMap { $0["width"] as? Int }, [160, 88], "both thumbnails decoded: 640 / 4 and 176 / 2 pixels wide")
        let links = try XCTUnwrap(index["links"] as? [String])
        XCTAssertEqual(Set(links), [moved + "walkers.html", moved + "car.html"])
        for link in links {
            let path = String(link.dropFirst("file://".count)).removingPercentEncoding ?? link
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(link) resolves")
        }

        let followed = try XCTUnwrap(result["followed"] as? [String: Any], "\(result)")
        XCTAssertEqual(followed["url"] as? String, moved + "walkers.html")
        XCTAssertEqual(followed["title"] as? String, "vtrack review: walkers.mp4")
        XCTAssertEqual(followed["video"] as? String, moved + "walkers.mp4")
    }
}
