import Foundation

/// The data a page's script reads, embedded in the page as a `<script type="application/json">`
/// element, so that the page needs no file beside it for its data and fetches nothing.
///
///     lines.append(try PageData.element(id: "pick-data", value: data))
///     // script: JSON.parse(document.getElementById('pick-data').textContent)
///
/// Every `<`, `>` and `&` in the JSON is written as a `\u` escape, so that no text from the user or
/// a file name (a label `</script>`) can end the element early.
enum PageData {
    /// The element holding `value` as JSON; `id` must be a plain identifier.
    static func element<Value: Encodable>(id: String, value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
        return #"<script type="application/json" id="\#(id)">"# + json + "</script>"
    }
}
