import Files
import Foundation
import Pipeline
import Tracking

/// What `vtrack eval --mot` runs: which sequences, vtrack's automatic mode settings, where the
/// outputs go, which peers to score beside it.
public struct MOTEvaluationOptions: Sendable {
    /// Sequence names, in order; `nil` = every sequence of the dataset.
    public var sequences: [String]?
    /// Output folder, created when missing.
    public var outputDirectory: String
    /// A folder of peers' `<Tracker>/<Sequence>.txt` results (``MOTPeerResults``); `nil` = none.
    public var peers: String?
    public var level: TrackingLevel
    /// The class detector that starts and re-seeds the tracks.
    public var detector: DetectorChoice
    /// Frames between the automatic mode's detector runs (as `vtrack track --detect-every`).
    public var detectEvery: Int
    /// As `vtrack track --reseed-every` (it re-seeds given boxes; the automatic mode has none).
    public var reseedEvery: Int
    public var compensatesCameraMotion: Bool

    public init(sequences: [String]? = nil, outputDirectory: String = "eval-out", peers: String? = nil,
                level: TrackingLevel = .accurate, detector: DetectorChoice = .person, detectEvery: Int = 2,
                reseedEvery: Int = 50, compensatesCameraMotion: Bool = false) {
        self.sequences = sequences
        self.outputDirectory = outputDirectory
        self.peers = peers
        self.level = level
        self.detector = detector
        self.detectEvery = detectEvery
        self.reseedEvery = reseedEvery
        self.compensatesCameraMotion = compensatesCameraMotion
    }

    /// Where vtrack's results go: `<out>/mot/<Sequence>.txt` (TrackEval reads them as tracker `mot`
    /// of the trackers folder `<out>` with an empty sub-folder).
    public var resultsFolder: String { URL(fileURLWithPath: outputDirectory).appendingPathComponent("mot").path }

    /// vtrack's results file for `sequence`: `<out>/mot/<Sequence>.txt`.
    public func resultsFile(for sequence: String) -> String {
        URL(fileURLWithPath: resultsFolder).appendingPathComponent(sequence + ".txt").path
    }

    /// The report's file: `<out>/results.json`.
    public var resultsJSON: String { URL(fileURLWithPath: outputDirectory).appendingPathComponent("results.json").path }
}

/// Scores vtrack's automatic multi-object tracking (`vtrack track CLIP --detector person --mot FILE`,
/// no boxes) on a MOTChallenge-layout dataset (``MOTDataset``), and peers' results beside it.
///
/// Each sequence is tracked from its first frame with every person the detector finds; the results
/// file is written by the sinks `vtrack track --mot` makes, then read back and scored against the
/// ground truth (``MOTScore``: CLEAR MOT, identity, HOTA), so the figures are those of the file a
/// user gets. Under the output folder:
///
///     mot/<Sequence>.txt     vtrack's MOTChallenge results
///     results.json           ``MOTEvaluationReport``
///
///     let report = try MOTEvaluation.run(dataset: "data/mot", options: MOTEvaluationOptions())
///     print(report.trackers[0].pooled.hota)
public enum MOTEvaluation {
    /// Tracks and scores every sequence, one after the other (`progress` after each), then scores the
    /// peers. Throws ``EvaluationError`` (dataset, results or output problems, naming the file) and
    /// the tracking session's errors (video, detector), which name the file too.
    public static func run(dataset directory: String, options: MOTEvaluationOptions,
                           progress: ((MOTEvaluationReport.SequenceResult) -> Void)? = nil) throws -> MOTEvaluationReport {
        let dataset = try MOTDataset(directory: directory, names: options.sequences)
        let peers = try options.peers.map { try MOTPeerResults(path: $0) }
        try checkOutputs(of: dataset, peers: peers, options: options)
        try DatasetEvaluation.createFolder(options.resultsFolder)

        var results: [MOTEvaluationReport.SequenceResult] = [], scores: [MOTScore] = []
        var frames = 0, trackingSeconds = 0.0, seconds = 0.0
        for sequence in dataset.sequences {
            let file = options.resultsFile(for: sequence.name)
            let run = try track(sequence, into: file, options: options)
            // A video longer than seqLength is tracked whole (the file is what `vtrack track --mot`
            // writes) and scored on seqLength's frames, with the warning saying so.
            let score = try self.score(sequence, resultsFile: file, dropsLaterFrames: true)
            var warnings = run.warnings
            if run.framesTracked != sequence.info.length {
                let unscored = run.framesTracked > sequence.info.length ? "; frames past \(sequence.info.length) are not scored" : ""
                warnings.append("the video has \(run.framesTracked) frames, seqinfo.ini's seqLength \(sequence.info.length)\(unscored)")
            }
            let result = MOTEvaluationReport.SequenceResult(
                sequence: sequence.name, file: file, figures: MOTFigures(score),
                trackerFPS: run.trackingSeconds > 0 ? Double(run.framesTracked) / run.trackingSeconds : nil,
                decodeAndTrackFPS: run.seconds > 0 ? Double(run.framesTracked) / run.seconds : nil, warnings: warnings)
            results.append(result)
            scores.append(score)
            frames += run.framesTracked
            trackingSeconds += run.trackingSeconds
            seconds += run.seconds
            progress?(result)
        }
        var trackers = [MOTEvaluationReport.TrackerResult(
            name: "vtrack", isPeer: false, sequences: results, missingSequences: [], pooled: MOTFigures(MOTScore(pooling: scores)),
            trackerFPS: trackingSeconds > 0 ? Double(frames) / trackingSeconds : nil,
            decodeAndTrackFPS: seconds > 0 ? Double(frames) / seconds : nil)]
        for peer in peers?.trackers ?? [] {
            trackers.append(try score(peer, on: dataset.sequences))
        }

        let report = MOTEvaluationReport(
            dataset: directory, sequenceNames: dataset.sequences.map(\.name), level: options.level.rawValue,
            detector: options.detector.description, detectEvery: options.detectEvery, reseedEvery: options.reseedEvery,
            compensatesCameraMotion: options.compensatesCameraMotion, iouThreshold: 0.5, trackers: trackers,
            resultsJSON: options.resultsJSON)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try DatasetEvaluation.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n", to: report.resultsJSON)
        } catch let error as EncodingError {
            throw EvaluationError.writeFailed(path: report.resultsJSON, reason: "\(error)")
        }
        return report
    }

    /// Refuses, before any work, an output that is (or resolves to) a file the evaluation reads — a
    /// sequence's video, `seqinfo.ini` or ground truth, a peer's results, the detector's model — or
    /// another output (``CommandFiles``). Throws its ``OutputError``.
    private static func checkOutputs(of dataset: MOTDataset, peers: MOTPeerResults?, options: MOTEvaluationOptions) throws {
        var files = CommandFiles()
        for sequence in dataset.sequences {
            files.input("the video of \(sequence.name)", sequence.videoPath)
            files.input("the seqinfo.ini of \(sequence.name)", sequence.infoPath)
            files.input("the ground truth of \(sequence.name)", sequence.groundTruthPath)
            for peer in peers?.trackers ?? [] {
                files.input("\(peer.name)'s results for \(sequence.name)", peer.resultsFile(for: sequence.name))
            }
        }
        for input in options.detector.inputFiles { files.input(input.role, input.path) }
        for sequence in dataset.sequences { files.output("MOT", options.resultsFile(for: sequence.name)) }
        files.output("results JSON", options.resultsJSON)
        try files.check()
        try OutputFolder.check(options.outputDirectory, kind: "evaluation folder")
    }

    /// Reads a MOTChallenge results file and scores it against the sequence's ground truth; rows past
    /// `seqLength` are an error, or left unscored with `dropsLaterFrames`.
    public static func score(_ sequence: MOTSequence, resultsFile: String, dropsLaterFrames: Bool = false) throws -> MOTScore {
        MOTScore(truth: sequence.groundTruth, predictions: try MOTResultFile.read(path: resultsFile, frameCount: sequence.info.length,
                                                                                  dropsLaterFrames: dropsLaterFrames))
    }

    /// Runs the automatic mode on the sequence's video with the sinks `vtrack track --mot FILE` makes.
    private static func track(_ sequence: MOTSequence, into file: String, options: MOTEvaluationOptions) throws -> ClipReport {
        let outputs = try OutputPaths(clip: sequence.videoPath, out: nil, csv: nil, video: nil, mot: file,
                                      otherInputs: options.detector.inputFiles)
        let session = try ClipTrackingSession(
            clipPath: sequence.videoPath, targets: [],
            options: TrackingOptions(level: options.level, reseedEvery: options.reseedEvery, detector: options.detector,
                                     compensatesCameraMotion: options.compensatesCameraMotion,
                                     automaticDetectionInterval: options.detectEvery))
        return try session.run(makeSinks: { try outputs.makeSinks(clip: sequence.videoPath, info: session.info, resultRules: session.resultRules) })
    }

    /// A peer's figures on the sequences it has results for, pooled over those.
    private static func score(_ peer: MOTPeerResults.Tracker, on sequences: [MOTSequence]) throws -> MOTEvaluationReport.TrackerResult {
        var results: [MOTEvaluationReport.SequenceResult] = [], scores: [MOTScore] = [], missing: [String] = []
        for sequence in sequences {
            guard let file = peer.resultsFile(for: sequence.name) else {
                missing.append(sequence.name)
                continue
            }
            let score = try self.score(sequence, resultsFile: file)
            scores.append(score)
            results.append(MOTEvaluationReport.SequenceResult(sequence: sequence.name, file: file, figures: MOTFigures(score),
                                                              trackerFPS: nil, decodeAndTrackFPS: nil, warnings: []))
        }
        return MOTEvaluationReport.TrackerResult(name: peer.name, isPeer: true, sequences: results, missingSequences: missing,
                                                 pooled: MOTFigures(MOTScore(pooling: scores)), trackerFPS: nil, decodeAndTrackFPS: nil)
    }
}
