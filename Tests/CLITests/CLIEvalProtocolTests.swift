import Foundation
import XCTest

/// `vtrack eval` end to end on a synthetic sequence that `vtrack synth` writes into the test's
/// folder (120 frames, exact ground truth on every frame): SRE and TRE run layouts, the printed
/// figures against `results.json`, and the `--require` floors.
final class CLIEvalProtocolTests: XCTestCase {
    private let frames = 120
    private let sequence = "Synthetic"

    /// Runs `vtrack eval` at `fast` on `FOLDER/sequences` (written on first use) into `FOLDER/out`.
    private func eval(_ arguments: [String], in folder: CLITemporaryFolder) throws -> ProcessOutcome {
        let sequences = folder.path("sequences")
        if !FileManager.default.fileExists(atPath: sequences) {
            let synth = try CLI.vtrack(["synth", "\(sequences)/\(sequence)/\(sequence).mp4", "--frames", "\(frames)",
                                        "--width", "320", "--height", "240"])
            XCTAssertEqual(synth.status, 0, synth.stderr)
        }
        let outcome = try CLI.vtrack(["eval", sequences, "--sequences", sequence, "--level", "fast", "--out", folder.path("out")] + arguments)
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
        XCTAssertTrue(lines.contains("  worst sequence: \(sequence), AUC \(printed)"), outcome.stdout)
    }

    func testSpatialRobustnessWritesTwelveFullRuns() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try eval(["--protocol", "sre"], in: folder)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let runs = folder.files(under: "out/fast/sre/\(sequence)")
        XCTAssertEqual(runs, ["scale-0.8.csv", "scale-0.9.csv", "scale-1.1.csv", "scale-1.2.csv",
                              "shift-down-left.csv", "shift-down-right.csv", "shift-down.csv", "shift-left.csv",
                              "shift-right.csv", "shift-up-left.csv", "shift-up-right.csv", "shift-up.csv"])
        for run in runs {
            XCTAssertEqual(try frameColumn(folder.path("out/fast/sre/\(sequence)/" + run)), Array(0..<frames), run)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/fast/\(sequence).csv")))
        try assertPrintedMeanMatchesJSON(outcome, out: folder.path("out"))
        XCTAssertTrue(outcome.stdout.contains("fast summary (SRE, bare tracker, 12-12 runs per sequence"), outcome.stdout)
    }

    func testSpatialRobustnessRunsOnlyTheNamedStarts() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try eval(["--protocol", "sre", "--starts", "scale-1.2,shift-left"], in: folder)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(folder.files(under: "out/fast/sre/\(sequence)"), ["scale-1.2.csv", "shift-left.csv"])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/results.json"))))
        XCTAssertEqual((json as? [String: Any])?["starts"] as? [String], ["shift-left", "scale-1.2"])
        XCTAssertTrue(outcome.stdout.contains("fast summary (SRE, bare tracker, 2-2 runs per sequence"), outcome.stdout)

        let unknown = try eval(["--protocol", "sre", "--starts", "scale-0.7"], in: folder)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no SRE start is called 'scale-0.7'"), unknown.stderr)
        let notSRE = try eval(["--starts", "scale-0.8"], in: folder)
        XCTAssertNotEqual(notSRE.status, 0)
        XCTAssertTrue(notSRE.stderr.contains("--starts needs --protocol sre"), notSRE.stderr)
    }

    func testTheEvaluationFolderHoldsNoInputAndIsAFolder() throws {
        let folder = try CLITemporaryFolder()
        let sequences = folder.path("sequences")
        let synth = try CLI.vtrack(["synth", "\(sequences)/\(sequence)/\(sequence).mp4", "--frames", "30", "--width", "320", "--height", "240"])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        let before = folder.files(under: "sequences")
        for out in [sequences, "\(sequences)/\(sequence)"] {
            let outcome = try CLI.vtrack(["eval", sequences, "--level", "fast", "--out", out])
            XCTAssertNotEqual(outcome.status, 0, out)
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("(the video of \(sequence)) is inside it"), outcome.stderr)
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
        }
        XCTAssertEqual(folder.files(under: "sequences"), before, "nothing was written among the inputs")
        let standardOutput = try CLI.vtrack(["eval", sequences, "--level", "fast", "--out", "-"])
        XCTAssertNotEqual(standardOutput.status, 0)
        XCTAssertTrue(standardOutput.stderr.contains("'-' (standard output) cannot hold a folder"), standardOutput.stderr)
    }

    func testTemporalRobustnessStartsAtTwentyFrames() throws {
        let folder = try CLITemporaryFolder()
        let outcome = try eval(["--protocol", "tre"], in: folder)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let runs = folder.files(under: "out/fast/tre/\(sequence)")
        let starts = (0..<20).map { 6 * $0 }   // round(k * 120 / 20); every frame is annotated
        XCTAssertEqual(runs, starts.map { String(format: "start-%04d.csv", $0) })
        for (run, start) in zip(runs, starts) {
            XCTAssertEqual(try frameColumn(folder.path("out/fast/tre/\(sequence)/" + run)), Array(start..<frames), run)
        }
        try assertPrintedMeanMatchesJSON(outcome, out: folder.path("out"))
        let json = try JSONSerialization.jsonObject(with: folder.data("out/results.json")) as? [String: Any]
        XCTAssertEqual(json?["protocol"] as? String, "tre")
        XCTAssertEqual(json?["reseed_every"] as? Int, 0)
    }

    func testRequireFailsBelowTheFloorAndPassesAboveIt() throws {
        let folder = try CLITemporaryFolder()
        try folder.write(#"{"fast": {"meanAUC": 0.99, "maxFailureRateAbove": 1}}"#, to: "high.json")
        let failing = try eval(["--require", folder.path("high.json")], in: folder)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let violations = failing.messages.filter { $0.hasPrefix("eval: ") }
        XCTAssertEqual(violations.count, 1, failing.stderr)
        XCTAssertTrue(violations.first?.hasPrefix("eval: fast mean AUC 0.") ?? false, failing.stderr)
        XCTAssertTrue(violations.first?.hasSuffix(" is below the floor 0.990") ?? false, failing.stderr)
        XCTAssertTrue(failing.stdout.contains("fast summary (OPE"), "everything is printed first: \(failing.stdout)")

        try folder.write(#"{"fast": {"meanAUC": 0.05, "meanConfidenceROCAUC": 0, "maxFailureRateAbove": 1}, "accurate": {"meanAUC": 0.99}}"#,
                         to: "low.json")
        let passing = try eval(["--require", folder.path("low.json")], in: folder)
        XCTAssertEqual(passing.status, 0, passing.stderr)
        XCTAssertEqual(passing.messages.filter { $0.hasPrefix("eval: ") }, [])

        try folder.write(#"{"fast": {"meanAuc": 0.5}}"#, to: "typo.json")
        let typo = try eval(["--require", folder.path("typo.json")], in: folder)
        XCTAssertNotEqual(typo.status, 0)
        XCTAssertTrue(typo.stderr.contains("typo.json: unknown key 'fast.meanAuc'"), typo.stderr)
    }

    /// The calibration ceilings of `--require`, the calibration lines and plot, and `--evidence`.
    func testCalibrationIsPrintedStoredAndGuarded() throws {
        let folder = try CLITemporaryFolder()
        try folder.write(#"{"fast": {"maxECE": 0, "maxDashedOnObject": 1}}"#, to: "ece.json")
        let outcome = try eval(["--require", folder.path("ece.json"), "--evidence"], in: folder)
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
        let evidence = String(decoding: try folder.data("out/fast/\(sequence).evidence.csv"), as: UTF8.self)
        let lines = evidence.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("frame,x,y,width,height,confidence,state,visible_fraction,tracker_bias,") ?? false, evidence)
        XCTAssertEqual(lines.count, frames + 1, "a header and one row per frame")
    }

    func testReseedingRunsThePipelineAndRefusesCustomParameters() throws {
        let folder = try CLITemporaryFolder()
        let refused = try eval(["--reseed-every", "50", "--set", "padding=2"], in: folder)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("--set cannot be combined with --reseed-every 50"), refused.stderr)

        let outcome = try eval(["--reseed-every", "50"], in: folder)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try frameColumn(folder.path("out/fast/\(sequence).csv")), Array(0..<frames))
        XCTAssertTrue(outcome.stdout.contains("pipeline re-seeding every 50 frames"), outcome.stdout)
        let json = try JSONSerialization.jsonObject(with: folder.data("out/results.json")) as? [String: Any]
        XCTAssertEqual(json?["reseed_every"] as? Int, 50)
    }
}
