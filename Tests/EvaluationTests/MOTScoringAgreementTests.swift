import Evaluation
import Foundation
import TestFootage
import XCTest

/// `vtrack eval --mot`'s figures against py-motmetrics 1.4.0 and TrackEval 1.3.0 on the same files
/// (scripts/ci/mot-reference-scores.py, in the environment scripts/setup/mot-scoring-venv.sh makes): vtrack's
/// own automatic tracking of both TUD sequences, and a perturbed copy of their ground truth with
/// dropped rows, shifted and resized boxes, swapped and renewed ids and false positives.
final class MOTScoringAgreementTests: XCTestCase {
    private typealias Figures = [String: Double]
    private let sequences = ["TUD-Campus", "TUD-Stadtmitte"]

    /// Skips the test when the reference scorers' environment has not been made.
    private func requireReferenceEnvironment() throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw XCTSkip("\(python) is missing: run scripts/setup/mot-scoring-venv.sh to make the reference scorers' environment")
        }
    }

    private var python: String { TestFootage.packageRoot.appendingPathComponent(".venv-mot/bin/python").path }

    /// The scripts' figures by scorer (`motmetrics`, `trackeval`) and sequence (`COMBINED` pooled).
    private func referenceScores(dataset: String, results: String) throws -> [String: [String: Figures]] {
        try requireReferenceEnvironment()
        let script = TestFootage.packageRoot.appendingPathComponent("scripts/ci/mot-reference-scores.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, dataset, results, "--sequences", sequences.joined(separator: ","), "--json"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
        return try JSONDecoder().decode([String: [String: Figures]].self, from: data)
    }

    /// Our figures of each sequence's `<Seq>.txt` in `results`, and pooled (`COMBINED`).
    private func ourScores(dataset: MOTDataset, results: String) throws -> [String: MOTFigures] {
        var figures: [String: MOTFigures] = [:], scores: [MOTScore] = []
        for sequence in dataset.sequences {
            let score = try MOTEvaluation.score(sequence, resultsFile: URL(fileURLWithPath: results)
                .appendingPathComponent(sequence.name + ".txt").path)
            figures[sequence.name] = MOTFigures(score)
            scores.append(score)
        }
        figures["COMBINED"] = MOTFigures(MOTScore(pooling: scores))
        return figures
    }

    /// Every figure equals TrackEval's (which reproduces the MOTChallenge devkit). py-motmetrics 1.4.0
    /// counts some figures differently (see ``CLEARScore``): where it agrees with TrackEval, it agrees
    /// with us; where it does not, the figure must be one it is known to count differently.
    /// Returns the figures on which py-motmetrics differs, as `sequence metric: ours / theirs`.
    @discardableResult
    private func assertAgreement(dataset: MOTDataset, path: String, results: String, label: String) throws -> [String] {
        let ours = try ourScores(dataset: dataset, results: results)
        let theirs = try referenceScores(dataset: path, results: results)
        let motmetrics = try XCTUnwrap(theirs["motmetrics"]), trackeval = try XCTUnwrap(theirs["trackeval"])
        let countedDifferently: Set = ["MOTA", "MOTP", "IDSW", "FP", "FN", "Frag", "MT", "PT", "ML"]
        var differences: [String] = []
        for name in sequences + ["COMBINED"] {
            let f = try XCTUnwrap(ours[name])
            let clear: [(String, Double)] = [("MOTA", f.mota), ("MOTP", f.motp), ("IDF1", f.idf1), ("IDP", f.idp), ("IDR", f.idr),
                                             ("IDSW", Double(f.idsw)), ("FP", Double(f.fp)), ("FN", Double(f.fn)),
                                             ("Frag", Double(f.frag)), ("MT", Double(f.mt)), ("PT", Double(f.pt)), ("ML", Double(f.ml))]
            let hota: [(String, Double)] = [("HOTA", f.hota), ("DetA", f.detA), ("AssA", f.assA), ("DetRe", f.detRe),
                                            ("DetPr", f.detPr), ("AssRe", f.assRe), ("AssPr", f.assPr), ("LocA", f.locA)]
            let trackevalFigures = try XCTUnwrap(trackeval[name]), motmetricsFigures = try XCTUnwrap(motmetrics[name])
            // The three scorers side by side in the test log (vtrack / py-motmetrics / TrackEval).
            print("\(label) \(name): " + (clear + hota).map { metric, value in
                let cells = [value, motmetricsFigures[metric], trackevalFigures[metric]].map { $0.map { String(format: "%.4f", $0) } ?? "-" }
                return "\(metric) " + cells.joined(separator: "/")
            }.joined(separator: ", "))
            for (metric, value) in clear + hota {
                let expected = try XCTUnwrap(trackevalFigures[metric], "TrackEval has no \(metric)")
                XCTAssertEqual(value, expected, accuracy: 0.001, "\(label) \(name) \(metric): vtrack vs TrackEval")
            }
            for (metric, value) in clear {
                let expected = try XCTUnwrap(motmetricsFigures[metric], "py-motmetrics has no \(metric)")
                if abs(expected - (trackevalFigures[metric] ?? .nan)) <= 0.001 {
                    XCTAssertEqual(value, expected, accuracy: 0.001, "\(label) \(name) \(metric): vtrack vs py-motmetrics")
                } else {
                    XCTAssertTrue(countedDifferently.contains(metric),
                                  "\(label) \(name) \(metric): py-motmetrics \(expected) differs from TrackEval \(trackevalFigures[metric] ?? .nan)")
                    differences.append("\(name) \(metric): \(value) / \(expected)")
                }
            }
        }
        return differences
    }

    func testVtrackResultsScoreAsTheReferenceScorersScoreThem() throws {
        let path = try TestFootage.developmentData("data/mot")
        let dataset = try MOTDataset(directory: path, names: sequences)
        let out = try makeTemporaryFolder(self)
        let options = MOTEvaluationOptions(sequences: sequences, outputDirectory: out.path)
        try requireReferenceEnvironment()
        let report = try MOTEvaluation.run(dataset: path, options: options)
        let differences = try assertAgreement(dataset: dataset, path: path, results: options.resultsFolder, label: "vtrack")
        print("py-motmetrics 1.4.0 counts differently (ours / py-motmetrics): \(differences.joined(separator: "; "))")
        // The report holds the same figures as scoring the files again.
        let again = try ourScores(dataset: dataset, results: options.resultsFolder)
        XCTAssertEqual(report.trackers.first?.pooled, again["COMBINED"])
        XCTAssertEqual(report.trackers.first?.sequences.map(\.figures), sequences.map { again[$0] })
    }

    func testPerturbedGroundTruthScoresAsTheReferenceScorersScoreIt() throws {
        let path = try TestFootage.developmentData("data/mot")
        let dataset = try MOTDataset(directory: path, names: sequences)
        let results = try makeTemporaryFolder(self).appendingPathComponent("perturbed")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        for sequence in dataset.sequences {
            try perturbedResults(of: sequence).write(to: results.appendingPathComponent(sequence.name + ".txt"), atomically: true,
                                                     encoding: .utf8)
        }
        let differences = try assertAgreement(dataset: dataset, path: path, results: results.path, label: "perturbed")
        print("py-motmetrics 1.4.0 counts differently (ours / py-motmetrics): \(differences.joined(separator: "; "))")
        // The perturbation exercises every kind of error.
        let pooled = try XCTUnwrap(try ourScores(dataset: dataset, results: results.path)["COMBINED"])
        XCTAssertGreaterThan(pooled.idsw, 3)
        XCTAssertGreaterThan(pooled.fn, 100)
        XCTAssertGreaterThan(pooled.fp, 50)
        XCTAssertGreaterThan(pooled.frag, 10)
        XCTAssertLessThan(pooled.hota, 0.9)
        XCTAssertGreaterThan(pooled.hota, 0.4)
    }

    /// The ground truth as a tracker that misses some rows (12%), is off by up to 15% of the box's size
    /// (and by 70% now and then, which misses and adds a false positive), swaps the ids of the two
    /// longest-lived objects halfway through, renews a third object's id two thirds of the way, and
    /// sees a phantom on every 7th frame. Deterministic; coordinates are never round numbers.
    private func perturbedResults(of sequence: MOTSequence) -> String {
        var state: UInt64 = 2022
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let frames = sequence.groundTruth.frames
        var lifetimes: [Int: Int] = [:]
        for box in frames.joined() { lifetimes[box.id, default: 0] += 1 }
        let longest = lifetimes.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        var rows: [String] = []
        for (k, boxes) in frames.enumerated() {
            for object in boxes {
                if random() < 0.12 { continue }
                var id = object.id + 100
                if k >= frames.count / 2, object.id == longest[0] { id = longest[1] + 100 }
                if k >= frames.count / 2, object.id == longest[1] { id = longest[0] + 100 }
                if k >= 2 * frames.count / 3, object.id == longest[2] { id = 1000 }
                let far = random() < 0.05
                let dx = (far ? 0.7 : 0.3 * (random() - 0.5)) * object.box.width + 0.013
                let dy = 0.3 * (random() - 0.5) * object.box.height + 0.017
                let scale = 0.9 + 0.2 * random()
                rows.append(String(format: "%d,%d,%.3f,%.3f,%.3f,%.3f,1,-1,-1,-1", k + 1, id, object.box.x + dx, object.box.y + dy,
                                   object.box.width * scale, object.box.height * scale))
            }
            if k % 7 == 3 {
                rows.append(String(format: "%d,999,%.3f,%.3f,41.7,97.3,0.5,-1,-1,-1", k + 1, 30 + 500 * random(), 50 + 300 * random()))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
