import Foundation
import Imaging

/// The CSV format of vtrack's per-frame output: a header row, then one row per object per frame.
///
///     frame,time_s,track_id,label,x,y,width,height,confidence,style,state,x1,y1,x2,y2,x3,y3,x4,y4,source
///     0,0.000000,1,walker,157,138,22,55,1.0000,solid,tracked,,,,,,,,,keyframe
///     0,0.000000,2,sign,300,80,120,90,1.0000,solid,tracked,300,85,420,80,415,170,302,165,tracked
///
/// Boxes are pixels with the origin at the top-left pixel; `confidence` is in 0...1; `style` is
/// `solid` when confidence > 0.5, else `dashed`; `state` is a ``TrackState``. `x1,y1 ... x4,y4` are
/// a planar object's corners (pixels, clockwise from the top left; the box is their bounding
/// box), empty for a plain box. `source` is a ``TrackSource``: `keyframe` for a box the user gave,
/// `tracked`, or, between two keyframes, `combined` or `disputed` (the passes disagree).
public enum TrackCSV {
    public static let header = "frame,time_s,track_id,label,x,y,width,height,confidence,style,state," + cornerColumns.joined(separator: ",")
        + ",source"
    static let cornerColumns = ["x1", "y1", "x2", "y2", "x3", "y3", "x4", "y4"]

    /// One CSV row (no newline) for a record. Labels with commas, quotes or newlines are quoted.
    public static func row(_ r: TrackRecord) -> String {
        let time = String(format: "%.6f", r.time)
        let confidence = String(format: "%.4f", r.confidence)
        let corners = r.corners.map(\.description) ?? String(repeating: ",", count: cornerColumns.count - 1)
        return "\(r.frame),\(time),\(r.trackID),\(quoted(r.label)),\(r.box),\(confidence),\(r.style.rawValue),\(r.state.rawValue),\(corners),\(r.source.rawValue)"
    }

    /// Parses a whole CSV file. Requires the columns `frame`, `track_id`, `x`, `y`, `width`, `height`
    /// (any order, case-insensitive); `time_s`, `label`, `confidence` and `state` are optional
    /// (defaults: 0, empty, 1, `tracked`), and so are `source` (default `tracked`) and the corner
    /// columns `x1` ... `y4` (all eight filled or all empty). `style` is ignored: it is derived from
    /// the confidence. Throws ``TrackCSVError`` naming the file and the line of the first bad row.
    public static func read(path: String) throws -> [TrackRecord] {
        try parseLines(TrackFileInput(path: path)).map(\.record)
    }

    /// Parses CSV text; `path` only names the source in errors.
    public static func parse(_ text: String, path: String) throws -> [TrackRecord] {
        try parseLines(TrackFileInput(text: text, path: path)).map(\.record)
    }

    /// Parses a CSV file row by row into records with the line each row starts on (1-based).
    static func parseLines(_ input: TrackFileInput) throws -> [(line: Int, record: TrackRecord)] {
        let path = input.path
        var rows = CSVRows(input)
        guard let (headerLine, header) = try rows.next() else {
            throw TrackCSVError(path: path, line: 1, reason: "empty file, expected a header row")
        }
        let columns = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) -> Int? { columns.firstIndex(of: name) }
        let required = ["frame", "track_id", "x", "y", "width", "height"]
        let missing = required.filter { column($0) == nil }
        guard missing.isEmpty else {
            throw TrackCSVError(path: path, line: headerLine, reason: "missing column(s) \(missing.joined(separator: ", "))")
        }
        var records: [(line: Int, record: TrackRecord)] = []
        while let (lineNumber, values) = try rows.next() {
            func value(_ name: String) -> String? {
                guard let c = column(name), c < values.count else { return nil }
                return values[c].trimmingCharacters(in: .whitespaces)
            }
            func number(_ name: String) throws -> Double {
                guard let text = value(name), let v = Double(text), v.isFinite else {
                    throw TrackCSVError(path: path, line: lineNumber, reason: "\(name) is not a finite number (\(value(name) ?? "missing"))")
                }
                return v
            }
            func integer(_ name: String) throws -> Int {
                guard let text = value(name), let v = Int(text), v >= 0 else {
                    throw TrackCSVError(path: path, line: lineNumber, reason: "\(name) is not a non-negative integer (\(value(name) ?? "missing"))")
                }
                return v
            }
            let box = PixelRect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
            guard box.width >= 0, box.height >= 0 else {
                throw TrackCSVError(path: path, line: lineNumber, reason: "negative width or height")
            }
            var confidence: Float = 1
            if value("confidence").map({ !$0.isEmpty }) ?? false {
                let c = try number("confidence")
                guard (0...1).contains(c) else {
                    throw TrackCSVError(path: path, line: lineNumber, reason: "confidence \(c) is outside 0...1")
                }
                confidence = Float(c)
            }
            /// The named column's value as `Value`, `fallback` when the column is missing or empty.
            func named<Value: RawRepresentable<String>>(_ name: String, or fallback: Value) throws -> Value {
                guard let text = value(name), !text.isEmpty else { return fallback }
                guard let parsed = Value(rawValue: text) else {
                    throw TrackCSVError(path: path, line: lineNumber, reason: "unknown \(name) '\(text)'")
                }
                return parsed
            }
            let state = try named("state", or: TrackState.tracked)
            let source = try named("source", or: TrackSource.tracked)
            let time = value("time_s").map { !$0.isEmpty } ?? false ? try number("time_s") : 0
            var corners: Quadrilateral?
            let filled = cornerColumns.filter { !(value($0) ?? "").isEmpty }
            if filled.count == cornerColumns.count {
                corners = Quadrilateral(coordinates: try cornerColumns.map { try number($0) })
            } else if !filled.isEmpty {
                throw TrackCSVError(path: path, line: lineNumber, reason: "corner columns x1...y4 must be all filled or all empty")
            }
            records.append((lineNumber, TrackRecord(frame: try integer("frame"), time: time, trackID: try integer("track_id"),
                                                    label: value("label") ?? "", box: box, confidence: confidence, state: state,
                                                    source: source, corners: corners)))
        }
        return records
    }

    /// `field` as one CSV field: unchanged, or in double quotes (with `""` for a quote) when it holds
    /// a comma, a quote or a newline.
    public static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The rows of CSV text with the 1-based line each starts on, blank lines left out. A quoted
    /// field may hold commas, `""` for a quote, and line breaks (a label written by ``quoted(_:)``).
    /// Throws ``TrackCSVError`` naming `path` and the row's first line for an unterminated quoted field.
    public static func rows(of text: String, path: String) throws -> [(line: Int, fields: [String])] {
        var rows: [(line: Int, fields: [String])] = []
        var reader = CSVRows(TrackFileInput(text: text, path: path))
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// Splits one line (no line break) into fields, as ``rows(of:path:)`` does. Throws
    /// ``TrackCSVError`` naming `path` and `lineNumber` for an unterminated quoted field.
    public static func fields(of line: String, path: String, line lineNumber: Int) throws -> [String] {
        do {
            // A blank line is one field, as it would be in a row.
            return try rows(of: line, path: path).first?.fields ?? [line]
        } catch let error as TrackCSVError {
            throw TrackCSVError(path: path, line: lineNumber, reason: error.reason)
        }
    }
}

/// A malformed tracks CSV.
public struct TrackCSVError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let line: Int
    public let reason: String
    public var description: String { "\(path):\(line): \(reason)" }
}
