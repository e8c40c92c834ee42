import Evaluation
import Foundation
import Imaging
import TestFootage
import XCTest

/// Scores the same files with this module and with `tools/otb_metrics.py` and compares the numbers.
final class OTBScriptAgreementTests: XCTestCase {
    private struct ScriptReport: Decodable {
        let per_sequence: [String: ScriptMetrics]
    }

    private struct ScriptMetrics: Decodable {
        let frames: Int
        let auc: Double
        let prec20: Double
        let norm_prec_at_0_2: Double
        let norm_prec_auc: Double
        let success_at_0_5: Double
        let mean_iou: Double
        let success_curve: [Double]
        let precision_curve: [Double]
        let conf_roc_auc: Double?
        let fail_rate_conf_hi: Double?
        let fail_rate_conf_lo: Double?
        let n_conf_hi: Int?
        let n_conf_lo: Int?

        enum CodingKeys: String, CodingKey {
            case frames, auc, prec20, norm_prec_auc, mean_iou, success_curve, precision_curve
            case conf_roc_auc, fail_rate_conf_hi, fail_rate_conf_lo, n_conf_hi, n_conf_lo
            case norm_prec_at_0_2 = "norm_prec_at_0.2"
            case success_at_0_5 = "success_at_0.5"
        }
    }

    /// Runs the script on a GT file and a prediction file; skips when python3 or numpy is missing.
    private func runScript(gt: String, pred: String) throws -> ScriptMetrics {
        let script = try TestFootage.developmentData("tools/otb_metrics.py")
        let data = try runPython([script, "--gt", gt, "--pred", pred, "--json", "--curves"])
        let report = try JSONDecoder().decode(ScriptReport.self, from: data)
        return try XCTUnwrap(report.per_sequence.values.first)
    }

    /// A deterministic jittery tracker: drifts, loses the object for a while, comes back; confidence
    /// follows the error loosely, with ties.
    private func syntheticSequence(frames: Int) -> (truth: [PixelRect], rows: [String], gtText: String) {
        var truth: [PixelRect] = [], rows = ["frame,time_s,track_id,label,x,y,width,height,confidence,style,state"]
        var gtLines: [String] = []
        var state: UInt64 = 12345
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for k in 0..<frames {
            let box = PixelRect(x: 50 + 2 * Double(k), y: 40 + Double(k % 7), width: 30 + Double(k % 5), height: 60)
            if k == 11 || k == 12 {
                gtLines.append(k == 11 ? "NaN,NaN,NaN,NaN" : "10,10,0,0")
                truth.append(PixelRect(x: .nan, y: .nan, width: .nan, height: .nan))
            } else {
                gtLines.append(k % 3 == 0 ? "\(box.x)\t\(box.y)\t\(box.width)\t\(box.height)" : "\(box.x),\(box.y),\(box.width),\(box.height)")
                truth.append(box)
            }
            let lost = (40..<55).contains(k)
            let dx = lost ? 80 + 10 * random() : 30 * (random() - 0.5)
            let dy = 12 * (random() - 0.5)
            let scale = 0.8 + 0.4 * random()
            let x = box.x + dx, y = box.y + dy, w = box.width * scale, h = box.height * scale
            let confidence = lost ? (random() < 0.3 ? 0.7 : 0.2) : (random() < 0.2 ? 0.5 : 0.6 + 0.4 * random())
            let rounded = (confidence * 10).rounded() / 10
            if k == 30 { continue }                          // no row: a missing prediction
            let conf = k == 0 ? "" : String(rounded)
            rows.append("\(k),\(Double(k) / 30),1,seq,\(x),\(y),\(w),\(h),\(conf),solid,tracked")
        }
        return (truth, rows, gtLines.joined(separator: "\n") + "\n")
    }

    func testScoresAgreeWithOTBMetricsScript() throws {
        let folder = try makeTemporaryFolder(self)
        let (_, rows, gtText) = syntheticSequence(frames: 90)
        let gtPath = folder.appendingPathComponent("groundtruth_rect.txt").path
        let predPath = folder.appendingPathComponent("seq.csv").path
        try gtText.write(toFile: gtPath, atomically: true, encoding: .utf8)
        try (rows.joined(separator: "\n") + "\n").write(toFile: predPath, atomically: true, encoding: .utf8)

        let script = try runScript(gt: gtPath, pred: predPath)
        let truth = try GroundTruthFile.read(path: gtPath)
        let track = try PredictionFile.read(path: predPath, frameCount: truth.count)
        let ours = SequenceScore(predictions: track.boxes, groundTruth: truth, confidences: track.confidences)

        XCTAssertEqual(ours.curves.frames, script.frames)
        XCTAssertEqual(ours.curves.frames, 88)
        XCTAssertEqual(ours.curves.auc, script.auc, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.precisionAt20, script.prec20, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.normalizedPrecisionAt02, script.norm_prec_at_0_2, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.normalizedPrecisionAUC, script.norm_prec_auc, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.successAt05, script.success_at_0_5, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.meanIoU, script.mean_iou, accuracy: 1e-3)
        XCTAssertEqual(ours.curves.successCurve.count, script.success_curve.count)
        for (a, b) in zip(ours.curves.successCurve, script.success_curve) { XCTAssertEqual(a, b, accuracy: 1e-3) }
        for (a, b) in zip(ours.curves.precisionCurve, script.precision_curve) { XCTAssertEqual(a, b, accuracy: 1e-3) }
        let confidence = try XCTUnwrap(ours.confidence)
        XCTAssertEqual(confidence.rocAUC ?? -1, try XCTUnwrap(script.conf_roc_auc), accuracy: 1e-3)
        XCTAssertEqual(confidence.failureRateAbove ?? -1, try XCTUnwrap(script.fail_rate_conf_hi), accuracy: 1e-3)
        XCTAssertEqual(confidence.failureRateAtOrBelow ?? -1, try XCTUnwrap(script.fail_rate_conf_lo), accuracy: 1e-3)
        XCTAssertEqual(confidence.framesAbove, script.n_conf_hi)
        XCTAssertEqual(confidence.framesAtOrBelow, script.n_conf_lo)
        // The synthetic tracker is neither perfect nor hopeless, so the comparison means something.
        XCTAssertGreaterThan(ours.curves.auc, 0.2)
        XCTAssertLessThan(ours.curves.auc, 0.8)
        XCTAssertGreaterThan(confidence.rocAUC ?? 0, 0.6)
    }

    func testPeerScoresAgreeWithTheirPublishedSummary() throws {
        let summaryPath = try TestFootage.developmentData("data/peers/summary.json")
        let peers = try PeerResults(path: summaryPath)
        let dataset = try OTBDataset(directory: try TestFootage.developmentData("data/sequences"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summaryPath)))
        let published = try XCTUnwrap((json as? [String: Any])?["trackers"] as? [String: Any])
        // The summary covers the whole shared set (it grew from 5 to 20, then 43 sequences), so its own
        // figures are the expectation.
        let csrt = try XCTUnwrap(peers.trackers.first { $0.name == "CSRT" })
        let csrtSummary = try XCTUnwrap(published["CSRT"] as? [String: Any])
        let scored = try csrt.score(on: dataset.sequences)
        XCTAssertEqual(scored.scores.count, dataset.sequences.count)
        XCTAssertEqual(scored.summary.meanAUC, try XCTUnwrap(csrtSummary["mean_auc"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(scored.summary.meanPrecisionAt20, try XCTUnwrap(csrtSummary["mean_prec20"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(scored.summary.frameWeighted.auc, try XCTUnwrap(csrtSummary["frame_weighted_auc"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(csrt.publishedFPS), try XCTUnwrap(csrtSummary["fps_update_pooled"] as? Double), accuracy: 1e-9)

        // Every peer the summary lists, on every sequence, against the per-sequence numbers
        // otb_metrics.py published (the folder also keeps older peers' results on fewer sequences).
        XCTAssertEqual(Set(published.keys).subtracting(peers.trackers.map(\.name)), [])
        for peer in peers.trackers where published[peer.name] != nil {
            let perSequence = try XCTUnwrap((published[peer.name] as? [String: Any])?["per_sequence"] as? [String: Any])
            for (sequence, _, score) in try peer.score(on: dataset.sequences).scores {
                let expected = try XCTUnwrap(perSequence[sequence] as? [String: Any], "\(peer.name) \(sequence)")
                let label = "\(peer.name) \(sequence)"
                XCTAssertEqual(score.curves.frames, expected["frames"] as? Int, label)
                XCTAssertEqual(score.curves.auc, try XCTUnwrap(expected["auc"] as? Double), accuracy: 1e-9, label)
                XCTAssertEqual(score.curves.precisionAt20, try XCTUnwrap(expected["prec20"] as? Double), accuracy: 1e-9, label)
                XCTAssertEqual(score.curves.normalizedPrecisionAUC, try XCTUnwrap(expected["norm_prec_auc"] as? Double),
                               accuracy: 1e-9, label)
                if let rocAUC = expected["conf_roc_auc"] as? Double {
                    XCTAssertEqual(score.confidence?.rocAUC ?? -1, rocAUC, accuracy: 1e-9, label)
                } else {
                    XCTAssertNil(score.confidence?.rocAUC, label)
                }
            }
        }
    }
}
