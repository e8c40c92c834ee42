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

    /// A moment's gain is the expected number of its track's off frames (one minus the confidence,
    /// at least ``ReviewMomentRanking/offWhenDisputed`` where disputed) that a keyframe on its frame
    /// would put back on the object: each frame from the keyframe before to the keyframe after,
    /// weighted by exp(-seconds away / hold); an overlap adds both tracks'.
    func testAMomentsGainIsTheOffFramesAKeyframeThereWouldHold() {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        func timeline(_ id: Int, _ confidences: [Float], disputed: Set<Int> = [], keyframes: Set<Int> = []) -> TrackTimeline {
            var timeline = TrackTimeline(trackID: id, name: id == 1 ? "a" : "#\(id)")
            for (frame, confidence) in confidences.enumerated() {
                let source: TrackSource = keyframes.contains(frame) ? .keyframe : disputed.contains(frame) ? .disputed : .tracked
                timeline.append(TrackRecord(frame: frame, time: Double(frame), trackID: id, label: "", box: box, confidence: confidence,
                                            state: .tracked, source: source))
            }
            return timeline
        }
        let hold = ReviewMomentRanking.holdSeconds
        let a = timeline(1, [1, 0.5, 0.5, 1, 0.2, 0.9], disputed: [5], keyframes: [3])
        let b = timeline(2, [1, 1, 0.6, 1, 1, 1])
        let doubt = ReviewMoment(kind: .doubtful, frame: 1, time: 1, trackIDs: [1], names: ["a"])
        let overlap = ReviewMoment(kind: .overlap, frame: 4, time: 4, trackIDs: [1, 2], names: ["a", "#2"])
        let stakes = ReviewMomentRanking.stakes(of: [doubt, overlap], timelines: [a, b])
        // a, frame 1: frames 1-2 (frame 0 and the keyframe on 3 bound it); frame 4: frames 4-5, frame 5 disputed.
        // #2, frame 4: frames 1-5 (frame 0 is its first), 0.4 off on frame 2.
        XCTAssertEqual(stakes[0], 0.5 + 0.5 * exp(-1 / hold), accuracy: 1e-6)
        XCTAssertEqual(stakes[1], 0.8 + ReviewMomentRanking.offWhenDisputed * exp(-1 / hold) + 0.4 * exp(-2 / hold), accuracy: 1e-6)
        XCTAssertEqual(ReviewMomentRanking.ranked([doubt, overlap], timelines: [a, b]).map(\.moment.frame), [4, 1])
    }

    /// After the moment of most gain is taken, the others' gains are computed as if it had been
    /// corrected: a second moment in the same doubtful stretch comes after one in another stretch
    /// that is worth less at first; moments of equal gain keep their time order.
    func testMomentsAreReRankedAsIfTheOnesAboveWereCorrected() {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        var a = TrackTimeline(trackID: 1, name: "a")
        // A long doubtful stretch on frames 1-20, a shorter one on 60-71, confident elsewhere, a frame a second.
        for frame in 0..<80 {
            let confidence: Float = (1...20).contains(frame) ? 0.1 : (60...71).contains(frame) ? 0.1 : 0.95
            a.append(TrackRecord(frame: frame, time: Double(frame), trackID: 1, label: "a", box: box, confidence: confidence, state: .tracked))
        }
        func moment(_ frame: Int) -> ReviewMoment {
            ReviewMoment(kind: .doubtful, frame: frame, time: Double(frame), trackIDs: [1], names: ["a"])
        }
        let moments = [moment(1), moment(3), moment(60)]
        let alone = moments.map { ReviewMomentRanking.stakes(of: [$0], timelines: [a])[0] }
        XCTAssertGreaterThan(alone[1], alone[2], "alone, frame 3 is worth more than frame 60")
        XCTAssertEqual(ReviewMomentRanking.ranked(moments, timelines: [a]).map(\.moment.frame), [3, 60, 1])
        let sameFrame = ReviewMomentRanking.ranked([moment(60), ReviewMoment(kind: .lost, frame: 60, time: 60, trackIDs: [1], names: ["a"])],
                                                   timelines: [a])
        XCTAssertEqual(sameFrame.map(\.moment.kind), [.doubtful, .lost], "two moments of one frame: in time order")
        XCTAssertEqual(sameFrame.map(\.stake), [alone[2], 0], "the second is worth nothing once the first is corrected")
    }

    /// With nothing wrong to show, the page still lists frames worth a keyframe: where a keyframe's
    /// reach (``ReviewMomentRanking/holdSeconds`` times ``ReviewMomentRanking/reachHolds``) covers the most frames still
    /// away from one, the second out of the first one's reach.
    func testAConfidentTrackGetsFramesWorthAKeyframeOutOfEachOthersReach() {
        var a = TrackTimeline(trackID: 1, name: "a")
        for frame in 0..<100 {
            a.append(TrackRecord(frame: frame, time: Double(frame), trackID: 1, label: "a", box: PixelRect(x: 0, y: 0, width: 10, height: 10),
                                 confidence: 0.9, state: .tracked))
        }
        XCTAssertEqual(ReviewMomentRanking.checkFrames(of: a), Array(stride(from: 2, to: 100, by: 2)), "every 2 s after the first box")
        let reach = Int(ReviewMomentRanking.holdSeconds * ReviewMomentRanking.reachHolds)
        /// The first candidate (even frame) at or after `frame`.
        func candidate(_ frame: Int) -> Int { frame + frame % 2 }
        let first = candidate(reach + 1), second = candidate(first + 2 * reach + 1)
        let listed = ReviewMomentRanking.ranked([], timelines: [a], checks: 2)
        XCTAssertEqual(listed.map(\.moment.frame), [first, second])
        XCTAssertEqual(listed.map(\.moment.summary), ["a: worth a keyframe", "a: worth a keyframe"])
        XCTAssertEqual(listed[0].stake, listed[1].stake, accuracy: 1e-9, "both with a keyframe's whole reach of untouched frames")
        XCTAssertEqual(ReviewMomentRanking.ranked([], timelines: [a]).count, 0, "no checks unless asked for")
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
