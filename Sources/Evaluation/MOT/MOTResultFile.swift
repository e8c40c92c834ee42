import Foundation
import TrackFormats

/// Reads a tracker's MOTChallenge results file (``MOTChallengeFormat``: what `vtrack track --mot`
/// writes) for scoring. Every row is scored, whatever its `conf` (as py-motmetrics and TrackEval do).
///
///     let predictions = try MOTResultFile.read(path: "eval-out/mot/TUD-Campus.txt", frameCount: 71)
public enum MOTResultFile {
    /// Throws ``EvaluationError``, naming the file and the 1-based line: unreadable, a row that is not
    /// ten numbers as ``MOTChallengeFormat`` reads them, a frame past `frameCount` (unless
    /// `dropsLaterFrames`, which leaves such rows unscored), an id twice on one frame.
    public static func read(path: String, frameCount: Int, dropsLaterFrames: Bool = false) throws -> MOTFrames {
        try parse(try BoxTextFields.readText(path: path), path: path, frameCount: frameCount, dropsLaterFrames: dropsLaterFrames)
    }

    /// Parses the text of a results file; `path` only names the source in errors.
    public static func parse(_ text: String, path: String, frameCount: Int, dropsLaterFrames: Bool = false) throws -> MOTFrames {
        let records: [TrackRecord]
        do {
            records = try MOTChallengeFormat.parse(text, path: path)
        } catch let error as MOTChallengeError {
            throw EvaluationError.malformedLine(path: error.path, line: error.line, reason: error.reason)
        }
        // The parser keeps the order of the non-blank lines; find each one's line number again for errors.
        let lineNumbers = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.offset + 1 }
        let rows = zip(lineNumbers, records).map { line, record in
            (line: line, frame: record.frame + 1, box: MOTBox(id: record.trackID, box: record.box))
        }.filter { !dropsLaterFrames || $0.frame <= frameCount }
        return try MOTFrames(rows: rows, frameCount: frameCount, path: path)
    }
}
