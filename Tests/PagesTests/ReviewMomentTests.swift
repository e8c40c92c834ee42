import Imaging
import Pages
import TrackFormats
import XCTest

/// The review page's moments on exact cases: where the tracks change state, ranked by what is at
/// stake, not repeated until a track was clear for a second.
final class ReviewMomentTests: XCTestCase {
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
}
