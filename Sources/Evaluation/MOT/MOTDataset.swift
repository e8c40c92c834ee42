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
        sequences = try SequenceFolders.load(directory, marker: "gt/gt.txt", names: names,
                                             load: { try MOTSequence(directory: $0) }, name: \.name)
        guard !sequences.isEmpty else {
            throw EvaluationError.malformedFile(
                path: directory, reason: "no sequences (expected <Name>/gt/gt.txt and <Name>/seqinfo.ini with <Name>/<Name>.mp4 or <Name>/img1/000001.jpg)")
        }
    }
}
