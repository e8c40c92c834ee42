import Foundation

/// Named groups of sequences for per-category figures, read from a JSON object that maps each
/// category name to its sequence names (`vtrack eval --categories FILE`):
///
///     {"people": ["Couple", "Crossing"], "vehicles and boats": ["car14", "boat5"]}
///
///     let categories = try SequenceCategories(path: "docs/dev-set-categories.json")
///     print(categories.categories.map(\.name))
///
/// A sequence may be in several categories; names the dataset does not hold are ignored when scoring.
public struct SequenceCategories: Sendable, Equatable {
    /// One category: its name and its sequences, as in the file.
    public struct Category: Sendable, Equatable {
        public var name: String
        public var sequences: [String]
    }

    /// The file read.
    public let path: String
    /// Categories sorted by name.
    public let categories: [Category]

    /// Throws ``EvaluationError/unreadable(path:reason:)`` when the file cannot be read and
    /// ``EvaluationError/malformedFile(path:reason:)`` when it is not a JSON object of string arrays.
    public init(path: String) throws {
        try self.init(parsing: try EvaluationError.contents(of: path), path: path)
    }

    /// Parses the file's bytes; `path` only names the source in errors.
    public init(parsing data: Data, path: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data), let table = object as? [String: Any] else {
            throw EvaluationError.malformedFile(path: path, reason: "expected a JSON object {\"category\": [\"Sequence\", ...], ...}")
        }
        self.path = path
        categories = try table.keys.sorted().map { name in
            guard let names = table[name] as? [String] else {
                throw EvaluationError.malformedFile(path: path, reason: "category '\(name)' is not an array of sequence names")
            }
            return Category(name: name, sequences: names)
        }
    }
}
