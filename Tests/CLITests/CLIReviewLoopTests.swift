import Foundation
import XCTest

/// `vtrack eval review-loop` on a synthetic sequence whose object hides for a moment and reappears
/// elsewhere: the run is lost after the object is back in view (with the correlation filter at
/// `fast`, on frame 53), so the reviewer corrects that moment, and re-tracking from the correction
/// scores better than the run; every way of using K boxes is scored over every annotated frame. Its CSV
/// may not be one of the dataset's files. Several K share the first run (K = 0: the guided run from
/// the first box alone, for both ways); a second reviewer can take the moments in time order.
final class CLIReviewLoopTests: XCTestCase {
    func testTheReviewerCorrectsMomentsWhereTheBoxIsOffAndEachWayIsScored() throws {
        let folder = try CLITemporaryFolder()
        let made = try CLI.vtrack(["synth", folder.path("data/Jump/Jump.mp4"), "--frames", "120", "--hide-from", "40", "--hide-for", "8",
                                   "--jump", "150,60"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("data/Jump/groundtruth_rect.txt")))
        let loop = try CLI.vtrack(["eval", "review-loop", folder.path("data"), "--corrections", "2,0", "--level", "fast", "--correlation-filter",
                                   "--also-time-order", "--csv", folder.path("loop.csv")], timeout: 300)
        XCTAssertEqual(loop.status, 0, loop.stderr)
        print(loop.stdout)
        let rows = try String(contentsOfFile: folder.path("loop.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "sequence,corrections_allowed,corrected_frames,first_run_auc,corrected_auc,evenly_spaced_auc,straight_lines_auc"
            + ",off_frames,off_solid_frames,off_solid_disputed_frames,disputed_frames,disputed_off_frames,first_moment_off"
            + ",checked_frames,checked_auc,time_order_frames,time_order_auc")
        XCTAssertEqual(rows.count, 3, "one row per sequence and K")
        let none = rows[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(none.prefix(3)), ["Jump", "0", ""], "K = 0 corrects nothing")
        XCTAssertEqual(none[4], none[5], "with no correction, the corrected and evenly spaced runs are one run from the first box")
        let fields = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(fields.prefix(2)), ["Jump", "2"])
        let corrected = fields[2].split(separator: " ").compactMap { Int($0) }
        XCTAssertTrue((1...2).contains(corrected.count), "a moment with the box off the object, at most K: \(rows[1])")
        XCTAssertTrue(corrected.allSatisfy { $0 >= 48 }, "corrected where the object is in view again: \(rows[1])")
        let counts = fields[7...11].compactMap { Int($0) }
        XCTAssertEqual(counts.count, 5, "frame counts of the forward-backward check: \(rows[1])")
        XCTAssertLessThanOrEqual(counts[1], counts[0], "off frames drawn solid are off frames")
        XCTAssertLessThanOrEqual(counts[2], counts[1], "of those, the disputed ones")
        XCTAssertLessThanOrEqual(counts[4], counts[3], "disputed frames off the object are disputed frames")
        XCTAssertTrue(loop.stdout.contains("forward-backward check: "), loop.stdout)
        let checked = fields[13].split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(checked.count, 2, "the checker gives a box on the first two listed frames: \(rows[1])")
        XCTAssertTrue((0...1).contains(Double(fields[14]) ?? -1), "\(rows[1])")
        let inTimeOrder = fields[15].split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(inTimeOrder, inTimeOrder.sorted(), "the second reviewer takes the moments in time order")
        XCTAssertTrue((1...2).contains(inTimeOrder.count) && inTimeOrder.allSatisfy { $0 >= 48 }, "\(rows[1])")
        let scores = fields[3...6].compactMap { Double($0) }
        XCTAssertEqual(scores.count, 4)
        for score in scores { XCTAssertTrue((0...1).contains(score), "\(rows[1])") }
        XCTAssertGreaterThan(scores[1], scores[0] + 0.03, "re-tracked from the correction beats the run: \(rows[1])")
        XCTAssertLessThan(scores[3], scores[1], "straight lines from two boxes miss the moving object: \(rows[1])")
        XCTAssertTrue(loop.stdout.contains("mean of 1: first run "), loop.stdout)
        XCTAssertTrue(loop.stdout.contains("(K = 0)") && loop.stdout.contains("(K = 2)"), loop.stdout)
        let badK = try CLI.vtrack(["eval", "review-loop", folder.path("data"), "--corrections", "1,x"])
        XCTAssertNotEqual(badK.status, 0)
        XCTAssertTrue(badK.stderr.contains("--corrections must be whole numbers"), badK.stderr)

        let truthPath = folder.path("data/Jump/groundtruth_rect.txt")
        let truth = try String(contentsOfFile: truthPath, encoding: .utf8)
        let ontoInput = try CLI.vtrack(["eval", "review-loop", folder.path("data"), "--csv", truthPath])
        XCTAssertEqual(ontoInput.status, 1)
        XCTAssertEqual(ontoInput.messages.count, 1, ontoInput.stderr)
        XCTAssertTrue(ontoInput.stderr.contains("refusing to overwrite an input file (the ground truth of Jump)"), ontoInput.stderr)
        XCTAssertEqual(try String(contentsOfFile: truthPath, encoding: .utf8), truth, "the ground truth was overwritten")

        let missing = try CLI.vtrack(["eval", "review-loop", folder.path("nowhere")])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.messages.count, 1, missing.stderr)
        XCTAssertTrue(missing.messages.first?.contains(folder.path("nowhere")) ?? false, missing.stderr)
    }
}
