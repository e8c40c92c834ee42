import Foundation

/// The class names of a detector, by class index.
public enum ClassNames {
    /// Parses the `names` metadata that YOLO exporters write: a Python-style dictionary such as
    /// `{0: 'person', 1: 'bicycle'}` (or a list `['person', 'bicycle']`). Returns nil when the text
    /// has neither form or its indices do not run 0, 1, 2, ... (see ``parseNumbered(metadata:)``).
    public static func parse(metadata text: String) -> [String]? {
        guard let names = parseNumbered(metadata: text), names.keys.sorted() == Array(0..<names.count) else { return nil }
        return (0..<names.count).compactMap { names[$0] }
    }

    /// The `names` metadata by class number, numbers skipped or not (`{0: 'person', 5: 'car'}`);
    /// nil when the text is neither a dictionary nor a list of quoted names, or names nothing.
    public static func parseNumbered(metadata text: String) -> [Int: String]? {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let open = body.first, let close = body.last, (open == "{" && close == "}") || (open == "[" && close == "]") else { return nil }
        var names: [Int: String] = [:]
        var index = 0
        var cursor = body.index(after: body.startIndex)
        let end = body.index(before: body.endIndex)
        while cursor < end {
            // Optional "N:" before a quoted name.
            var key: Int?
            var digits = ""
            while cursor < end, body[cursor] == " " || body[cursor] == "," { cursor = body.index(after: cursor) }
            while cursor < end, body[cursor].isNumber { digits.append(body[cursor]); cursor = body.index(after: cursor) }
            if !digits.isEmpty {
                key = Int(digits)
                while cursor < end, body[cursor] == " " || body[cursor] == ":" { cursor = body.index(after: cursor) }
            }
            guard cursor < end else { break }
            let quote = body[cursor]
            guard quote == "'" || quote == "\"" else { return nil }
            cursor = body.index(after: cursor)
            var name = ""
            while cursor < end, body[cursor] != quote { name.append(body[cursor]); cursor = body.index(after: cursor) }
            guard cursor < end else { return nil }
            cursor = body.index(after: cursor)
            names[key ?? index] = name
            index += 1
        }
        return names.isEmpty ? nil : names
    }

    /// Reads a names file: one class name per line, in class-index order; blank lines are skipped.
    public static func read(path: String) throws -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw NeuralDetectionError.unreadableClassNames(path: path, reason: "no such file or not UTF-8 text")
        }
        let names = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw NeuralDetectionError.unreadableClassNames(path: path, reason: "the file names no class") }
        return names
    }
}
