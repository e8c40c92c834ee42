import Foundation

/// The sequence folders of a dataset folder, shared by the OTB and MOTChallenge layouts: the folder
/// itself when it holds a sequence, else its sub-folders that do.
enum SequenceFolders {
    /// Loads `directory` itself when it holds `marker` (a relative path such as
    /// `groundtruth_rect.txt` or `gt/gt.txt`), else every sub-folder holding it, in case-insensitive
    /// name order; with `names`, exactly those sub-folders, in that order. `name` gives a loaded
    /// sequence's name, to check `names` against a single sequence. Throws
    /// ``EvaluationError/unreadable(path:reason:)`` when nothing is at `directory`,
    /// ``EvaluationError/notAFolder(path:expected:)`` when a file is,
    /// ``EvaluationError/unknownSequence(name:directory:)`` for a name that is not there, and the
    /// errors of `load`. The result may be empty.
    static func load<Sequence>(_ directory: String, marker: String, names: [String]?,
                               load: (String) throws -> Sequence, name: (Sequence) -> String) throws -> [Sequence] {
        let root = URL(fileURLWithPath: directory)
        let files = FileManager.default
        try EvaluationError.requireFolder(directory, expected: "a dataset folder, or one sequence folder with \(marker)")
        if files.fileExists(atPath: root.appendingPathComponent(marker).path) {
            let single = try load(directory)
            if let other = names?.first(where: { $0 != name(single) }) {
                throw EvaluationError.unknownSequence(name: other, directory: directory)
            }
            return [single]
        }
        let available = ((try? files.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { files.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent(marker).path) }
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let chosen = names ?? available
        if let unknown = chosen.first(where: { !available.contains($0) }) {
            throw EvaluationError.unknownSequence(name: unknown, directory: directory)
        }
        return try chosen.map { try load(root.appendingPathComponent($0).path) }
    }
}
