import Foundation

/// Field splitting and number parsing shared by the ground-truth and prediction readers, following
/// `otb_metrics.py`: a line with a comma is split at commas, any other line at runs of whitespace
/// (spaces or tabs); empty fields and `nan`, `none`, `null`, `na`, `-` are NaN.
enum BoxTextFields {
    /// The lines of `text` (any newline convention), with trailing blank lines removed.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines
    }

    /// The fields of one line; with commas, empty fields are kept (they read as NaN).
    static func fields(of line: Substring) -> [Substring] {
        if line.contains(",") { return line.split(separator: ",", omittingEmptySubsequences: false) }
        return line.split(whereSeparator: \.isWhitespace)
    }

    /// The value of one field, NaN for the missing-value spellings, `nil` when it is not a number.
    static func number(_ field: Substring) -> Double? {
        let text = field.trimmingCharacters(in: .whitespaces)
        if ["", "nan", "none", "null", "na", "-"].contains(text.lowercased()) { return .nan }
        return Double(text)
    }

    /// A field for an error message, shortened.
    static func quoted(_ text: Substring) -> String {
        let short = text.count > 40 ? text.prefix(40) + "..." : text
        return "'\(short)'"
    }

    /// The UTF-8 text of a file; throws ``EvaluationError/unreadable(path:reason:)``.
    static func readText(path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw EvaluationError.unreadable(path: path, reason: exists ? "permission denied or not a file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EvaluationError.unreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
