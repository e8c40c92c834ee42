import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element: just what OpenCV's FileStorage XML needs (names, attributes, text, children).
final class XMLElementTree {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLElementTree] = []
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The first child element with the given name.
    func child(_ childName: String) -> XMLElementTree? {
        children.first { $0.name == childName }
    }

    /// Child elements named `_` (OpenCV's sequence items).
    var items: [XMLElementTree] { children.filter { $0.name == "_" } }

    /// The text split at white space.
    var tokens: [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) }

    fileprivate func append(_ element: XMLElementTree) { children.append(element) }

    /// Parses a whole document and returns its root element.
    static func parse(_ data: Data) throws -> XMLElementTree {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed XML"
            throw XMLTreeError(line: parser.lineNumber, reason: reason)
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLElementTree?
        private var stack: [XMLElementTree] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = XMLElementTree(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.append(element) } else if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // Text between child elements is white space in FileStorage files; keep it all anyway.
            stack.last?.text += string
        }
    }
}

/// Where and why an XML document could not be parsed.
struct XMLTreeError: Error {
    let line: Int
    let reason: String
}
