import Foundation
import XCTest

/// `vtrack eval` end to end on a short real sequence (Crossing, 120 frames) from the shared folder
/// beside the repository: SRE and TRE run layouts, the printed figures against `results.json`,
/// and the `--require` floors.
final class CLIEvalProtocolTests: XCTestCase {
    private let frames = 120

    private func sequences() throws -> String {
        let path = cliPackageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/sequences").path
        guard FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Crossing/groundtruth_rect.txt")) else {
            throw XCTSkip("\(path)/Crossing is missing (the shared folder is expected beside the repository)")
        }
        return path
    }

    private func eval(_ arguments: [String], out: String) throws -> ProcessOutcome {
        let outcome = try CLI.vtrack(["eval", try sequences(), "--sequences", "Crossing", "--level", "fast", "--out", out] + arguments)
        XCTAssertFalse(outcome.signalled, outcome.stderr)
        return outcome
    }

    /// The `frame` column of a vtrack CSV.
    private func frameColumn(_ path: String) throws -> [Int] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { try XCTUnwrap(Int($0.split(separator: ",")[0])) }
    }

    /// The mean AUC printed on the level's mean row and in its summary equal results.json's, to 3 decimals.
    private func assertPrintedMeanMatchesJSON(_ outcome: ProcessOutcome, out: String) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/results.json")))
        let level = try XCTUnwrap(((json as? [String: Any])?["levels"] as? [[String: Any]])?.first)
        let meanAUC = try XCTUnwrap((level["summary"] as? [String: Any])?["mean_auc"] as? Double)
        let printed = String(format: "%.3f", meanAUC)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let meanRow = try XCTUnwrap(lines.first { $0.hasPrefix("mean (1)") }, outcome.stdout)
        XCTAssertEqual(meanRow.split(separator: " ", omittingEmptySubsequences: true)[4], Substring(printed), meanRow)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  mean AUC \(printed), mean Prec@20 ") }, outcome.stdout)
        XCTAssertTrue(lines.contains("  worst sequence: Crossing, AUC \(printed)"), outcome.stdout)
    }

    func testSpatialRobustnessWritesTwelveFullRuns() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try eval(["--protocol", "sre"], out: folder.path("out"))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let runs = folder.files(under: "out/fast/sre/Crossing")
        XCTAssertEqual(runs, ["scale-0.8.csv", "scale-0.9.csv", "scale-1.1.csv", "scale-1.2.csv",
                              "shift-down-left.csv", "shift-down-right.csv", "shift-down.csv", "shift-left.csv",
                              "shift-right.csv", "shift-up-left.csv", "shift-up-right.csv", "shift-up.csv"])
        for run in runs {
            XCTAssertEqual(try frameColumn(folder.path("out/fast/sre/Crossing/" + run)), Array(0..<frames), run)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/fast/Crossing.csv")))
        try assertPrintedMeanMatchesJSON(outcome, out: folder.path("out"))
        XCTAssertTrue(outcome.stdout.contains("fast summary (SRE, bare tracker, 12-12 runs per sequence"), outcome.stdout)
    }

    func testTemporalRobustnessStartsAtTwentyFrames() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try eval(["--protocol", "tre"], out: folder.path("out"))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let runs = folder.files(under: "out/fast/tre/Crossing")
        let starts = (0..<20).map { 6 * $0 }   // round(k * 120 / 20); every frame of Crossing is annotated
        XCTAssertEqual(runs, starts.map { String(format: "start-%04d.csv", $0) })
        for (run, start) in zip(runs, starts) {
            XCTAssertEqual(try frameColumn(folder.path("out/fast/tre/Crossing/" + run)), Array(start..<frames), run)
        }
        try assertPrintedMeanMatchesJSON(outcome, out: folder.path("out"))
        let json = try JSONSerialization.jsonObject(with: folder.data("out/results.json")) as? [String: Any]
        XCTAssertEqual(json?["protocol"] as? String, "tre")
        XCTAssertEqual(json?["reseed_every"] as? Int, 0)
    }

    func testRequireFailsBelowTheFloorAndPassesAboveIt() throws {
        let folder = try CLITemporaryFolder()
        try folder.write(#"{"fast": {"meanAUC": 0.99, "maxFailureRateAbove": 1}}"#, to: "high.json")
        let failing = try eval(["--require", folder.path("high.json")], out: folder.path("out"))
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let violations = failing.messages.filter { $0.hasPrefix("eval: ") }
        XCTAssertEqual(violations.count, 1, failing.stderr)
        XCTAssertTrue(violations.first?.hasPrefix("eval: fast mean AUC 0.") ?? false, failing.stderr)
        XCTAssertTrue(violations.first?.hasSuffix(" is below the floor 0.990") ?? false, failing.stderr)
        XCTAssertTrue(failing.stdout.contains("fast summary (OPE"), "everything is printed first: \(failing.stdout)")

        try folder.write(#"{"fast": {"meanAUC": 0.05, "meanConfidenceROCAUC": 0, "maxFailureRateAbove": 1}, "accurate": {"meanAUC": 0.99}}"#,
                         to: "low.json")
        let passing = try eval(["--require", folder.path("low.json")], out: folder.path("out"))
        XCTAssertEqual(passing.status, 0, passing.stderr)
        XCTAssertEqual(passing.messages.filter { $0.hasPrefix("eval: ") }, [])

        try folder.write(#"{"fast": {"meanAuc": 0.5}}"#, to: "typo.json")
        let typo = try eval(["--require", folder.path("typo.json")], out: folder.path("out"))
        XCTAssertNotEqual(typo.status, 0)
        XCTAssertTrue(typo.stderr.contains("typo.json: unknown key 'fast.meanAuc'"), typo.stderr)
    }

    /// The calibration ceilings of `--require`, the calibration lines and plot, and `--evidence`.
    func testCalibrationIsPrintedStoredAndGuarded() throws {
        let folder = try CLITemporaryFolder()
        try folder.write(#"{"fast": {"maxECE": 0, "maxDashedOnObject": 1}}"#, to: "ece.json")
        let outcome = try eval(["--require", folder.path("ece.json"), "--evidence"], out: folder.path("out"))
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let violations = outcome.messages.filter { $0.hasPrefix("eval: ") }
        XCTAssertEqual(violations.count, 1, outcome.stderr)
        XCTAssertTrue(violations.first?.hasPrefix("eval: fast confidence ECE 0.") ?? false, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("calibration (confidence = probability of IoU >= 0.5), all frames pooled: ECE "), outcome.stdout)
        let json = try JSONSerialization.jsonObject(with: folder.data("out/results.json")) as? [String: Any]
        let level = (json?["levels"] as? [[String: Any]])?.first
        let calibration = (level?["summary"] as? [String: Any])?["calibration_pooled"] as? [String: Any]
        XCTAssertEqual((calibration?["bins"] as? [Any])?.count, 10)
        XCTAssertNotNil(calibration?["ece"] as? Double)
        XCTAssertTrue(String(decoding: try folder.data("out/calibration.svg"), as: UTF8.self).contains("Reliability of the confidence"))
        let evidence = String(decoding: try folder.data("out/fast/Crossing.evidence.csv"), as: UTF8.self)
        let lines = evidence.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("frame,x,y,width,height,confidence,state,visible_fraction,tracker_bias,") ?? false, evidence)
        XCTAssertEqual(lines.count, frames + 1, "a header and one row per frame")
    }

    func testReseedingRunsThePipelineAndRefusesCustomParameters() throws {
        let folder = try CLITemporaryFolder()
        let refused = try eval(["--reseed-every", "50", "--set", "padding=2"], out: folder.path("out"))
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("--set cannot be combined with --reseed-every 50"), refused.stderr)

        let outcome = try eval(["--reseed-every", "50"], out: folder.path("out"))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try frameColumn(folder.path("out/fast/Crossing.csv")), Array(0..<frames))
        XCTAssertTrue(outcome.stdout.contains("pipeline re-seeding every 50 frames"), outcome.stdout)
        let json = try JSONSerialization.jsonObject(with: folder.data("out/results.json")) as? [String: Any]
        XCTAssertEqual(json?["reseed_every"] as? Int, 50)
    }
}
