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
            self = (path as NSString).pathExtension.lowercased() == "txt" ? .motChallenge : .vtrackCSV
        }
    }

    /// Reads a tracks file in any of the formats. Throws ``TrackCSVError`` when the file cannot be
    /// read or is not UTF-8, then ``TrackCSVError``, ``MOTChallengeError`` or ``CVATXMLError`` (by
    /// format) naming the file and the line of the first bad row.
    public static func read(path: String) throws -> [TrackRecord] {
        try readLines(path: path).map(\.record)
    }

    /// Parses `text` in this format; `path` only names the source in errors.
    public func parse(_ text: String, path: String) throws -> [TrackRecord] {
        try parseLines(text, path: path).map(\.record)
    }

    /// Reads a tracks file as ``read(path:)`` does, with the line each record comes from (1-based).
    static func readLines(path: String) throws -> [(line: Int, record: TrackRecord)] {
        let text = try self.text(atPath: path)
        return try TrackFileFormat(detecting: text, path: path).parseLines(text, path: path)
    }

    /// Parses `text` in this format, with the line each record comes from (1-based).
    func parseLines(_ text: String, path: String) throws -> [(line: Int, record: TrackRecord)] {
        switch self {
        case .vtrackCSV: return try TrackCSV.parseLines(text, path: path)
        case .motChallenge: return try MOTChallengeFormat.parseLines(text, path: path)
        case .cvatXML: return try CVATVideoXML.parseLines(text, path: path)
        }
    }

    /// The file's text. Throws ``TrackCSVError`` (line 0) when it cannot be read or is not UTF-8.
    static func text(atPath path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TrackCSVError(path: path, line: 0, reason: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TrackCSVError(path: path, line: 0, reason: "not UTF-8 text")
        }
        return text
    }
}
