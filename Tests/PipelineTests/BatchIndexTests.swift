import Files
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// The batch's index page (`OUT/index.html`) and the per-clip review pages and thumbnails it links,
/// on real batches: every clip is listed, its links resolve, each object's shares are its CSV's
/// states, failures show their reason, a resumed batch lists the clips of the earlier run, and the
/// clip that needs review most comes first.
final class BatchIndexTests: XCTestCase {
    private let pedestrians = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")

    /// The index's table rows, parsed from its body (well-formed XML).
    private func indexRows(_ folder: BatchTemporaryFolder, _ out: String) throws -> (html: String, rows: [XMLElement]) {
        let html = try String(contentsOfFile: folder.path(out + "/index.html"), encoding: .utf8)
        let body = try XCTUnwrap(html.range(of: "<body>").map { String(html[$0.lowerBound...]) }?.replacingOccurrences(of: "</html>", with: ""))
        let rows = try XMLDocument(xmlString: body).nodes(forXPath: "//tr[@class='clip']").compactMap { $0 as? XMLElement }
        return (html, rows)
    }

    private func attribute(_ element: XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }

    /// Counts of a CSV's records per track drawn solid, dashed and lost, as the MP4 draws them.
    private func looks(_ records: [TrackRecord]) -> [Int: (solid: Int, dashed: Int, lost: Int)] {
        var counts: [Int: (solid: Int, dashed: Int, lost: Int)] = [:]
        for record in records {
            var count = counts[record.trackID] ?? (0, 0, 0)
            if record.state == .lost { count.lost += 1 } else if record.confidence > 0.5 { count.solid += 1 } else { count.dashed += 1 }
            counts[record.trackID] = count
        }
        return counts
    }

    func testTheIndexListsEveryClipWithItsSharesLinksAndStatus() throws {
        let folder = try BatchTemporaryFolder()
        try folder.copy(pedestrians, to: "in/cam 1/walkers.mp4")
        try folder.write("label,x,y,width,height\nleft,157,138,22,55\nmiddle,186,135,21,55\nright,401,149,27,52\n", to: "in/cam 1/walkers.boxes.csv")
        try folder.copy(batchSmallClip, to: "in/car.mp4")
        try folder.write("label,x,y,width,height\nface,60,30,50,60\n", to: "in/car.boxes.csv")
        try folder.write("not a video\n", to: "in/broken.mp4")
        try folder.write("x,y,width,height\n1,1,5,5\n", to: "in/broken.boxes.csv")
        try folder.copy(batchSmallClip, to: "in/nobox.mkv")
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("out"), jobs: 2)
        configuration.options.level = .fast
        let summary = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(summary.clips.map(\.status), [.failed, .ok, .ok, .skipped])

        // Needs review: the share of object-frames drawn dashed or lost, from the CSVs.
        var needs: [String: Double] = [:]
        for (clip, csv) in [("cam 1/walkers.mp4", "cam_1/walkers.csv"), ("car.mp4", "car.csv")] {
            let records = try TrackCSV.read(path: folder.path("out/" + csv))
            needs[clip] = Double(records.count { $0.state == .lost || $0.confidence <= 0.5 }) / Double(records.count)
        }
        XCTAssertGreaterThan(needs["cam 1/walkers.mp4"]!, needs["car.mp4"]! + 0.2, "the walkers are lost where they cross; the face is followed")

        let (html, rows) = try indexRows(folder, "out")
        XCTAssertFalse(html.contains("://"), "nothing fetched from elsewhere, no absolute link")
        XCTAssertEqual(rows.compactMap { attribute($0, "data-name") }, ["cam 1/walkers.mp4", "car.mp4", "broken.mp4", "nobox.mkv"],
                       "the clip with most dashed or lost time first, then the failed and the skipped ones")
        XCTAssertEqual(rows.compactMap { attribute($0, "data-name-rank") }, ["1", "2", "0", "3"], "the order by name, for the control")

        for row in rows {
            let clip = try XCTUnwrap(attribute(row, "data-name"))
            let status = try XCTUnwrap(row.elements(forName: "td").last?.stringValue)
            let links = try row.nodes(forXPath: ".//a/@href|.//img/@src").compactMap(\.stringValue)
            let result = try XCTUnwrap(summary.clips.first { $0.clip == clip })
            switch result.status {
            case .failed:
                XCTAssertEqual(status, "failed: " + result.error, "the failure's one line")
                XCTAssertTrue(result.error.contains("broken.mp4: not a video file"), result.error)
                XCTAssertEqual(links, [], "nothing to link for a failed clip")
            case .skipped:
                XCTAssertEqual(status, "skipped: " + result.error)
                XCTAssertEqual(links, [])
            case .ok:
                XCTAssertEqual(status, "done")
                let base = clip == "car.mp4" ? "car" : "cam_1/walkers"
                XCTAssertEqual(Set(links), [base + ".html", base + ".thumb.png"], clip)
                for link in links {
                    let target = folder.path("out/" + (link.removingPercentEncoding ?? link))
                    XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(link) resolves")
                }
                let page = try String(contentsOfFile: folder.path("out/\(base).html"), encoding: .utf8)
                XCTAssertTrue(page.contains(#"<video id="clip" src="\#(FilePath.name(of: base)).mp4""#), "the clip's page plays the MP4 beside it")

                let csv = try TrackCSV.read(path: folder.path("out/\(base).csv"))
                let expected = looks(csv)
                let objects = try row.nodes(forXPath: ".//div[@class='object']").compactMap { $0 as? XMLElement }
                XCTAssertEqual(objects.compactMap { attribute($0, "data-track").flatMap { Int($0) } }, expected.keys.sorted(), clip)
                for object in objects {
                    let id = try XCTUnwrap(attribute(object, "data-track").flatMap { Int($0) })
                    let count = try XCTUnwrap(expected[id])
                    XCTAssertEqual([attribute(object, "data-solid"), attribute(object, "data-dashed"), attribute(object, "data-lost")],
                                   [String(count.solid), String(count.dashed), String(count.lost)], "\(clip) track \(id)")
                    let total = Double(count.solid + count.dashed + count.lost)
                    let widths = try ["solid", "dashed", "lost"].map { look -> Double in
                        let style = try XCTUnwrap(object.nodes(forXPath: ".//span[@class='\(look)']/@style").first?.stringValue)
                        let width = try XCTUnwrap(style.components(separatedBy: "width: ").last?.components(separatedBy: "%").first)
                        return try XCTUnwrap(Double(width)) / 100
                    }
                    XCTAssertEqual(widths.reduce(0, +), 1, accuracy: 0.0002, "the shares add up to 1: \(clip) track \(id)")
                    for (width, frames) in zip(widths, [count.solid, count.dashed, count.lost]) {
                        XCTAssertEqual(width, Double(frames) / total, accuracy: 0.00005, "\(clip) track \(id)")
                    }
                }
                if clip == "cam 1/walkers.mp4" {
                    XCTAssertGreaterThan(expected.values.map(\.lost).reduce(0, +), 0, "the run has lost stretches to show")
                    XCTAssertGreaterThan(expected.values.map(\.dashed).reduce(0, +), 0, "and dashed ones")
                }
            }
        }
    }

    /// The thumbnail is the MP4's first frame, annotated, shrunk: exactly the clip's first frame with
    /// the CSV's first records drawn on it, shrunk by the same factor.
    func testTheThumbnailIsTheAnnotatedFirstFrameShrunk() throws {
        let folder = try BatchTemporaryFolder()
        try folder.copy(pedestrians, to: "in/walkers.mp4")
        try folder.write("frame,label,x,y,width,height\n3,left,157,138,22,55\n3,right,401,149,27,52\n", to: "in/walkers.boxes.csv")
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("out"), writesVideo: false)
        configuration.options.level = .fast
        XCTAssertEqual(try BatchRunner(configuration: configuration).run().clips.map(\.status), [.ok])

        let reader = try VideoReader(path: folder.path("in/walkers.mp4"))
        var first: VideoFrame?
        for _ in 0...3 { first = try reader.nextFrame() }
        var picture = try XCTUnwrap(first).rgb()
        Annotator.draw(try TrackCSV.read(path: folder.path("out/walkers.csv")).filter { $0.frame == 3 }, on: &picture)
        let factor = (max(picture.width, picture.height) + ThumbnailSink.largestSide - 1) / ThumbnailSink.largestSide
        let expected = picture.downscaled(by: factor)
        let thumbnail = try XCTUnwrap(try VideoReader(path: folder.path("out/walkers.thumb.png")).nextFrame()).rgb()
        XCTAssertEqual([thumbnail.width, thumbnail.height], [expected.width, expected.height])
        XCTAssertLessThanOrEqual(max(thumbnail.width, thumbnail.height), ThumbnailSink.largestSide)
        XCTAssertEqual(thumbnail.pixels, expected.pixels, "a lossless PNG of the annotated start frame")
        XCTAssertNotEqual(try XCTUnwrap(first).rgb().downscaled(by: factor).pixels, expected.pixels, "the boxes are drawn on it")
    }

    func testAResumedBatchListsTheClipsOfTheEarlierRun() throws {
        let folder = try BatchTemporaryFolder()
        for clip in ["a.mp4", "b.mp4"] {
            try folder.copy(batchSmallClip, to: "in/" + clip)
            try folder.write("x,y,width,height\n60,30,50,60\n", to: "in/" + FilePath.removingExtension(of: clip) + ".boxes.csv")
        }
        var configuration = BatchConfiguration(inputFolder: folder.path("in"), outputFolder: folder.path("out"), writesVideo: false)
        configuration.options.level = .fast
        XCTAssertEqual(try BatchRunner(configuration: configuration).run().clips.map(\.status), [.ok, .ok])
        let before = try indexRows(folder, "out").rows.compactMap { try $0.nodes(forXPath: ".//div[@class='object']").first.map(\.xmlString) }
        XCTAssertEqual(before.count, 2)

        // Later: a new clip and a broken one; the first two are complete and skipped.
        try folder.copy(pedestrians, to: "in/c.mp4")
        try folder.write("x,y,width,height\n157,138,22,55\n", to: "in/c.boxes.csv")
        try folder.write("not a video\n", to: "in/d.mp4")
        try folder.write("x,y,width,height\n1,1,5,5\n", to: "in/d.boxes.csv")
        let summary = try BatchRunner(configuration: configuration).run()
        XCTAssertEqual(summary.clips.map(\.status), [.skipped, .skipped, .ok, .failed])
        let rows = try indexRows(folder, "out").rows
        XCTAssertEqual(Set(rows.compactMap { attribute($0, "data-name") }), ["a.mp4", "b.mp4", "c.mp4", "d.mp4"])
        for row in rows where ["a.mp4", "b.mp4"].contains(attribute(row, "data-name")) {
            XCTAssertEqual(row.elements(forName: "td").last?.stringValue, "done", "done in the earlier run")
            XCTAssertTrue(before.contains(try XCTUnwrap(row.nodes(forXPath: ".//div[@class='object']").first?.xmlString)),
                          "the same object and shares as after the first run")
            XCTAssertEqual(try row.nodes(forXPath: ".//a/@href").compactMap(\.stringValue).first,
                           FilePath.removingExtension(of: attribute(row, "data-name")!) + ".html")
        }
        XCTAssertEqual(rows.last?.elements(forName: "td").last?.stringValue, "failed: " + summary.clips[3].error)
    }
}
