import Foundation

/// Other trackers' published results to compare against: a folder with one sub-folder per tracker
/// holding `<Sequence>.csv` files (any format ``PredictionFile`` reads), optionally with a
/// `summary.json` beside them (as in `shared/data/peers/`). The curves are recomputed from the CSVs
/// against the same ground truth as the tracker under evaluation, so every curve is scored alike.
///
///     let peers = try PeerResults(path: "shared/data/peers/summary.json")
///     for peer in peers.trackers { print(peer.name, try peer.score(on: dataset.sequences).summary.meanAUC) }
public struct PeerResults: Sendable {
    /// One peer tracker: a folder of per-sequence CSVs.
    public struct Tracker: Sendable {
        /// The folder name, e.g. `CSRT`.
        public let name: String
        /// The folder holding `<Sequence>.csv`.
        public let directory: String
        /// Tracker-only frames per second pooled over sequences as published in `summary.json`
        /// (`fps_update_pooled`); `nil` when not published.
        public let publishedFPS: Double?

        /// Scores the peer's CSV for each sequence that has one (`<Name>.csv`, `<name>.csv`, `.txt`).
        /// Throws ``EvaluationError`` naming the file when a CSV is malformed.
        public func score(on sequences: [OTBSequence]) throws -> PeerScores {
            var scores: [(sequence: String, file: String, score: SequenceScore)] = []
            var missing: [String] = []
            for sequence in sequences {
                guard let file = resultsFile(for: sequence.name) else {
                    missing.append(sequence.name)
                    continue
                }
                let track = try PredictionFile.read(path: file, frameCount: sequence.groundTruth.count)
                scores.append((sequence.name, file, SequenceScore(predictions: track.boxes, groundTruth: sequence.groundTruth,
                                                            confidences: track.confidences)))
            }
            return PeerScores(name: name, scores: scores, missingSequences: missing, publishedFPS: publishedFPS)
        }

        /// Its results file for `sequence` (`<Name>.csv`, `<name>.csv`, `.txt`), when it has one.
        public func resultsFile(for sequence: String) -> String? {
            let folder = URL(fileURLWithPath: directory)
            for ext in ["csv", "txt"] {
                for candidate in [sequence, sequence.lowercased()] {
                    let path = folder.appendingPathComponent(candidate + "." + ext).path
                    if FileManager.default.fileExists(atPath: path) { return path }
                }
            }
            return nil
        }
    }

    /// The folder that holds the tracker folders.
    public let directory: String
    /// The `summary.json` read for published speeds, when there is one.
    public let summaryPath: String?
    /// Trackers in name order.
    public let trackers: [Tracker]

    /// `path` is the peers folder or a `summary.json` inside it. Throws ``EvaluationError`` when the
    /// path does not exist, `summary.json` is not JSON, or no sub-folder holds a CSV.
    public init(path: String) throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw EvaluationError.unreadable(path: path, reason: "no such file or folder")
        }
        let root = isFolder.boolValue ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path).deletingLastPathComponent()
        directory = root.path
        let summaryPath = isFolder.boolValue ? root.appendingPathComponent("summary.json").path : path
        var fps: [String: Double] = [:]
        if files.fileExists(atPath: summaryPath) {
            fps = try Self.publishedFPS(summaryPath: summaryPath)
            self.summaryPath = summaryPath
        } else {
            self.summaryPath = nil
        }
        let entries = (try? files.contentsOfDirectory(atPath: root.path)) ?? []
        trackers = entries.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            guard let contents = try? files.contentsOfDirectory(atPath: folder.path),
                  contents.contains(where: { $0.hasSuffix(".csv") }) else { return nil }
            return Tracker(name: name, directory: folder.path, publishedFPS: fps[name])
        }
        guard !trackers.isEmpty else {
            throw EvaluationError.malformedFile(path: root.path, reason: "no tracker folders with <Sequence>.csv files")
        }
    }

    /// `trackers.<name>.fps_update_pooled` of a peers `summary.json`.
    private static func publishedFPS(summaryPath: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: summaryPath) else {
            throw EvaluationError.unreadable(path: summaryPath, reason: "cannot read the file")
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            throw EvaluationError.malformedFile(path: summaryPath, reason: "not JSON")
        }
        guard let trackers = (json as? [String: Any])?["trackers"] as? [String: Any] else { return [:] }
        var fps: [String: Double] = [:]
        for (name, value) in trackers {
            if let number = (value as? [String: Any])?["fps_update_pooled"] as? Double { fps[name] = number }
        }
        return fps
    }
}

/// A peer's scores on the sequences it has results for.
public struct PeerScores: Sendable {
    public let name: String
    /// Per-sequence scores (with the file scored) in the order of the sequences asked for.
    public let scores: [(sequence: String, file: String, score: SequenceScore)]
    /// Sequences asked for without a CSV from this peer (not in the summary).
    public let missingSequences: [String]
    /// See ``PeerResults/Tracker/publishedFPS``.
    public let publishedFPS: Double?

    /// Mean over the sequences in ``scores``.
    public var summary: ScoreSummary { ScoreSummary(scores.map(\.score)) }
}
