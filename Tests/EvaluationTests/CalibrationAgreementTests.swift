import Evaluation
import Foundation
import TestFootage
import Tracking
import XCTest

/// The calibration figures of `vtrack eval` against the shared tools' `calibration.py`, an
/// independent numpy computation from the CSVs the evaluation wrote.
final class CalibrationAgreementTests: XCTestCase {
    private struct ScriptFigures: Decodable {
        let frames: Int
        let on_object: Double
        let mean_confidence: Double
        let ece: Double
        let brier: Double
        let solid_share: Double
        let dashed_on_object: Double
        let solid_failures: Double
        let lost_on_object: Double
        let lost_frames: Int
    }

    /// OPE on three development sequences where the tracker holds, loses and finds its object, for
    /// the bare tracker and the re-seeding pipeline at `fast`: the correlation filter's, which has
    /// `lost` frames there to score (the learned tracker has none on these three).
    func testEvalCalibrationMatchesCalibrationScript() throws {
        let sequences = try TestFootage.developmentData("data/sequences")
        let script = try TestFootage.developmentData("tools/calibration.py")
        let names = ["Animal1", "Couple", "wakeboard7"]
        for reseedEvery in [0, 50] {
            let out = try makeTemporaryFolder(self)
            var options = EvaluationOptions(levels: [.fast], sequences: names, outputDirectory: out.path, reseedEvery: reseedEvery)
            options.trackerKind = .correlationFilter
            let report = try DatasetEvaluation.run(dataset: sequences, options: options)
            let ours = try XCTUnwrap(report.levels.first?.summary.pooledCalibration)
            let data = try runPython([script, out.appendingPathComponent("fast").path, sequences, names.joined(separator: ","), "--json"])
            let theirs = try JSONDecoder().decode(ScriptFigures.self, from: data)
            let run = "reseed every \(reseedEvery)"
            XCTAssertEqual(ours.frames, theirs.frames, run)
            XCTAssertEqual(ours.lostFrames, theirs.lost_frames, run)
            XCTAssertGreaterThan(theirs.lost_frames, 0, "\(run): the runs should have lost frames to score")
            for (name, value, expected) in [
                ("on object", ours.onObject, theirs.on_object), ("mean confidence", ours.meanConfidence, theirs.mean_confidence),
                ("ECE", ours.expectedCalibrationError, theirs.ece), ("Brier", ours.brierScore, theirs.brier),
                ("solid share", ours.solidShare, theirs.solid_share), ("dashed on object", ours.dashedOnObject, theirs.dashed_on_object),
                ("solid failures", ours.solidFailures, theirs.solid_failures), ("lost on object", ours.lostOnObject ?? 0, theirs.lost_on_object),
            ] {
                XCTAssertEqual(value, expected, accuracy: 1e-9, "\(run): \(name)")
            }
            let svg = try String(contentsOfFile: report.calibrationPlot, encoding: .utf8)
            XCTAssertTrue(svg.contains("ECE \(String(format: "%.3f", ours.expectedCalibrationError))"), "\(run): reliability diagram legend")
        }
    }
}
