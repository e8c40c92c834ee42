import Foundation
import Pipeline
import Tracking

/// What `vtrack eval` runs: which sequences, which levels, where the outputs go, what to compare with.
public struct EvaluationOptions: Sendable {
    /// Levels to evaluate, in order.
    public var levels: [TrackingLevel]
    /// Sequence names to evaluate, in order; `nil` = every sequence of the dataset.
    public var sequences: [String]?
    /// Output folder, created when missing.
    public var outputDirectory: String
    /// A peers folder or its `summary.json` (see ``PeerResults``); `nil` = no comparison.
    public var peers: String?
    /// `name=value` changes to both levels' parameter sets (see ``TrackerParameters/applying(_:)``).
    public var parameterAssignments: [String]

    public init(levels: [TrackingLevel] = TrackingLevel.allCases, sequences: [String]? = nil,
                outputDirectory: String = "eval-out", peers: String? = nil, parameterAssignments: [String] = []) {
        self.parameterAssignments = parameterAssignments
        self.levels = levels
        self.sequences = sequences
        self.outputDirectory = outputDirectory
        self.peers = peers
    }
}

/// Evaluates vtrack's tracker on an OTB-layout dataset with the one-pass protocol (see
/// ``OPERunner``) and writes, under the output folder:
///
///     <level>/<Sequence>.csv   the tracker's boxes (vtrack's CSV format, scorable by otb_metrics.py)
///     results.json             ``EvaluationReport``
///     success.svg              success plot (mean curves over sequences, AUC in the legend)
///     precision.svg            precision plot (Prec@20 in the legend)
///
/// Scores are computed from the CSVs as written, so they match `otb_metrics.py --results <out>/<level>`.
///
///     let report = try DatasetEvaluation.run(dataset: "data/sequences",
///                                            options: EvaluationOptions(levels: [.fast], peers: "data/peers"))
///     print(report.levels[0].summary.meanAUC)
public enum DatasetEvaluation {
    /// Runs every (level, sequence) pair, one after the other. `progress` is called after each one.
    /// Throws ``EvaluationError`` (dataset, video, tracking or output problems, naming the file);
    /// nothing is scored when a sequence fails.
    public static func run(dataset directory: String, options: EvaluationOptions,
                           progress: ((TrackingLevel, EvaluationReport.SequenceResult) -> Void)? = nil) throws -> EvaluationReport {
        let dataset = try OTBDataset(directory: directory, names: options.sequences)
        let peers = try options.peers.map { try PeerResults(path: $0) }
        let out = URL(fileURLWithPath: options.outputDirectory)
        for level in options.levels {
            try createFolder(out.appendingPathComponent(level.rawValue).path)
        }

        var levels: [EvaluationReport.TrackerResult] = []
        for level in options.levels {
            let parameters = options.parameterAssignments.isEmpty ? nil
                : try TrackerParameters.for(level).applying(options.parameterAssignments)
            var results: [EvaluationReport.SequenceResult] = []
            var scores: [SequenceScore] = []
            var tracked = 0, decoded = 0, trackerSeconds = 0.0, decodeSeconds = 0.0
            for sequence in dataset.sequences {
                let run = try OPERunner.run(sequence, level: level, parameters: parameters)
                let csv = out.appendingPathComponent(level.rawValue).appendingPathComponent(sequence.name + ".csv").path
                try write(TrackCSV.header + "\n" + run.records.map { TrackCSV.row($0) + "\n" }.joined(), to: csv)
                let track = try PredictionFile.read(path: csv, frameCount: sequence.groundTruth.count)
                let score = SequenceScore(predictions: track.boxes, groundTruth: sequence.groundTruth,
                                          confidences: track.confidences)
                let result = EvaluationReport.SequenceResult(
                    sequence: sequence.name, scores: score.curves, confidence: score.confidence,
                    trackerFPS: run.trackerFPS, decodeAndTrackFPS: run.decodeAndTrackFPS,
                    initMilliseconds: run.initSeconds * 1000, csv: csv, warnings: run.warnings)
                scores.append(score)
                results.append(result)
                tracked += max(0, run.records.count - 1)
                decoded += run.records.count
                trackerSeconds += run.trackerSeconds
                decodeSeconds += run.decodeAndTrackSeconds
                progress?(level, result)
            }
            levels.append(EvaluationReport.TrackerResult(
                name: level.rawValue, isPeer: false, sequences: results, missingSequences: [],
                summary: ScoreSummary(scores),
                trackerFPSPooled: trackerSeconds > 0 ? Double(tracked) / trackerSeconds : nil,
                decodeAndTrackFPSPooled: decodeSeconds > 0 ? Double(decoded) / decodeSeconds : nil,
                publishedTrackerFPS: nil))
        }

        let peerResults = try (peers?.trackers ?? []).map { peer -> EvaluationReport.TrackerResult in
            let scored = try peer.score(on: dataset.sequences)
            return EvaluationReport.TrackerResult(
                name: peer.name, isPeer: true,
                sequences: scored.scores.map { name, file, score in
                    EvaluationReport.SequenceResult(sequence: name, scores: score.curves, confidence: score.confidence,
                                                    trackerFPS: nil, decodeAndTrackFPS: nil, initMilliseconds: nil,
                                                    csv: file, warnings: [])
                },
                missingSequences: scored.missingSequences, summary: scored.summary,
                trackerFPSPooled: nil, decodeAndTrackFPSPooled: nil, publishedTrackerFPS: peer.publishedFPS)
        }

        let report = EvaluationReport(
            dataset: directory, sequenceNames: dataset.sequences.map(\.name), levels: levels, peers: peerResults,
            resultsJSON: out.appendingPathComponent("results.json").path,
            successPlot: out.appendingPathComponent("success.svg").path,
            precisionPlot: out.appendingPathComponent("precision.svg").path)
        let plotted = plottedTrackers(report)
        try write(OTBPlots.success(plotted).svg(), to: report.successPlot)
        try write(OTBPlots.precision(plotted).svg(), to: report.precisionPlot)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n", to: report.resultsJSON)
        } catch let error as EncodingError {
            throw EvaluationError.writeFailed(path: report.resultsJSON, reason: "\(error)")
        }
        return report
    }

    /// vtrack's levels solid, peers dashed; peers whose mean curves are identical (such as one
    /// tracker run with different thread counts) are drawn once under their joined names.
    static func plottedTrackers(_ report: EvaluationReport) -> [PlottedTracker] {
        var plotted = report.levels.map {
            PlottedTracker(name: "vtrack \($0.name)", successCurve: $0.summary.meanSuccessCurve,
                           precisionCurve: $0.summary.meanPrecisionCurve)
        }
        var peers: [PlottedTracker] = []
        for peer in report.peers where !peer.sequences.isEmpty {
            if let same = peers.firstIndex(where: {
                $0.successCurve == peer.summary.meanSuccessCurve && $0.precisionCurve == peer.summary.meanPrecisionCurve
            }) {
                peers[same].name += " = " + peer.name
            } else {
                peers.append(PlottedTracker(name: peer.name, successCurve: peer.summary.meanSuccessCurve,
                                            precisionCurve: peer.summary.meanPrecisionCurve, isReference: true))
            }
        }
        plotted += peers
        return plotted
    }

    private static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw EvaluationError.writeFailed(path: path, reason: "cannot create the folder")
        }
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try AtomicFileWriter.write(text, to: path)
        } catch OutputError.writeFailed(_, let reason) {
            throw EvaluationError.writeFailed(path: path, reason: reason)
        } catch {
            throw EvaluationError.writeFailed(path: path, reason: "cannot create the file (does its folder exist and is it writable?)")
        }
    }
}
