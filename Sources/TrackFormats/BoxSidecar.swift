import Files
import Foundation
import Imaging

/// Boxes stored next to a clip: for `cam1/0001.mp4`, either `cam1/0001.boxes.csv`
///
///     frame,label,x,y,width,height
///     0,walker,157,138,22,55
///     0,,401,149,27,52
///
/// or `cam1/0001.boxes.json`
///
///     [{"label": "walker", "x": 157, "y": 138, "width": 22, "height": 55, "frame": 0}]
///
/// Boxes are pixels, origin at the top-left pixel. `frame` and `label` are optional (in the CSV,
/// as columns or as empty values); `frame` is the 0-based start frame and must be the same for
/// every box of the clip. Boxes partly outside the picture are clipped to it when the clip is opened.
public enum BoxSidecar {
    /// `clip.boxes.csv` beside `clip.EXT`.
    public static func csvPath(forClip clip: String) -> String { stem(of: clip) + ".boxes.csv" }

    /// `clip.boxes.json` beside `clip.EXT`.
    public static func jsonPath(forClip clip: String) -> String { stem(of: clip) + ".boxes.json" }

    /// The boxes from the clip's sidecar, or `nil` when it has none. Throws ``BoxFileError`` when
    /// the sidecar is unreadable or malformed, or when both a CSV and a JSON sidecar exist.
    public static func boxes(forClip clip: String) throws -> ClipBoxes? {
        let csv = csvPath(forClip: clip), json = jsonPath(forClip: clip)
        let manager = FileManager.default
        switch (manager.fileExists(atPath: csv), manager.fileExists(atPath: json)) {
        case (true, true):
            throw BoxFileError(path: csv, location: "", reason: "both \(FilePath.name(of: json)) and this file exist; keep one")
        case (true, false):
            return try parseCSV(text(at: csv), path: csv)
        case (false, true):
            guard let data = manager.contents(atPath: json) else {
                throw BoxFileError(path: json, location: "", reason: "cannot read the file")
            }
            return try parseJSON(data, path: json)
        case (false, false):
            return nil
        }
    }

    /// Parses a CSV sidecar; `path` names it in errors. Requires a header with `x`, `y`, `width`,
    /// `height` (any order, any case) and at least one row.
    public static func parseCSV(_ text: String, path: String) throws -> ClipBoxes {
        let table = try BoxTable(text: text, path: path, required: ["x", "y", "width", "height"])
        return try ClipBoxes(rows: table.rows.map(table.boxRow), source: path)
    }

    /// Parses a JSON sidecar: an array of objects with numbers `x`, `y`, `width`, `height`, an optional
    /// string `label` and an optional integer `frame`.
    public static func parseJSON(_ data: Data, path: String) throws -> ClipBoxes {
        let items: [SidecarItem]
        do {
            items = try JSONDecoder().decode([SidecarItem].self, from: data)
        } catch let error as DecodingError {
            throw describe(error, path: path)
        }
        let rows = try items.enumerated().map { index, item in
            let location = "item \(index + 1)"
            for (name, value) in [("x", item.x), ("y", item.y), ("width", item.width), ("height", item.height)] where !value.isFinite {
                throw BoxFileError(path: path, location: location, reason: "\(name) is not a finite number")
            }
            var frame: Int?
            if let value = item.frame {
                guard value >= 0, value < 1e15, value == value.rounded() else {
                    throw BoxFileError(path: path, location: location, reason: "frame \(formatPixels(value)) is not a non-negative integer")
                }
                frame = Int(value)
            }
            let values = PixelRectValues(x: item.x, y: item.y, width: item.width, height: item.height)
            return try BoxRow(frame: frame, label: item.label ?? "", values: values, path: path, location: location)
        }
        return try ClipBoxes(rows: rows, source: path)
    }

    /// One element of a JSON sidecar.
    private struct SidecarItem: Decodable {
        let x, y, width, height: Double
        let label: String?
        /// Read as a number and checked to be a whole one, so `1.5` gets a clear message.
        let frame: Double?
    }

    /// A one-line reason for a JSON sidecar the decoder rejected.
    private static func describe(_ error: DecodingError, path: String) -> BoxFileError {
        func location(_ codingPath: [CodingKey]) -> String {
            codingPath.first?.intValue.map { "item \($0 + 1)" } ?? ""
        }
        func field(_ codingPath: [CodingKey]) -> String {
            codingPath.last(where: { $0.intValue == nil })?.stringValue ?? "value"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return BoxFileError(path: path, location: location(context.codingPath), reason: "\(key.stringValue) is missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            if context.codingPath.isEmpty {
                return BoxFileError(path: path, location: "", reason: "expected a JSON array of box objects")
            }
            let name = field(context.codingPath)
            let expected = name == "label" ? "a string" : name == "frame" ? "a non-negative integer" : "a number"
            if context.codingPath.count == 1 {
                return BoxFileError(path: path, location: location(context.codingPath), reason: "expected an object with x, y, width, height")
            }
            return BoxFileError(path: path, location: location(context.codingPath), reason: "\(name) is not \(expected)")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return BoxFileError(path: path, location: "", reason: "not valid JSON")
            }
            return BoxFileError(path: path, location: location(context.codingPath), reason: "\(field(context.codingPath)) is out of range or malformed")
        @unknown default:
            return BoxFileError(path: path, location: "", reason: "not a valid box list")
        }
    }

    /// The whole file as UTF-8 text. Throws ``BoxFileError`` when it cannot be read or is not UTF-8.
    package static func text(at path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BoxFileError(path: path, location: "", reason: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BoxFileError(path: path, location: "", reason: "not UTF-8 text")
        }
        return text
    }

    private static func stem(of clip: String) -> String {
        FilePath.removingExtension(of: clip)
    }
}
