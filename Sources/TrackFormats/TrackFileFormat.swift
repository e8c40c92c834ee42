import Files
import Foundation

/// The tracks files vtrack reads back (for `vtrack render`): its own CSV (``TrackCSV``),
/// MOTChallenge results (``MOTChallengeFormat``) and CVAT for video XML (``CVATVideoXML``), told
/// apart by their content.
///
///     let records = try TrackFileFormat.read(path: "out/clip.mot.txt")   // or out/clip.csv
///
/// Either way the records' boxes are pixels with the origin at the top-left pixel and their frames
/// are 0-based.
public enum TrackFileFormat: Sendable, Equatable {
    /// vtrack's CSV: a header row naming the columns, then one row per object per frame.
    case vtrackCSV
    /// MOTChallenge: no header, ten numbers per line, 1-based frames.
    case motChallenge
    /// CVAT for video 1.1 XML: a track per object, a box per frame.
    case cvatXML

    /// The format of `text`: CVAT XML when it starts with `<` (after blanks); MOTChallenge when its
    /// first non-blank line holds only numbers (a vtrack CSV starts with a header row of names), or
    /// when it has no line at all and `path` ends in `.txt` (a MOTChallenge file of a clip without
    /// tracks); vtrack's CSV otherwise.
    public init(detecting text: String, path: String) {
        let first = text.split(whereSeparator: \.isNewline).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if let first, first.trimmingCharacters(in: .whitespaces).hasPrefix("<") {
            self = .cvatXML
        } else if let first {
            self = MOTChallengeFormat.isNumeric(first) ? .motChallenge : .vtrackCSV
        } else {
            self = FilePath.fileExtension(of: path).lowercased() == "txt" ? .motChallenge : .vtrackCSV
        }
    }

    /// The format of a file from its first bytes, which are left unread (blank lines before them
    /// are read): CVAT XML when its first non-blank byte is `<`, else as ``init(detecting:path:)``
    /// says from its first non-blank line. Throws the input's ``TrackCSVError``.
    init(sniffing input: TrackFileInput) throws {
        if try input.firstNonBlankByte() == UInt8(ascii: "<") {
            self = .cvatXML
        } else if let first = try input.nextPiece(endingAt: TrackFileInput.lineBreak) {
            input.putBack(first)
            self = TrackFileFormat(detecting: first, path: input.path)
        } else {
            self = TrackFileFormat(detecting: "", path: input.path)
        }
    }

    /// Reads a tracks file in any of the formats, as a stream (a regular file, a FIFO or a pipe),
    /// its format told by its first bytes. Throws ``TrackCSVError`` when the file cannot be read,
    /// holds binary data, is not UTF-8 or has a line (for XML, a tag) longer than
    /// ``TrackFileInput/longestPiece``, then ``TrackCSVError``, ``MOTChallengeError`` or
    /// ``CVATXMLError`` (by format) naming the file and the line of the first bad row.
    public static func read(path: String) throws -> [TrackRecord] {
        try readLines(path: path).map(\.record)
    }

    /// Parses `text` in this format; `path` only names the source in errors.
    public func parse(_ text: String, path: String) throws -> [TrackRecord] {
        try parseLines(TrackFileInput(text: text, path: path)).map(\.record)
    }

    /// Reads a tracks file as ``read(path:)`` does, with the line each record comes from (1-based).
    package static func readLines(path: String) throws -> [(line: Int, record: TrackRecord)] {
        let input = try TrackFileInput(path: path)
        return try TrackFileFormat(sniffing: input).parseLines(input)
    }

    /// Parses the rest of `input` in this format, with the line each record comes from (1-based).
    func parseLines(_ input: TrackFileInput) throws -> [(line: Int, record: TrackRecord)] {
        switch self {
        case .vtrackCSV: return try TrackCSV.parseLines(input)
        case .motChallenge: return try MOTChallengeFormat.parseLines(input)
        case .cvatXML: return try CVATVideoXML.parseLines(input)
        }
    }
}
