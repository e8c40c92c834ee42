import Evaluation
import Foundation

/// `vtrack eval --mot DIR`: runs ``MOTEvaluation`` and prints its table, one row per tracker and
/// sequence (vtrack first, then the peers), then each tracker's pooled row.
struct MOTEvalRun {
    let options: MOTEvaluationOptions

    func run(dataset: String) throws {
        let report = try MOTEvaluation.run(dataset: dataset, options: options) { result in
            StandardError.write("scored \(result.sequence) (\(result.figures.groundTruthBoxes) ground-truth boxes)\n")
            for warning in result.warnings {
                StandardError.write("warning: \(result.sequence): \(warning)\n")
            }
        }
        print("vtrack: level \(report.level), detector \(report.detector) every \(report.detectEvery) frames; matches at IoU >= 0.5")
        print(row(["sequence", "tracker", "MOTA", "MOTP", "IDF1", "IDP", "IDR", "HOTA", "DetA", "AssA",
                   "IDSW", "FP", "FN", "Frag", "MT", "PT", "ML", "fps"]))
        for name in report.sequenceNames {
            for tracker in report.trackers {
                guard let result = tracker.sequences.first(where: { $0.sequence == name }) else { continue }
                print(row(cells(name, tracker.name, result.figures, fps: result.trackerFPS)))
            }
        }
        for tracker in report.trackers {
            let count = tracker.sequences.count
            print(row(cells("all (\(count))", tracker.name, tracker.pooled, fps: tracker.trackerFPS)))
            if !tracker.missingSequences.isEmpty {
                print("  \(tracker.name) has no results for: \(tracker.missingSequences.joined(separator: ", "))")
            }
        }
        print("\nfps: vtrack's tracking and detection per second of their time, decoding excluded")
        print("wrote \(report.resultsJSON); vtrack's results in \(options.resultsFolder)")
    }

    private func cells(_ sequence: String, _ tracker: String, _ f: MOTFigures, fps: Double?) -> [String] {
        let ratios: [Double] = [f.mota, f.motp, f.idf1, f.idp, f.idr, f.hota, f.detA, f.assA]
        let counts: [Int] = [f.idsw, f.fp, f.fn, f.frag, f.mt, f.pt, f.ml]
        let rate = fps.map { String(format: "%.1f", $0) } ?? "-"
        return [sequence, tracker] + ratios.map { String(format: "%.3f", $0) } + counts.map { String($0) } + [rate]
    }

    private func row(_ cells: [String]) -> String {
        let widths = [16, 10] + [Int](repeating: 6, count: 8) + [5, 6, 6, 5, 4, 4, 4, 6]
        return zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return index < 2 ? cell + padding : padding + cell
        }.joined(separator: " ")
    }
}
