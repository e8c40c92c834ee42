import Foundation

/// A folder of OTB-layout sequences (see ``OTBSequence``), or a single sequence folder.
///
///     let dataset = try OTBDataset(directory: "/data/sequences", names: ["Couple", "bag"])
///     for sequence in dataset.sequences { print(sequence.name, sequence.groundTruth.count) }
public struct OTBDataset: Sendable {
    /// The folder as given.
    public let directory: String
    /// Sequences in case-insensitive name order, or in the order of `names` when given.
    public let sequences: [OTBSequence]

    /// Loads every sub-folder that holds a `groundtruth_rect.txt` (or `directory` itself when it holds
    /// one). With `names`, loads exactly those sequences, in that order.
    /// Throws ``EvaluationError/noSequences(directory:)`` when there is none,
    /// ``EvaluationError/unknownSequence(name:directory:)`` for a name that is not there, and the
    /// sequence's own errors (malformed ground truth, no video).
    public init(directory: String, names: [String]? = nil) throws {
        self.directory = directory
        let root = URL(fileURLWithPath: directory)
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw EvaluationError.unreadable(path: directory, reason: "no such folder")
        }
        if files.fileExists(atPath: root.appendingPathComponent("groundtruth_rect.txt").path) {
            let single = try OTBSequence(directory: directory)
            if let other = names?.first(where: { $0 != single.name }) {
                throw EvaluationError.unknownSequence(name: other, directory: directory)
            }
            sequences = [single]
            return
        }
        let available = Self.sequenceNames(in: root)
        if let names {
            sequences = try names.map { name in
                guard available.contains(name) else { throw EvaluationError.unknownSequence(name: name, directory: directory) }
                return try OTBSequence(directory: root.appendingPathComponent(name).path)
            }
        } else {
            sequences = try available.map { try OTBSequence(directory: root.appendingPathComponent($0).path) }
        }
        guard !sequences.isEmpty else { throw EvaluationError.noSequences(directory: directory) }
    }

    /// Names of the sub-folders of `root` that hold a `groundtruth_rect.txt`, case-insensitively sorted.
    static func sequenceNames(in root: URL) -> [String] {
        let files = FileManager.default
        let entries = (try? files.contentsOfDirectory(atPath: root.path)) ?? []
        return entries
            .filter { files.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("groundtruth_rect.txt").path) }
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }
}
