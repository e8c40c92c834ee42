import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import Pages
import Pipeline
import TestFootage
import TrackFormats
import XCTest

/// The review page (`track --report`): the moments to check are where the CSV's tracks change state,
/// each timeline shows its track's shares of solid, dashed and `lost` frames, and the page links the
/// MP4 by a relative path. The page is the one a real tracking session writes (Pipeline's sink).
final class ReviewPageTests: XCTestCase {
    func testThePageOfARealRunHoldsItsMomentsTimelinesAndVideo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let outputs = try OutputPaths(clip: clip, out: nil, csv: path("t.csv"), video: path("clips/t.mp4"), report: path("pages/review.html"))
        let session = try ClipTrackingSession(clipPath: clip, targets: ["left=157,138,22,55", "401,149,27,52", "middle=186,135,21,55"].map { try TrackTarget(parsing: $0) },
                                              options: TrackingOptions(level: .fast))
        _ = try session.run(makeSinks: { try outputs.makeSinks(clip: clip, info: session.info) })

        let csv = try TrackCSV.read(path: path("t.csv"))
        var finder = ReviewMomentFinder(frameRate: session.info.frameRate)
        let expected = Dictionary(grouping: csv, by: \.frame).sorted { $0.key < $1.key }.flatMap { finder.add($0.value) }
        XCTAssertTrue(expected.contains { $0.kind == .lost }, "the run loses a walker where they cross")
        // Between two doubt moments of a track, its box was drawn solid for a second or more.
        XCTAssertTrue([1, 2, 3].contains { id in expected.count { $0.kind == .doubtful && $0.trackIDs == [id] } > 1 }, "a track is doubtful twice")
        for id in [1, 2, 3] {
            let rows = csv.filter { $0.trackID == id }
            let doubts = expected.filter { $0.kind == .doubtful && $0.trackIDs == [id] }.map(\.frame)
            for (earlier, later) in zip(doubts, doubts.dropFirst()) {
                let between = rows.filter { $0.frame > earlier && $0.frame < later }
                let longestSolid = between.reduce(into: (run: 0, longest: 0)) { state, record in
                    state.run = record.state != .lost && record.confidence > 0.5 ? state.run + 1 : 0
                    state.longest = max(state.longest, state.run)
                }.longest
                XCTAssertGreaterThanOrEqual(longestSolid, finder.clearFrames, "track \(id): doubt at \(earlier) and again at \(later)")
            }
        }

        let html = try String(contentsOfFile: path("pages/review.html"), encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing fetched from elsewhere")
        // The body is well-formed XML, so an XML reader checks the structure.
        let body = try XCTUnwrap(html.range(of: "<body>").map { String(html[$0.lowerBound...]) }?.replacingOccurrences(of: "</html>", with: ""))
        let document = try XMLDocument(xmlString: body)
        XCTAssertEqual(try document.nodes(forXPath: "//video/@src").first?.stringValue, "../clips/t.mp4", "relative to the page")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("pages/../clips/t.mp4")))
        let links = try document.nodes(forXPath: "//section[@class='moments']//a").compactMap { $0 as? XMLElement }
        var timelines: [Int: TrackTimeline] = [:]
        for record in csv.sorted(by: { ($0.frame, $0.trackID) < ($1.frame, $1.trackID) }) {
            timelines[record.trackID, default: TrackTimeline(trackID: record.trackID, name: record.displayName)].append(record)
        }
        let ranked = ReviewMomentRanking.ranked(expected, timelines: timelines.values.sorted { $0.trackID < $1.trackID },
                                                 checks: ReviewMomentRanking.pageChecks)
        // Listed most at stake first. Moments whose stakes tie within the CSV's rounding of the confidence
        // may be listed in either order (the page ranks the run's own values, this test the CSV's), so
        // each run of equal shown stakes is compared as a set.
        let shownStakes = ranked.map { String(format: "%.0f", $0.stake) }
        func tiedRuns(_ summaries: [String]) -> [[String]] {
            zip(summaries, shownStakes).reduce(into: [(stake: String, summaries: [String])]()) { runs, item in
                if runs.last?.stake == item.1 { runs[runs.count - 1].summaries.append(item.0) } else { runs.append((item.1, [item.0])) }
            }.map { $0.summaries.sorted() }
        }
        let listed = links.compactMap(\.stringValue).map { $0.components(separatedBy: "): ").last ?? "" }
        XCTAssertEqual(listed.count, ranked.count)
        XCTAssertEqual(tiedRuns(listed), tiedRuns(ranked.map(\.moment.summary)), "listed most at stake first")
        XCTAssertNotEqual(ranked.map(\.moment), expected, "this run's ranking is not its time order")
        let stakes = try document.nodes(forXPath: "//section[@class='moments']//span[@class='stake']").compactMap(\.stringValue)
        XCTAssertEqual(stakes, ranked.map { String(format: "%.0f frames to fix", $0.stake) })
        // Each link seeks to the middle of its own moment's frame. (Moments whose stakes tie within the
        // CSV's rounding of the confidence may be listed in either order, so links are matched by frame.)
        let momentTimes = Dictionary(ranked.map { ($0.moment.frame, $0.moment.time) }, uniquingKeysWith: { first, _ in first })
        XCTAssertTrue(ranked.contains { $0.moment.kind == .check }, "frames worth a keyframe listed too")
        XCTAssertEqual(links.count, ranked.count)
        for link in links {
            let time = try XCTUnwrap(Double(link.attribute(forName: "data-time")?.stringValue ?? ""))
            let frame = try XCTUnwrap(Int(link.attribute(forName: "data-frame")?.stringValue ?? ""))
            let momentTime = try XCTUnwrap(momentTimes[frame], "a link to frame \(frame), where no moment is")
            XCTAssertEqual(time, momentTime + 0.5 / session.info.frameRate, accuracy: 0.001, "seeks to the middle of frame \(frame)")
        }
        let objects = try document.nodes(forXPath: "//div[@class='object']").compactMap { $0 as? XMLElement }
        XCTAssertEqual(objects.map { $0.attribute(forName: "data-track")?.stringValue }, ["1", "2", "3"])
        for (object, id) in zip(objects, [1, 2, 3]) {
            let rows = csv.filter { $0.trackID == id }
            func percent(_ count: Int) -> String { String(format: "%.0f%%", Double(count) / Double(rows.count) * 100) }
            let lost = rows.count { $0.state == .lost }, solid = rows.count { $0.state != .lost && $0.confidence > 0.5 }
            XCTAssertEqual(object.elements(forName: "div").first?.stringValue,
                           "solid \(percent(solid)) · dashed \(percent(rows.count - solid - lost)) · lost \(percent(lost))", "track \(id)")
        }
    }
}
