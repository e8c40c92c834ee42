import Foundation
import TrackFormats

/// Other trackers' MOTChallenge results to score beside vtrack's: a folder with one sub-folder per
/// tracker holding `<Sequence>.txt` (``MOTChallengeFormat`` rows), as `scripts/experiments/mot-peers.py` writes.
///
///     let peers = try MOTPeerResults(path: "eval-out/peers")
///     for peer in peers.trackers { print(peer.name) }
public struct MOTPeerResults: Sendable {
    /// One peer: its folder name and folder.
    public struct Tracker: Sendable {
        public let name: String
        public let directory: String

        /// Its results file for `sequence`, when it has one.
        public func resultsFile(for sequence: String) -> String? {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(sequence + ".txt").path
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
    }

    /// Trackers in case-insensitive name order.
    public let trackers: [Tracker]

    /// Throws ``EvaluationError`` when nothing is at `path`, a file is, or no sub-folder holds a `.txt` file.
    public init(path: String) throws {
        let files = FileManager.default
        try EvaluationError.requireFolder(path, expected: "<Tracker>/<Sequence>.txt files")
        let root = URL(fileURLWithPath: path)
        trackers = ((try? files.contentsOfDirectory(atPath: path)) ?? [])
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            .compactMap { name in
                let folder = root.appendingPathComponent(name)
                let entries = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
                return entries.contains { $0.hasSuffix(".txt") } ? Tracker(name: name, directory: folder.path) : nil
            }
        guard !trackers.isEmpty else {
            throw EvaluationError.malformedFile(path: path, reason: "no tracker folder with <Sequence>.txt results")
        }
    }
}
