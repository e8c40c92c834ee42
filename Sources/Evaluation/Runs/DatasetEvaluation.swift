import Files
import Foundation
import NeuralDetection
import Pipeline
import TrackFormats
import Tracking

/// What `vtrack eval` runs: which sequences, which levels and protocol, where the outputs go, what
/// to compare with.
public struct EvaluationOptions: Sendable {
    /// Levels to evaluate, in order.
    public var levels: [TrackingLevel]
    /// Sequence names to evaluate, in order; `nil` = every sequence of the dataset.
    public var sequences: [String]?
    /// Output folder, created when missing.
    public var outputDirectory: String
    /// A peers folder or its `summary.json` (see ``PeerResults``); `nil` = no comparison.
    public var peers: String?
    /// `name=value` changes to both levels' configurations (see ``TrackerConfiguration/applying(_:level:)``);
    /// only with `reseedEvery == 0` (the pipeline takes no custom parameters).
    public var parameterAssignments: [String]
    /// How each sequence's runs start.
    public var evaluationProtocol: EvaluationProtocol
    /// Only the protocol's starts with these names (``RunStart/name``, e.g. `scale-0.8`); `nil` = all.
    public var startNames: Set<String>?
    /// 0 = the bare tracker (``LockstepRunner``); N > 0 = the product pipeline re-seeding every N
    /// frames (``PipelineRunner``).
    public var reseedEvery: Int
    /// What re-seeds the pipeline's tracks (with `reseedEvery > 0`); the tracks are the sequences' boxes.
    public var detector: DetectorChoice
    /// The pipeline compensates camera motion (with `reseedEvery > 0`).
    public var compensatesCameraMotion: Bool
    /// Groups for per-category mean AUCs; `nil` = none.
    public var categories: SequenceCategories?
    /// Which trackers the levels run (``TrackerConfiguration/for(_:kind:)``); the learned ones need the
    /// neural runtime.
    public var trackerKind = TrackerKind.learned
    /// Also writes each run's confidence features beside its CSV (`<run>.evidence.csv`), what
    /// `scripts/fitting/fit-confidence.py` fits the confidence models on.
    public var writesEvidence = false

    public init(levels: [TrackingLevel] = TrackingLevel.allCases, sequences: [String]? = nil,
                outputDirectory: String = "eval-out", peers: String? = nil, parameterAssignments: [String] = [],
                evaluationProtocol: EvaluationProtocol = .ope, reseedEvery: Int = 0, detector: DetectorChoice = .automatic,
                compensatesCameraMotion: Bool = false, categories: SequenceCategories? = nil) {
        self.detector = detector
        self.compensatesCameraMotion = compensatesCameraMotion
        self.parameterAssignments = parameterAssignments
        self.levels = levels
        self.sequences = sequences
        self.outputDirectory = outputDirectory
        self.peers = peers
        self.evaluationProtocol = evaluationProtocol
        self.reseedEvery = reseedEvery
        self.categories = categories
    }

    /// The folder of one level's CSVs: `<out>/<level>` (OPE) or `<out>/<level>/<protocol>`.
    public func csvFolder(level: TrackingLevel) -> String {
        let folder = URL(fileURLWithPath: outputDirectory).appendingPathComponent(level.rawValue)
        return (evaluationProtocol == .ope ? folder : folder.appendingPathComponent(evaluationProtocol.rawValue)).path
    }
}

/// Evaluates vtrack's tracker on an OTB-layout dataset with the one-pass (OPE), spatial (SRE) or
/// temporal (TRE) robustness protocol (see ``EvaluationProtocol``) and writes, under the output folder:
///
///     <level>/<Sequence>.csv                   OPE: the tracker's boxes (vtrack's CSV format, scorable by otb_metrics.py)
///     <level>/<protocol>/<Sequence>/<run>.csv  SRE, TRE: one CSV per run (`shift-left`, `scale-0.8`, `start-0123`, ...)
///     results.json                             ``EvaluationReport``
///     success.svg                              success plot (mean curves over sequences, AUC in the legend)
///     precision.svg                            precision plot (Prec@20 in the legend)
///     calibration.svg                          reliability diagram of the confidence (ECE in the legend)
///
/// Scores are computed from the CSVs as written, so OPE's match `otb_metrics.py --results <out>/<level>`.
/// For SRE and TRE a sequence's scores are over the frames of all its runs pooled, each run scored
/// from its start frame on (as the OTB toolkit does); the dataset figures are means over sequences.
///
///     let report = try DatasetEvaluation.run(dataset: "data/sequences",
///                                            options: EvaluationOptions(levels: [.fast], evaluationProtocol: .sre))
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
        let inputs = inputFiles(of: dataset, peers: peers, options: options)
        var known = ["results.json", "success.svg", "precision.svg", "calibration.svg"].map {
            (kind: "report", path: out.appendingPathComponent($0).path)
        }
        if options.evaluationProtocol == .ope {
            for level in options.levels {
                for sequence in dataset.sequences {
                    let csv = URL(fileURLWithPath: options.csvFolder(level: level)).appendingPathComponent(sequence.name + ".csv").path
                    known.append((kind: "CSV", path: csv))
                    if options.writesEvidence { known.append((kind: "evidence CSV", path: evidencePath(forCSV: csv))) }
                }
            }
        }
        try check(known, against: inputs)
        for level in options.levels {
            try createFolder(options.csvFolder(level: level))
        }

        var levels: [EvaluationReport.TrackerResult] = []
        for level in options.levels {
            let configuration = options.parameterAssignments.isEmpty ? nil
                : try TrackerConfiguration.for(level, kind: options.trackerKind).applying(options.parameterAssignments, level: level)
            var results: [EvaluationReport.SequenceResult] = []
            var scores: [SequenceScore] = []
            var tracked = 0, decoded = 0, trackerSeconds = 0.0, decodeSeconds = 0.0
            for sequence in dataset.sequences {
                let runs = options.reseedEvery > 0
                    ? try PipelineRunner.run(sequence, protocol: options.evaluationProtocol, level: level,
                                             reseedEvery: options.reseedEvery, detector: options.detector,
                                             compensatesCameraMotion: options.compensatesCameraMotion,
                                             trackerKind: options.trackerKind, startNames: options.startNames)
                    : try LockstepRunner.run(sequence, protocol: options.evaluationProtocol, level: level,
                                             configuration: configuration, trackerKind: options.trackerKind,
                                             startNames: options.startNames)
                let scored = try score(runs, of: sequence, folder: options.csvFolder(level: level),
                                       protocol: options.evaluationProtocol, writesEvidence: options.writesEvidence, inputs: inputs)
                let runTracked = runs.reduce(0) { $0 + max(0, $1.records.count - 1) }
                let runTrackerSeconds = runs.reduce(0) { $0 + $1.trackerSeconds }
                let runDecoded = runs.reduce(0) { $0 + $1.records.count }
                let passSeconds = runs.first?.decodeAndTrackSeconds ?? 0
                let result = EvaluationReport.SequenceResult(
                    sequence: sequence.name, scores: scored.score.curves, confidence: scored.score.confidence,
                    trackerFPS: runTrackerSeconds > 0 ? Double(runTracked) / runTrackerSeconds : nil,
                    decodeAndTrackFPS: passSeconds > 0 ? Double(runDecoded) / passSeconds : nil,
                    initMilliseconds: runs.first?.initSeconds.map { $0 * 1000 }, csv: scored.location,
                    runs: scored.runs, warnings: Array(Set(runs.flatMap(\.warnings))).sorted())
                scores.append(scored.score)
                results.append(result)
                tracked += runTracked
                decoded += runDecoded
                trackerSeconds += runTrackerSeconds
                decodeSeconds += passSeconds
                progress?(level, result)
            }
            levels.append(EvaluationReport.TrackerResult(
                name: level.rawValue, isPeer: false, sequences: results, missingSequences: [],
                summary: ScoreSummary(scores), worstSequence: WorstSequence(results),
                categories: options.categories.map { CategoryScore.scores(of: $0, results: results) } ?? [],
                trackerFPSPooled: trackerSeconds > 0 ? Double(tracked) / trackerSeconds : nil,
                decodeAndTrackFPSPooled: decodeSeconds > 0 ? Double(decoded) / decodeSeconds : nil,
                publishedTrackerFPS: nil))
        }

        let peerResults = try (peers?.trackers ?? []).map { peer -> EvaluationReport.TrackerResult in
            let scored = try peer.score(on: dataset.sequences)
            let sequences = scored.scores.map { name, file, score in
                EvaluationReport.SequenceResult(sequence: name, scores: score.curves, confidence: score.confidence,
                                                trackerFPS: nil, decodeAndTrackFPS: nil, initMilliseconds: nil,
                                                csv: file, runs: [], warnings: [])
            }
            return EvaluationReport.TrackerResult(
                name: peer.name, isPeer: true, sequences: sequences, missingSequences: scored.missingSequences,
                summary: scored.summary, worstSequence: WorstSequence(sequences),
                categories: options.categories.map { CategoryScore.scores(of: $0, results: sequences) } ?? [],
                trackerFPSPooled: nil, decodeAndTrackFPSPooled: nil, publishedTrackerFPS: peer.publishedFPS)
        }

        let report = EvaluationReport(
            dataset: directory, evaluationProtocol: options.evaluationProtocol,
            startNames: options.startNames.map { names in RunStart.spatialNames.filter(names.contains) },
            reseedEvery: options.reseedEvery,
            detector: options.reseedEvery > 0 ? options.detector.description : nil,
            parameterAssignments: options.parameterAssignments, categoriesFile: options.categories?.path,
            sequenceNames: dataset.sequences.map(\.name), levels: levels, peers: peerResults,
            resultsJSON: out.appendingPathComponent("results.json").path,
            successPlot: out.appendingPathComponent("success.svg").path,
            precisionPlot: out.appendingPathComponent("precision.svg").path,
            calibrationPlot: out.appendingPathComponent("calibration.svg").path)
        let plotted = plottedTrackers(report)
        try write(OTBPlots.success(plotted).svg(), to: report.successPlot)
        try write(OTBPlots.precision(plotted).svg(), to: report.precisionPlot)
        try write(OTBPlots.calibration(levels.compactMap { level in
            level.summary.pooledCalibration.map { (name: "vtrack \(level.name)", calibration: $0) }
        }).svg(), to: report.calibrationPlot)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n", to: report.resultsJSON)
        } catch let error as EncodingError {
            throw EvaluationError.writeFailed(path: report.resultsJSON, reason: "\(error)")
        }
        return report
    }

    /// The files an OTB evaluation reads: every sequence's video and ground truth, the peers' results
    /// and `summary.json`, the categories file and the detector's model.
    private static func inputFiles(of dataset: OTBDataset, peers: PeerResults?, options: EvaluationOptions) -> CommandFiles {
        var files = CommandFiles()
        dataset.addInputs(to: &files)
        for sequence in dataset.sequences {
            for peer in peers?.trackers ?? [] {
                files.input("\(peer.name)'s results for \(sequence.name)", peer.resultsFile(for: sequence.name))
            }
        }
        files.input("the peers' summary", peers?.summaryPath)
        files.input("the categories file", options.categories?.path)
        for input in options.detector.inputFiles { files.input(input.role, input.path) }
        return files
    }

    /// Throws ``OutputError`` when one of `outputs` is, or resolves to, a file of `inputs` or
    /// another of `outputs` (``CommandFiles``).
    private static func check(_ outputs: [(kind: String, path: String)], against inputs: CommandFiles) throws {
        var files = inputs
        for output in outputs { files.output(output.kind, output.path) }
        try files.check()
    }

    /// `<run>.evidence.csv` beside `<run>.csv`.
    private static func evidencePath(forCSV csv: String) -> String { String(csv.dropLast(4)) + ".evidence.csv" }

    /// Writes each run's CSV, reads it back and scores it from its start frame on; the sequence's
    /// score is over all runs' frames pooled. `location` is the OPE CSV, or the folder of the runs' CSVs.
    /// Each file is checked against `inputs` before it is written (SRE and TRE runs are named only
    /// once their starts are known).
    private static func score(_ runs: [SequenceRun], of sequence: OTBSequence, folder: String,
                              protocol evaluationProtocol: EvaluationProtocol, writesEvidence: Bool, inputs: CommandFiles)
        throws -> (score: SequenceScore, runs: [EvaluationReport.RunResult], location: String) {
        var location = URL(fileURLWithPath: folder)
        if evaluationProtocol != .ope {
            location.appendPathComponent(sequence.name)
            try createFolder(location.path)
        }
        var measurements: [FrameMeasurements] = []
        var results: [EvaluationReport.RunResult] = []
        for run in runs {
            let csv = evaluationProtocol == .ope ? location.appendingPathComponent(sequence.name + ".csv").path
                : location.appendingPathComponent(run.start.name + ".csv").path
            let evidence = evidencePath(forCSV: csv)
            try check([(kind: "CSV", path: csv)] + (writesEvidence ? [(kind: "evidence CSV", path: evidence)] : []), against: inputs)
            try write(TrackCSV.header + "\n" + run.records.map { TrackCSV.row($0) + "\n" }.joined(), to: csv)
            if writesEvidence {
                try write(EvidenceTable.text(of: run.records), to: evidence)
            }
            let track = try PredictionFile.read(path: csv, frameCount: sequence.groundTruth.count)
            let measured = FrameMeasurements(predictions: track.boxes, groundTruth: sequence.groundTruth,
                                             confidences: track.confidences, lost: track.lost, startFrame: run.start.frame)
            let curves = CurveScores(measured)
            measurements.append(measured)
            results.append(EvaluationReport.RunResult(
                name: run.start.name, startFrame: run.start.frame, box: run.start.box, csv: csv, frames: curves.frames,
                auc: curves.auc, precisionAt20: curves.precisionAt20, trackerFPS: run.trackerFPS))
        }
        let path = evaluationProtocol == .ope ? results.first?.csv ?? location.path : location.path
        return (SequenceScore(FrameMeasurements(pooling: measurements)), results, path)
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

    /// Creates `path` and the folders above it when missing; throws
    /// ``EvaluationError/writeFailed(path:reason:)`` naming the file in the way, or the system's reason.
    static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw EvaluationError.writeFailed(path: path, reason: "cannot create the folder (\(folderProblem(path, error)))")
        }
    }

    /// Why `path` cannot be made a folder: the nearest existing path above it when that is a file,
    /// else the system's reason.
    private static func folderProblem(_ path: String, _ error: Error) -> String {
        var existing = path
        while !existing.isEmpty, !FileManager.default.fileExists(atPath: existing) { existing = FilePath.folder(of: existing) }
        var isFolder: ObjCBool = false
        if !existing.isEmpty, FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(existing) is not a folder"
        }
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain else {
            return error.localizedDescription
        }
        return String(cString: strerror(Int32(underlying.code)))
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try TextOutputFile.write(text, to: path)
        } catch OutputError.writeFailed(_, let reason) {
            throw EvaluationError.writeFailed(path: path, reason: reason)
        } catch {
            throw EvaluationError.writeFailed(path: path, reason: "cannot create the file (does its folder exist and is it writable?)")
        }
    }
}
