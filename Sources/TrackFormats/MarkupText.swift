/// Text made safe inside XML, HTML and SVG, in element content and in quoted attribute values.
///
///     MarkupText.escaped("a<b\n\u{1B}")                     // "a&lt;b&#10;\\u{1B}"
///     MarkupText.restoringControlCharacters("a\\u{1B}b")   // "a\u{1B}b"
///
/// XML 1.0 cannot hold the control characters below U+0020 other than tab, line feed and carriage
/// return, nor U+FFFE and U+FFFF, not even as character references. ``escaped(_:)`` writes each of
/// them as a visible `\u{HEX}` escape (Swift's spelling, hex digits in upper case), and a backslash
/// that starts `\u{` in the text as `\u{5C}`, so that ``restoringControlCharacters(_:)`` gives back
/// exactly the text that was escaped.
public enum MarkupText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references; tab, line feed and
    /// carriage return by `&#9;`, `&#10;` and `&#13;` (an XML reader keeps these in an attribute
    /// value, where it turns the characters themselves into spaces); the characters XML cannot hold
    /// by `\u{HEX}`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case "\\" where scalars[index...].starts(with: "u{".unicodeScalars): result += visible(scalar)
            case _ where !isXMLCharacter(scalar): result += visible(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with each `\u{HEX}` escape written by ``escaped(_:)`` replaced by its character; any
    /// other text, including a `\u{...}` that is no character, is left as it is.
    public static func restoringControlCharacters(_ text: String) -> String {
        guard text.contains("\\u{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "\\u{") {
            result += rest[..<start.lowerBound]
            let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
            let end = digits.endIndex
            if !digits.isEmpty, digits.count <= 6, end < rest.endIndex, rest[end] == "}",
               let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
            } else {
                result += rest[start]
                rest = rest[start.upperBound...]
            }
        }
        return result + rest
    }

    /// Whether XML 1.0 can hold `scalar` (its `Char` production).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
