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
        sequences = try SequenceFolders.load(directory, marker: "groundtruth_rect.txt", names: names,
                                             load: { try OTBSequence(directory: $0) }, name: \.name)
        guard !sequences.isEmpty else { throw EvaluationError.noSequences(directory: directory) }
    }
}
