/// Text made safe inside XML, HTML and SVG, in element content and in quoted attribute values.
public enum MarkupText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
