import Pipeline
import XCTest

final class BatchOutputLayoutTests: XCTestCase {
    func testNamesMirrorTheClipTreeSanitised() {
        let layout = BatchOutputLayout(outputFolder: "out", clips: ["cam1/0001.mp4", "my clips/a b (1).mov", "ünï/çödé.mkv"])
        XCTAssertEqual(layout.csvPath(for: "cam1/0001.mp4"), "out/cam1/0001.csv")
        XCTAssertEqual(layout.videoPath(for: "cam1/0001.mp4"), "out/cam1/0001.mp4")
        XCTAssertEqual(layout.markerPath(for: "cam1/0001.mp4"), "out/cam1/0001.done.json")
        XCTAssertEqual(layout.motPath(for: "cam1/0001.mp4"), "out/cam1/0001.mot.txt")
        XCTAssertEqual(layout.jsonLinesPath(for: "cam1/0001.mp4"), "out/cam1/0001.jsonl")
        XCTAssertEqual(layout.reviewPagePath(for: "cam1/0001.mp4"), "out/cam1/0001.html")
        XCTAssertEqual(layout.thumbnailPath(for: "cam1/0001.mp4"), "out/cam1/0001.thumb.png")
        XCTAssertEqual(layout.relativeReviewPage(for: "my clips/a b (1).mov"), "my_clips/a_b__1_.html")
        XCTAssertEqual(layout.relativeThumbnail(for: "my clips/a b (1).mov"), "my_clips/a_b__1_.thumb.png")
        XCTAssertEqual(layout.relativeMOT(for: "my clips/a b (1).mov"), "my_clips/a_b__1_.mot.txt")
        XCTAssertEqual(layout.relativeJSONLines(for: "my clips/a b (1).mov"), "my_clips/a_b__1_.jsonl")
        XCTAssertEqual(layout.base(for: "my clips/a b (1).mov"), "my_clips/a_b__1_")
        XCTAssertEqual(layout.base(for: "ünï/çödé.mkv"), "ünï/çödé", "letters of any script are kept")
    }

    func testNamesNeverHideClimbOrReplaceTheSummaryOrTheIndex() {
        let clips = ["../x.mp4", ".hidden/y.mp4", "a.b/.z.mp4", "summary.mp4", "Summary.shard-0-of-2.mkv", "v1.2/clip.v3.mp4", "sub/summary.mp4",
                     "INDEX.mov", "sub/index.mp4"]
        let layout = BatchOutputLayout(outputFolder: "out", clips: clips)
        for clip in clips {
            let base = layout.base(for: clip)
            let parts = base.split(separator: "/")
            XCTAssertFalse(parts.contains { $0.hasPrefix(".") }, base)
            XCTAssertFalse(parts.dropLast().contains { $0.contains(".") }, "folders never contain dots: \(base)")
        }
        XCTAssertEqual(layout.base(for: "summary.mp4"), "_summary")
        XCTAssertEqual(layout.base(for: "Summary.shard-0-of-2.mkv"), "_Summary.shard-0-of-2")
        XCTAssertEqual(layout.base(for: "v1.2/clip.v3.mp4"), "v1_2/clip.v3")
        XCTAssertEqual(layout.base(for: "sub/summary.mp4"), "sub/summary", "only the top level is reserved")
        XCTAssertEqual(layout.relativeReviewPage(for: "INDEX.mov"), "_INDEX.html", "a clip's page cannot replace index.html")
        XCTAssertEqual(layout.base(for: "sub/index.mp4"), "sub/index")
    }

    func testCollidingNamesAreDisambiguatedStably() {
        let clips = ["a.mp4", "a.mov", "A.mkv", "b c.mp4", "b_c.mp4", "d.mp4"]
        let layout = BatchOutputLayout(outputFolder: "out", clips: clips)
        let bases = clips.map(layout.base(for:))
        XCTAssertEqual(Set(bases.map { $0.lowercased() }).count, clips.count, "\(bases)")
        XCTAssertEqual(layout.base(for: "d.mp4"), "d")
        XCTAssertTrue(layout.base(for: "a.mov").hasPrefix("a-"))
        let again = BatchOutputLayout(outputFolder: "elsewhere", clips: clips.reversed())
        XCTAssertEqual(clips.map(again.base(for:)), bases, "names depend on the clip list only, not its order")
    }
}
