import TrackFormats
import XCTest

/// The one markup escaper on exact cases: what XML 1.0 cannot hold is written so that it reads back
/// exactly (issue 46, items 3 and 4).
final class MarkupTextTests: XCTestCase {
    func testEscapesAndRestoresExactly() {
        let cases: [(text: String, escaped: String)] = [
            ("a<b>&\"'", "a&lt;b&gt;&amp;&quot;&#39;"),
            ("a\nb\tc\rd", "a&#10;b&#9;c&#13;d"),
            ("\r\n", "&#13;&#10;"),
            ("esc\u{1B}bel\u{07}nul\u{00}one\u{01}", #"esc\u{1B}bel\u{7}nul\u{0}one\u{1}"#),
            ("\u{FFFE}\u{FFFF}\u{FFFD}", #"\u{FFFE}\u{FFFF}"# + "\u{FFFD}"),
            (#"C:\path\u{41}\"#, #"C:\path\u{5C}u{41}\"#),
            ("ünï cödé 🎥", "ünï cödé 🎥"),
        ]
        for (text, escaped) in cases {
            XCTAssertEqual(MarkupText.escaped(text), escaped, text.debugDescription)
            XCTAssertEqual(MarkupText.restoringControlCharacters(MarkupText.unescapedReferences(escaped)), text, text.debugDescription)
        }
    }

    func testTextThatIsNoEscapeIsLeftAsItIs() {
        for text in [#"\u{"#, #"\u{}"#, #"\u{G1}"#, #"\u{1234567}"#, #"\u{D800}"#, #"a\u{41"#] {
            XCTAssertEqual(MarkupText.restoringControlCharacters(text), text)
        }
    }
}

private extension MarkupText {
    /// The character references ``escaped(_:)`` writes, resolved as an XML reader does.
    static func unescapedReferences(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#10;", "\n"), ("&#9;", "\t"), ("&#13;", "\r"), ("&amp;", "&")]
            .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
