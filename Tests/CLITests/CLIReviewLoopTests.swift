import Foundation
import XCTest

/// `vtrack eval review-loop` on a synthetic sequence whose object hides for a moment and reappears
/// elsewhere: the run is lost after the object is back in view (with the correlation filter at
/// `fast`, on frame 53), so the reviewer corrects that moment, and re-tracking from the correction
/// scores better than the run; every way of using K boxes is scored over every annotated frame. Its CSV
/// may not be one of the dataset's files.
final class CLIReviewLoopTests: XCTestCase {
    func testTheReviewerCorrectsMomentsWhereTheBoxIsOffAndEachWayIsScored() throws {
        let folder = try CLITemporaryFolder()
        let made = try CLI.vtrack(["synth", folder.path("data/Jump/Jump.mp4"), "--frames", "120", "--hide-from", "40", "--hide-for", "8",
                                   "--jump", "150,60"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("data/Jump/groundtruth_rect.txt")))
        let loop = try CLI.vtrack(["eval", "review-loop", folder.path("data"), "--corrections", "2", "--level", "fast", "--correlation-filter",
                                   "--csv", folder.path("loop.csv")], timeout: 300)
        XCTAssertEqual(loop.status, 0, loop.stderr)
        print(loop.stdout)
        let rows = try String(contentsOfFile: folder.path("loop.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "sequence,corrections_allowed,corrected_frames,first_run_auc,corrected_auc,evenly_spaced_auc,straight_lines_auc")
        XCTAssertEqual(rows.count, 2, "one row per sequence")
        let fields = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(fields.prefix(2)), ["Jump", "2"])
        let corrected = fields[2].split(separator: " ").compactMap { Int($0) }
        XCTAssertTrue((1...2).contains(corrected.count), "a moment with the box off the object, at most K: \(rows[1])")
        XCTAssertTrue(corrected.allSatisfy { $0 >= 48 }, "corrected where the object is in view again: \(rows[1])")
        XCTAssertEqual(corrected, corrected.sorted(), "in the order the page lists the moments")
        let scores = fields.dropFirst(3).compactMap { Double($0) }
        XCTAssertEqual(scores.count, 4)
        for score in scores { XCTAssertTrue((0...1).contains(score), "\(rows[1])") }
        XCTAssertGreaterThan(scores[1], scores[0] + 0.03, "re-tracked from the correction beats the run: \(rows[1])")
        XCTAssertLessThan(scores[3], scores[1], "straight lines from two boxes miss the moving object: \(rows[1])")
        XCTAssertTrue(loop.stdout.contains("mean of 1: first run "), loop.stdout)

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
