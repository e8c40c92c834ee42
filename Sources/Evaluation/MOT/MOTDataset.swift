import Foundation

/// A folder of MOTChallenge-layout sequences (see ``MOTSequence``), or a single sequence folder.
///
///     let dataset = try MOTDataset(directory: "data/mot")
///     for sequence in dataset.sequences { print(sequence.name, sequence.info.length) }
public struct MOTDataset: Sendable {
    /// The folder as given.
    public let directory: String
    /// Sequences in case-insensitive name order, or in the order of `names` when given.
    public let sequences: [MOTSequence]

    /// Loads every sub-folder that holds `gt/gt.txt` (or `directory` itself when it holds one). With
    /// `names`, loads exactly those sequences, in that order. Throws ``EvaluationError`` when there is
    /// no such folder or sequence, for a name that is not there, and the sequences' own errors.
    public init(directory: String, names: [String]? = nil) throws {
        self.directory = directory
        let root = URL(fileURLWithPath: directory)
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw EvaluationError.unreadable(path: directory, reason: "no such folder")
        }
        if files.fileExists(atPath: root.appendingPathComponent("gt/gt.txt").path) {
            let single = try MOTSequence(directory: directory)
            if let other = names?.first(where: { $0 != single.name }) {
                throw EvaluationError.unknownSequence(name: other, directory: directory)
            }
            sequences = [single]
            return
        }
        let available = ((try? files.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { files.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("gt/gt.txt").path) }
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let chosen = try (names ?? available).map { name in
            guard available.contains(name) else { throw EvaluationError.unknownSequence(name: name, directory: directory) }
            return name
        }
        sequences = try chosen.map { try MOTSequence(directory: root.appendingPathComponent($0).path) }
        guard !sequences.isEmpty else {
            throw EvaluationError.malformedFile(
                path: directory, reason: "no sequences (expected <Name>/gt/gt.txt and <Name>/seqinfo.ini with <Name>/<Name>.mp4 or <Name>/img1/000001.jpg)")
        }
    }
}
