import Foundation
import Pages
import XCTest

/// The pick page's pieces on exact cases: which frames it offers, and that no clip name can break
/// out of its markup or its data.
final class PickPageTests: XCTestCase {
    func testTheStillsAreTheChosenFrameAndFramesSpacedEvenly() {
        XCTAssertEqual(PickStills(chosen: 0, count: 4, frameCount: 100).frames, [0, 25, 50, 75])
        XCTAssertEqual(PickStills(chosen: 60, count: 4, frameCount: 100).frames, [0, 25, 50, 60, 75])
        XCTAssertEqual(PickStills(chosen: 3, count: 8, frameCount: 5).frames, [0, 1, 2, 3, 4], "no frame twice, none past the end")
        XCTAssertEqual(PickStills(chosen: 7, count: 8, frameCount: nil).frames, [7], "an unknown length: only the frame asked for")
        XCTAssertEqual(PickStills(chosen: 7, count: 0, frameCount: 100).frames, [7])
    }

    func testAClipNameCannotEndTheDataOrTheMarkup() throws {
        let name = "</script><img src=x onerror=alert(1)>&.mp4"
        let page = PickPage(clipName: name, clipPath: "/clips/" + name, width: 640, height: 480, chosen: 0,
                            stills: [.init(frame: 0, href: "a b.stills/frame-000000.png")], trackingWords: ["--level", "accurate"])
        let html = try page.html()
        XCTAssertEqual(html.components(separatedBy: "</script>").count, 3, "the data element and the script end where they should")
        XCTAssertFalse(html.contains("<img src=x"), "the name is escaped everywhere")
        XCTAssertTrue(html.contains("<title>vtrack pick: &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;.mp4</title>"))
        XCTAssertTrue(html.contains(#"src="a%20b.stills/frame-000000.png""#), "stills linked by percent-encoded relative paths")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing fetched from elsewhere")

        let json = try XCTUnwrap(html.components(separatedBy: #"id="pick-data">"#).dropFirst().first?.components(separatedBy: "</script>").first)
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(data["clip"] as? String, "/clips/" + name, "the command names the clip as it is")
        XCTAssertEqual(data["keyframes"] as? String, "script__img_src_x_onerror_alert_1___.keyframes.csv")
        XCTAssertEqual((data["stills"] as? [[String: Any]])?.first?["href"] as? String, "a%20b.stills/frame-000000.png")
    }
}
