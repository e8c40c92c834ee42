import Foundation

/// A small CSV table with a header row, as sidecars and manifests use: column names are matched
/// case-insensitively, blank lines are ignored, and every row keeps its 1-based line number.
package struct BoxTable {
    package struct Row {
        package let line: Int
        package let values: [String]
    }

    package let path: String
    package let columns: [String]
    package let rows: [Row]

    /// Throws ``BoxFileError`` when there is no header, a required column is missing, or a quoted
    /// field is not closed.
    package init(text: String, path: String, required: [String]) throws {
        self.path = path
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let (headerIndex, headerLine) = lines.first else {
            throw BoxFileError(path: path, location: "", reason: "empty file, expected a header row \(required.joined(separator: ","))")
        }
        let names = try Self.split(String(headerLine), path: path, line: headerIndex + 1)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        columns = names
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw BoxFileError(path: path, location: "line \(headerIndex + 1)",
                               reason: "missing column(s) \(missing.joined(separator: ", ")) in the header")
        }
        rows = try lines.dropFirst().map { index, line in
            Row(line: index + 1, values: try Self.split(String(line), path: path, line: index + 1))
        }
    }

    /// The trimmed value of `column` in `row`, or `nil` when the table has no such column or the row is short.
    package func value(_ column: String, in row: Row) -> String? {
        guard let c = columns.firstIndex(of: column), c < row.values.count else { return nil }
        return row.values[c].trimmingCharacters(in: .whitespaces)
    }

    /// Reads one box row: `x`, `y`, `width`, `height` required, `frame` and `label` optional.
    package func boxRow(_ row: Row) throws -> BoxRow {
        let location = "line \(row.line)"
        func number(_ name: String) throws -> Double {
            guard let text = value(name, in: row), !text.isEmpty else {
                throw BoxFileError(path: path, location: location, reason: "\(name) is missing")
            }
            guard let v = Double(text), v.isFinite else {
                throw BoxFileError(path: path, location: location, reason: "\(name) '\(text)' is not a finite number")
            }
            return v
        }
        var frame: Int?
        if let text = value("frame", in: row), !text.isEmpty {
            guard let f = Int(text), f >= 0 else {
                throw BoxFileError(path: path, location: location, reason: "frame '\(text)' is not a non-negative integer")
            }
            frame = f
        }
        let box = PixelRectValues(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
        return try BoxRow(frame: frame, label: value("label", in: row) ?? "", values: box, path: path, location: location)
    }

    private static func split(_ line: String, path: String, line number: Int) throws -> [String] {
        do {
            return try TrackCSV.fields(of: line, path: path, line: number)
        } catch let error as TrackCSVError {
            throw BoxFileError(path: path, location: "line \(number)", reason: error.reason)
        }
    }
}
