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
/// MP4 by a relative path.
final class ReviewPageTests: XCTestCase {
    func testMomentsFollowTheRecords() {
        func record(_ frame: Int, _ id: Int, _ box: PixelRect, _ confidence: Float, _ state: TrackState) -> TrackRecord {
            TrackRecord(frame: frame, time: Double(frame) / 10, trackID: id, label: id == 1 ? "a" : "", box: box,
                        confidence: confidence, state: state)
        }
        let left = PixelRect(x: 0, y: 0, width: 10, height: 10), right = PixelRect(x: 50, y: 0, width: 10, height: 10)
        let nearLeft = PixelRect(x: 1, y: 0, width: 10, height: 10)
        let frames: [[TrackRecord]] = [
            [record(0, 1, left, 1, .tracked), record(0, 2, right, 0.3, .tracked)],        // first records: no moment
            [record(1, 1, left, 0.9, .tracked), record(1, 2, nearLeft, 0.8, .tracked)],   // 1 and #2 overlap
            [record(2, 1, left, 0.4, .tracked), record(2, 2, nearLeft, 0.8, .tracked)],   // a doubtful; still overlapping
            [record(3, 1, left, 0.1, .lost), record(3, 2, right, 0.8, .reseeded)],        // a lost; #2 re-seeded
            [record(4, 1, left, 0.7, .tracked), record(4, 2, right, 0.8, .tracked)],      // a found again
        ]
        var finder = ReviewMomentFinder(frameRate: 10)
        let moments = frames.flatMap { finder.add($0) }
        XCTAssertEqual(moments.map(\.summary), ["a and #2: overlap", "a: confidence below 0.5", "a: lost", "#2: reseeded", "a: found again"])
        XCTAssertEqual(moments.map(\.frame), [1, 2, 3, 3, 4])
        XCTAssertEqual(moments.first?.trackIDs, [1, 2])
    }

    /// A moment's stake is the sum of (1 - confidence) from its frame to the frame before its track's
    /// next moment (or the track's end); an overlap adds both tracks' stretches; the most at stake
    /// comes first, equal stakes in time order.
    func testMomentsAreRankedByTheFramesLikelyOffUntilTheTracksNextMoment() {
        var a = TrackTimeline(trackID: 1, name: "a"), b = TrackTimeline(trackID: 2, name: "#2")
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let confidences: [Float] = [0.9, 0.4, 0.1, 0.1, 0.8, 0.9, 0.3, 0.3, 0.3, 0.3]
        for (frame, confidence) in confidences.enumerated() {
            a.append(TrackRecord(frame: frame, time: Double(frame), trackID: 1, label: "a", box: box, confidence: confidence, state: .tracked))
            b.append(TrackRecord(frame: frame, time: Double(frame), trackID: 2, label: "", box: box, confidence: 0.5, state: .tracked))
        }
        func moment(_ kind: ReviewMoment.Kind, _ frame: Int, _ ids: [Int]) -> ReviewMoment {
            ReviewMoment(kind: kind, frame: frame, time: Double(frame), trackIDs: ids, names: ids.map { $0 == 1 ? "a" : "#2" })
        }
        let moments = [moment(.doubtful, 1, [1]), moment(.lost, 2, [1]), moment(.foundAgain, 4, [1]), moment(.overlap, 5, [1, 2]),
                       moment(.doubtful, 6, [1])]
        let stakes = ReviewMomentRanking.stakes(of: moments, timelines: [a, b])
        // a: 0.6 on frame 1; 0.9 + 0.9 on 2-3; 0.2 on 4; 0.1 on 5 plus #2's 0.5 x 5 frames (5-9); 0.7 x 4 on 6-9.
        for (stake, expected) in zip(stakes, [0.6, 1.8, 0.2, 2.6, 2.8]) { XCTAssertEqual(stake, expected, accuracy: 1e-5) }
        XCTAssertEqual(ReviewMomentRanking.ranked(moments, timelines: [a, b]).map(\.moment.frame), [6, 5, 2, 1, 4])
        XCTAssertEqual(ReviewMomentRanking.ranked(Array(moments.prefix(1)) + [moment(.reseeded, 1, [1])], timelines: [a]).map(\.moment.kind),
                       [.doubtful, .reseeded], "two moments of one frame: the same stake, in time order")
    }

    /// A confidence hovering around 0.5 and boxes flickering in and out of overlap give one moment
    /// each; a doubt or an overlap is reported again only after a second (10 frames at 10 frames/s)
    /// clear of it, and a fall into `lost` is reported as lost only.
    func testMomentsAreNotRepeatedUntilTheTrackWasClearForASecond() {
        let left = PixelRect(x: 0, y: 0, width: 10, height: 10), right = PixelRect(x: 50, y: 0, width: 10, height: 10)
        let nearLeft = PixelRect(x: 1, y: 0, width: 10, height: 10)
        var frame = 0, moments: [ReviewMoment] = []
        var finder = ReviewMomentFinder(frameRate: 10)
        XCTAssertEqual(finder.clearFrames, 10)
        // Track 1's confidence and state, and whether #2 overlaps it, frame by frame.
        typealias Step = (confidence: Float, state: TrackState, overlapping: Bool)
        func clear(_ frames: Int) -> [Step] { Array(repeating: (0.9, .tracked, false), count: frames) }
        func run(_ steps: [Step]) {
            for (confidence, state, overlapping) in steps {
                moments += finder.add([
                    TrackRecord(frame: frame, time: Double(frame) / 10, trackID: 1, label: "a", box: left, confidence: confidence, state: state),
                    TrackRecord(frame: frame, time: Double(frame) / 10, trackID: 2, label: "", box: overlapping ? nearLeft : right,
                                confidence: 0.9, state: .tracked),
                ])
                frame += 1
            }
        }
        func summaries() -> [String] { moments.map { "\($0.frame) \($0.summary)" } }
        run([(1, .tracked, false)])
        let hovering: [Step] = (0..<20).map { step in (step % 2 == 0 ? 0.4 : 0.6, .tracked, step % 3 == 0) }
        run(hovering + [(0.4, .tracked, true)])
        XCTAssertEqual(summaries(), ["1 a: confidence below 0.5", "1 a and #2: overlap"])
        run(clear(9) + [(0.45, .tracked, true)])   // clear for 0.9 s only
        XCTAssertEqual(moments.count, 2, summaries().joined(separator: "; "))
        run(clear(10) + [(0.45, .tracked, true)])  // clear for 1 s
        XCTAssertEqual(Array(summaries().dropFirst(2)), ["42 a: confidence below 0.5", "42 a and #2: overlap"])
        run(clear(10) + [(0.1, .lost, false), (0.4, .tracked, false)])
        XCTAssertEqual(Array(summaries().dropFirst(4)), ["53 a: lost", "54 a: found again"], "the doubt began as lost: no doubt moment")

        var everyCrossing = ReviewMomentFinder(frameRate: 0)
        XCTAssertEqual(everyCrossing.clearFrames, 1, "no frame rate: one clear frame ends an episode")
        let crossings = (0..<6).flatMap { frame in
            everyCrossing.add([TrackRecord(frame: frame, time: 0, trackID: 1, label: "", box: left, confidence: frame % 2 == 0 ? 0.6 : 0.4,
                                           state: .tracked)])
        }
        XCTAssertEqual(crossings.map(\.frame), [1, 3, 5])
    }

    func testThePageOfARealRunHoldsItsMomentsTimelinesAndVideo() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
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
        let ranked = ReviewMomentRanking.ranked(expected, timelines: timelines.values.sorted { $0.trackID < $1.trackID })
        XCTAssertEqual(links.compactMap(\.stringValue).map { $0.components(separatedBy: "): ").last ?? "" }, ranked.map(\.moment.summary),
                       "listed most at stake first")
        XCTAssertNotEqual(ranked.map(\.moment), expected, "this run's ranking is not its time order")
        let stakes = try document.nodes(forXPath: "//section[@class='moments']//span[@class='stake']").compactMap(\.stringValue)
        XCTAssertEqual(stakes, ranked.map { String(format: "%.0f frames likely off", $0.stake) })
        // Each link seeks to the middle of its own moment's frame. (Moments whose stakes tie within the
        // CSV's rounding of the confidence may be listed in either order, so links are matched by frame.)
        let momentTimes = Dictionary(expected.map { ($0.frame, $0.time) }, uniquingKeysWith: { first, _ in first })
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
