import Evaluation
import Pipeline
import TestFootage
import XCTest

/// The review page's order on a real encoded sequence, played by `eval review-loop`'s checker (who
/// gives the box on the first K listed frames): where the run flags nothing, the frames listed worth
/// a keyframe spread over the clip like evenly spaced keyframes, so K boxes on them are worth what K
/// evenly spaced ones are.
final class ReviewLoopRankingTests: XCTestCase {
    /// Crossing (120 frames, 4 s at 30 frames/s) at `fast`: the run stays confident and on the walker
    /// (no frame off, none disputed), so every listed frame is worth a keyframe. A keyframe holds the
    /// object for tens of seconds, so the first goes in the middle and the next two on either side:
    /// frames 30, 60 and 90, where evenly spaced keyframes go (before, frames every 2 s competed and
    /// only frame 60 could be listed: one box of three).
    func testWithNothingFlaggedTheCheckersBoxesGoWhereEvenlySpacedOnesWould() throws {
        let dataset = try OTBDataset(directory: try TestFootage.developmentData("data/sequences"), names: ["Crossing"])
        let results = try ReviewLoopBenchmark.run(dataset.sequences[0], corrections: [1, 3], options: TrackingOptions(level: .fast))
        XCTAssertEqual(results.map(\.cues.off), [0, 0], "the run never leaves the walker")
        XCTAssertEqual(results[0].checkedFrames, [60], "one box: the middle")
        XCTAssertEqual(results[1].checkedFrames, [60, 90, 30], "three boxes: the middle, then either side")
        for result in results {
            XCTAssertEqual(result.checked, result.evenlySpaced, accuracy: 1e-9, "the same keyframes as evenly spaced ones (K = \(result.allowed))")
            XCTAssertGreaterThan(result.checked, result.firstRun)
        }
    }
}
