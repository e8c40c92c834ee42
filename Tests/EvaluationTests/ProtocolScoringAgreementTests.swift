import Evaluation
import Files
import Foundation
import Imaging
import Pipeline
import TestFootage
import XCTest

/// SRE and TRE scoring against `tools/otb_metrics.py`: each run scored alone by the script (ground
/// truth from the run's start frame on, `--frame-offset -start`), and each sequence's pooled figures
/// computed by the script's own functions over the concatenated frames of its runs.
final class ProtocolScoringAgreementTests: XCTestCase {
    /// Pools runs with otb_metrics' functions: argv = script folder, then (gt, csv, start) triples.
    private let pooledScorer = """
    import json, sys
    import numpy as np
    sys.path.insert(0, sys.argv[1])
    import otb_metrics as m
    runs = [m.score_file(sys.argv[i + 1], sys.argv[i], frame_offset=-int(sys.argv[i + 2]))
            for i in range(2, len(sys.argv), 3)]
    ious = np.concatenate([r.ious for r in runs])
    out = m.curves(ious, np.concatenate([r.errs for r in runs]), np.concatenate([r.nerrs for r in runs]))
    out.update(m.confidence_stats(np.concatenate([r.conf for r in runs]), ious))
    out["runs"] = [{"frames": r.metrics["frames"], "auc": r.metrics["auc"]} for r in runs]
    print(json.dumps(out))
    """

    private func python(_ arguments: [String]) throws -> [String: Any] {
        let data = try runPython(arguments)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The ground truth from line `start + 1` on, as the script's `--gt` for a run starting there.
    private func slicedGroundTruth(_ sequence: OTBSequence, from start: Int, in folder: URL) throws -> String {
        let lines = try String(contentsOfFile: sequence.groundTruthPath, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let path = folder.appendingPathComponent("gt-\(sequence.name)-\(start).txt").path
        try (lines[start...].joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func assertAgreement(_ protocolName: EvaluationProtocol, sequence name: String) throws {
        let script = try TestFootage.developmentData("tools/otb_metrics.py")
        let data = try TestFootage.developmentData("data/sequences")
        let folder = try makeTemporaryFolder(self)
        var options = EvaluationOptions(levels: [.fast], sequences: [name], outputDirectory: folder.appendingPathComponent("out").path,
                                        evaluationProtocol: protocolName)
        // The scoring is under test, not the tracker: the filter's runs fail on some frames and hold on
        // others, which the confidence's ROC AUC needs (the learned tracker does not fail on Football1).
        options.trackerKind = .correlationFilter
        let report = try DatasetEvaluation.run(dataset: data, options: options)
        let sequence = try OTBSequence(directory: FilePath.joining(data, name))
        let result = try XCTUnwrap(report.levels.first?.sequences.first)
        XCTAssertEqual(result.runs.count, protocolName == .sre ? 12 : RunStart.temporal(groundTruth: sequence.groundTruth).count)

        var triples: [String] = []
        for run in result.runs {
            let gt = try slicedGroundTruth(sequence, from: run.startFrame, in: folder)
            triples += [gt, run.csv, "\(run.startFrame)"]
        }
        // One run through the script's command line, as a user would score it.
        let last = try XCTUnwrap(result.runs.last)
        let cli = try python([script, "--gt", triples[triples.count - 3], "--pred", last.csv,
                              "--frame-offset", "-\(last.startFrame)", "--json"])
        let cliRun = try XCTUnwrap((cli["per_sequence"] as? [String: Any])?.values.first as? [String: Any])
        XCTAssertEqual(cliRun["frames"] as? Int, last.frames)
        XCTAssertEqual(try XCTUnwrap(cliRun["auc"] as? Double), last.auc, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(cliRun["prec20"] as? Double), last.precisionAt20, accuracy: 1e-9)

        let pooled = try python(["-c", pooledScorer, FilePath.folder(of: script)] + triples)
        let label = "\(protocolName.rawValue) \(name)"
        let scriptRuns = try XCTUnwrap(pooled["runs"] as? [[String: Any]])
        for (ours, theirs) in zip(result.runs, scriptRuns) {
            XCTAssertEqual(ours.frames, theirs["frames"] as? Int, "\(label) \(ours.name)")
            XCTAssertEqual(ours.auc, try XCTUnwrap(theirs["auc"] as? Double), accuracy: 1e-9, "\(label) \(ours.name)")
        }
        XCTAssertEqual(result.scores.frames, pooled["frames"] as? Int, label)
        XCTAssertEqual(result.scores.frames, result.runs.reduce(0) { $0 + $1.frames }, label)
        XCTAssertEqual(result.scores.auc, try XCTUnwrap(pooled["auc"] as? Double), accuracy: 1e-9, label)
        XCTAssertEqual(result.scores.precisionAt20, try XCTUnwrap(pooled["prec20"] as? Double), accuracy: 1e-9, label)
        // Pooling is the frame-weighted combination of the runs.
        let weighted = result.runs.reduce(0.0) { $0 + Double($1.frames) * $1.auc } / Double(result.scores.frames)
        XCTAssertEqual(result.scores.auc, weighted, accuracy: 1e-9, label)

        let confidence = try XCTUnwrap(result.confidence)
        XCTAssertEqual(confidence.framesAbove, pooled["n_conf_hi"] as? Int, label)
        XCTAssertEqual(confidence.framesAtOrBelow, pooled["n_conf_lo"] as? Int, label)
        XCTAssertEqual(confidence.failureRateAbove ?? -1, (pooled["fail_rate_conf_hi"] as? Double) ?? -1, accuracy: 1e-9, label)
        XCTAssertEqual(confidence.failureRateAtOrBelow ?? -1, (pooled["fail_rate_conf_lo"] as? Double) ?? -1, accuracy: 1e-9, label)
        let rocAUC = try XCTUnwrap(pooled["conf_roc_auc"] as? Double, "\(label): the runs should have failures and successes")
        XCTAssertEqual(confidence.rocAUC ?? -1, rocAUC, accuracy: 1e-9, label)
    }

    func testTemporalRunsAgreeWithTheScript() throws {
        try assertAgreement(.tre, sequence: "Football1")
    }

    func testSpatialRunsAgreeWithTheScript() throws {
        try assertAgreement(.sre, sequence: "Football1")
    }

    /// A run that starts after frame 0 on a ground truth with unannotated frames: only its own frames
    /// count, its start frame is the initialisation (scored, no confidence).
    func testLateStartIsScoredFromItsStartFrame() {
        let nan = PixelRect(x: .nan, y: .nan, width: .nan, height: .nan)
        let truth = (0..<10).map { $0 == 6 ? nan : PixelRect(x: Double(10 * $0), y: 0, width: 10, height: 10) }
        var predictions: [PixelRect?] = Array(repeating: nil, count: 10)
        for k in 4..<10 { predictions[k] = PixelRect(x: Double(10 * k) + 5, y: 0, width: 10, height: 10) }
        let confidences: [Double?] = (0..<10).map { $0 < 4 ? nil : 0.9 }
        let m = FrameMeasurements(predictions: predictions, groundTruth: truth, confidences: confidences, startFrame: 4)
        XCTAssertEqual(m.frames, [4, 5, 7, 8, 9])
        XCTAssertEqual(m.unscoredGroundTruthFrames, 1)
        XCTAssertEqual(m.ious.map { ($0 * 1e6).rounded() / 1e6 }, Array(repeating: 1.0 / 3.0, count: 5).map { ($0 * 1e6).rounded() / 1e6 })
        XCTAssertTrue(m.confidences?[0].isNaN ?? false)
        XCTAssertEqual(Array(m.confidences?.dropFirst() ?? []), [0.9, 0.9, 0.9, 0.9])
        // A missing start-frame box is filled with the ground truth, as otb_metrics.py does.
        predictions[4] = nil
        let filled = FrameMeasurements(predictions: predictions, groundTruth: truth, startFrame: 4)
        XCTAssertEqual(filled.ious.first, 1)
    }
}
