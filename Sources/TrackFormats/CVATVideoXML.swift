import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging

/// CVAT's "CVAT for video 1.1" XML (interpolation mode): a `<track>` per object with its label and a
/// `<box>` per frame, corners `xtl,ytl,xbr,ybr` in pixels (origin at the top-left pixel), `outside`
/// where the object is not in view.
///
///     <track id="0" label="walker" source="auto">
///       <box frame="24" xtl="232.67" ytl="119.36" xbr="255.33" ybr="169.91" outside="0" occluded="0" keyframe="1" z_order="0"/>
///
/// What vtrack writes (``document(tracks:frameCount:width:height:name:)``):
/// - a track per ``TrackRecord/trackID`` (CVAT id = track id - 1), labelled with the record's label
///   (``unlabelled`` when empty), `source="auto"`;
/// - a box on every frame the object has a record, `outside="1"` where it is `lost` (the object is
///   out of view, or the confidence says the box is off it), at the last box's place;
/// - `keyframe="1"` on every box: CVAT keeps only the keyframes of an imported track and
///   interpolates linearly between them, so a box that is not a keyframe is replaced by a straight
///   line on import. Which rows were re-seeds is in the CSV's `state` column.
///
/// Labels and the task's name are escaped by ``MarkupText/escaped(_:)``: tab, line feed and carriage
/// return as character references, the control characters XML cannot hold as `\u{HEX}`.
///
/// What vtrack reads back (``parse(_:path:)``): every `<box>` of every `<track>` as a record (frame
/// as written, id + 1 (so CVAT ids up to `Int.max - 1`), the track's label with its `\u{HEX}`
/// escapes restored, `lost` at confidence 0 where `outside="1"`, else `tracked` at confidence 1,
/// time 0, source `keyframe` where `keyframe="1"`); other shapes are skipped.
public enum CVATVideoXML {
    /// The label written for records without one.
    public static let unlabelled = "object"

    /// One object's boxes, in frame order.
    public struct Track: Sendable, Equatable {
        /// vtrack's track id (1-based); CVAT's is one less.
        public var trackID: Int
        public var label: String
        public var boxes: [Box] = []

        public init(trackID: Int, label: String) {
            self.trackID = trackID
            self.label = label
        }

        /// The track's records in order (``TrackRecord/state`` `lost` is written `outside`).
        public mutating func append(_ record: TrackRecord) {
            boxes.append(Box(frame: record.frame, box: record.box, outside: record.state == .lost))
        }
    }

    /// One `<box>`: a frame, the box in pixels (origin at the top-left pixel), and whether the
    /// object is outside (not in view, or lost).
    public struct Box: Sendable, Equatable {
        public var frame: Int
        public var box: PixelRect
        public var outside: Bool
    }

    /// The whole document for a clip's tracks. `frameCount` is the clip's frames, `width` x `height`
    /// its picture size in pixels, `name` the task's name (the clip's).
    public static func document(tracks: [Track], frameCount: Int, width: Int, height: Int, name: String) -> String {
        let labels = Set(tracks.map(label(of:))).sorted()
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            "<annotations>",
            "  <version>1.1</version>",
            "  <meta>",
            "    <task>",
            "      <name>\(MarkupText.escaped(name))</name>",
            "      <size>\(frameCount)</size>",
            "      <mode>interpolation</mode>",
            "      <overlap>0</overlap>",
            "      <flipped>False</flipped>",
            "      <labels>",
        ]
        for label in labels {
            lines += ["        <label>", "          <name>\(MarkupText.escaped(label))</name>", "          <type>any</type>",
                      "          <attributes>", "          </attributes>", "        </label>"]
        }
        lines += [
            "      </labels>",
            "      <original_size>",
            "        <width>\(width)</width>",
            "        <height>\(height)</height>",
            "      </original_size>",
            "    </task>",
            "  </meta>",
        ]
        for track in tracks {
            lines.append(#"  <track id="\#(track.trackID - 1)" label="\#(MarkupText.escaped(label(of: track)))" source="auto">"#)
            for box in track.boxes { lines.append("    " + element(box)) }
            lines.append("  </track>")
        }
        lines.append("</annotations>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `<box>` element.
    /// The far corners are the sums of the CSV's rounded values, so that reading the file back gives
    /// the CSV's widths and heights.
    static func element(_ box: Box) -> String {
        func hundredths(_ value: Double) -> Double { (value * 100).rounded() }
        let b = box.box
        let x = hundredths(b.x), y = hundredths(b.y)
        let corners = [x, y, x + hundredths(b.width), y + hundredths(b.height)].map { formatPixels($0 / 100) }
        return #"<box frame="\#(box.frame)" xtl="\#(corners[0])" ytl="\#(corners[1])" xbr="\#(corners[2])" ybr="\#(corners[3])" outside="\#(box.outside ? 1 : 0)" occluded="0" keyframe="1" z_order="0"/>"#
    }

    /// Parses a CVAT for video XML document; `path` only names the source in errors. Throws
    /// ``CVATXMLError`` naming the file and the line of the first problem.
    public static func parse(_ text: String, path: String) throws -> [TrackRecord] {
        try parseLines(TrackFileInput(text: text, path: path)).map(\.record)
    }

    /// Parses a CVAT XML file as ``parse(_:path:)`` does, a tag at a time, with the line of each
    /// record's `<box>` (1-based). The file's limit is ``TrackFileInput``'s: a tag or text up to
    /// ``TrackFileInput/longestPiece`` bytes, however long the file.
    static func parseLines(_ input: TrackFileInput) throws -> [(line: Int, record: TrackRecord)] {
        let path = input.path
        // Blank lines the format sniffer has read already.
        let linesBefore = input.line - 1
        let reader = Reader(path: path, linesBefore: linesBefore)
        let stream = XMLPieceStream(input)
        let parser = XMLParser(stream: stream)
        parser.delegate = reader
        let parsed = parser.parse()
        if let error = stream.error { throw error }
        if let error = reader.error { throw error }
        let line = linesBefore + parser.lineNumber
        guard parsed else {
            let reason = parser.parserError.map { "not well-formed XML (\(($0 as NSError).code))" } ?? "not well-formed XML"
            throw CVATXMLError(path: path, line: line, reason: reason)
        }
        guard reader.sawAnnotations else {
            throw CVATXMLError(path: path, line: linesBefore + 1, reason: "no <annotations> element: not a CVAT XML file")
        }
        guard reader.sawEnd else {
            throw CVATXMLError(path: path, line: line, reason: "the file ends before </annotations>: cut short?")
        }
        return reader.records.sorted { ($0.record.frame, $0.record.trackID) < ($1.record.frame, $1.record.trackID) }
    }

    private static func label(of track: Track) -> String { track.label.isEmpty ? unlabelled : track.label }

    /// Collects the boxes of the tracks as the parser goes.
    private final class Reader: NSObject, XMLParserDelegate {
        let path: String
        /// Lines of the file before the parser's first.
        let linesBefore: Int
        var records: [(line: Int, record: TrackRecord)] = []
        var error: CVATXMLError?
        var sawAnnotations = false
        var sawEnd = false
        private var track: (id: Int, label: String)?

        init(path: String, linesBefore: Int) {
            self.path = path
            self.linesBefore = linesBefore
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            func fail(_ reason: String) {
                error = CVATXMLError(path: path, line: linesBefore + parser.lineNumber, reason: reason)
                parser.abortParsing()
            }
            switch name {
            case "annotations":
                sawAnnotations = true
            case "track":
                guard let id = attributes["id"].flatMap(Int.init), id >= 0 else { return fail("a <track> without a whole id of 0 or more") }
                // vtrack's track id is CVAT's + 1.
                guard id < Int.max else { return fail("<track id=\"\(id)\"> is too large: vtrack reads ids up to \(Int.max - 1)") }
                guard let label = attributes["label"] else { return fail("<track id=\"\(id)\"> has no label") }
                track = (id, MarkupText.restoringControlCharacters(label))
            case "box":
                guard let track else { return }
                guard let frame = attributes["frame"].flatMap(Int.init), frame >= 0 else {
                    return fail("a <box> without a whole frame of 0 or more")
                }
                var corners: [Double] = []
                for key in ["xtl", "ytl", "xbr", "ybr"] {
                    guard let value = attributes[key].flatMap(Double.init), value.isFinite else {
                        return fail("<box frame=\"\(frame)\"> has no number in \(key)")
                    }
                    corners.append(value)
                }
                guard corners[2] > corners[0], corners[3] > corners[1] else {
                    return fail("<box frame=\"\(frame)\"> is empty (xbr <= xtl or ybr <= ytl)")
                }
                let outside = attributes["outside"] == "1"
                records.append((linesBefore + parser.lineNumber, TrackRecord(
                    frame: frame, time: 0, trackID: track.id + 1, label: track.label,
                    box: PixelRect(x: corners[0], y: corners[1], width: corners[2] - corners[0], height: corners[3] - corners[1]),
                    confidence: outside ? 0 : 1, state: outside ? .lost : .tracked,
                    source: attributes["keyframe"] == "1" ? .keyframe : .tracked)))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "track" { track = nil }
            if name == "annotations" { sawEnd = true }
        }
    }
}

/// A CVAT XML file that cannot be used, with the line of the first problem (1-based).
public struct CVATXMLError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(path):\(line): \(reason)" }
}
