import Foundation
import Imaging

/// Where the fields of a prediction CSV are, found from its header by the column names
/// `otb_metrics.py` accepts (case-insensitive, spaces ignored, the first alias present wins).
struct PredictionColumns {
    /// One data row.
    struct Row {
        /// 0-based frame.
        var frame: Int
        /// `nil` when a value is NaN or empty.
        var box: PixelRect?
        var confidence: Double?
        var trackID: String
        /// The `state` column says `lost` (vtrack's CSV).
        var isLost: Bool
    }

    static let aliases: [String: [String]] = [
        "frame": ["frame", "frame_index", "frame_idx", "frame_id", "frame_number", "frame_no", "index", "idx"],
        "x": ["x", "left", "bb_left", "xmin", "x_min"],
        "y": ["y", "top", "bb_top", "ymin", "y_min"],
        "w": ["width", "w", "bb_width"],
        "h": ["height", "h", "bb_height"],
        "x2": ["x2", "right", "xmax", "x_max"],
        "y2": ["y2", "bottom", "ymax", "y_max"],
        "track_id": ["track_id", "trackid", "track", "id", "object_id", "obj_id"],
        "confidence": ["confidence", "conf", "score", "psr"],
        "state": ["state"],
    ]

    private var index: [String: Int] = [:]
    /// The box is given by corners (`x2`, `y2`) rather than width and height.
    private let corners: Bool

    /// Throws ``EvaluationError/malformedFile(path:reason:)`` when the header lacks a frame, x, y,
    /// or width/height (or x2/y2) column.
    init(header: [String], path: String) throws {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "") }
        for (key, candidates) in Self.aliases {
            index[key] = candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
        }
        corners = index["w"] == nil || index["h"] == nil
        if corners {
            guard index["x2"] != nil, index["y2"] != nil else {
                throw EvaluationError.malformedFile(path: path, reason: "no width/height (or x2/y2) column in the header")
            }
            if index["x"] == nil { index["x"] = names.firstIndex(of: "x1") }
            if index["y"] == nil { index["y"] = names.firstIndex(of: "y1") }
        }
        guard index["x"] != nil, index["y"] != nil else {
            throw EvaluationError.malformedFile(path: path, reason: "no x/y column in the header")
        }
        guard index["frame"] != nil else {
            throw EvaluationError.malformedFile(path: path, reason: "no frame column in the header")
        }
    }

    /// True when the file has a confidence column.
    var hasConfidence: Bool { index["confidence"] != nil }
    /// True when the file has a state column.
    var hasState: Bool { index["state"] != nil }

    /// The row's values; `nil` for a row without a frame number. Throws
    /// ``EvaluationError/malformedLine(path:line:reason:)`` for a field that is not a number.
    func row(_ cells: [String], path: String, line: Int) throws -> Row? {
        func value(_ key: String) throws -> Double {
            guard let column = index[key], column < cells.count else { return .nan }
            let cell = Substring(cells[column])
            guard let number = BoxTextFields.number(cell) else {
                throw EvaluationError.malformedLine(path: path, line: line,
                                                    reason: "\(key) \(BoxTextFields.quoted(cell)) is not a number")
            }
            return number
        }
        let frame = try value("frame").rounded(.toNearestOrEven)
        guard frame.isFinite else { return nil }
        guard abs(frame) < 1e15 else {
            throw EvaluationError.malformedLine(path: path, line: line, reason: "frame \(frame) is out of range")
        }
        let x = try value("x"), y = try value("y")
        let w = corners ? try value("x2") - x : try value("w")
        let h = corners ? try value("y2") - y : try value("h")
        let confidence = try value("confidence")
        let trackID = index["track_id"].flatMap { $0 < cells.count ? cells[$0].trimmingCharacters(in: .whitespaces) : nil }
        let isLost = index["state"].map { $0 < cells.count && cells[$0].trimmingCharacters(in: .whitespaces) == "lost" } ?? false
        return Row(frame: Int(frame),
                   box: [x, y, w, h].contains(where: \.isNaN) ? nil : PixelRect(x: x, y: y, width: w, height: h),
                   confidence: confidence.isNaN ? nil : confidence, trackID: trackID ?? "",
                   isLost: isLost)
    }
}
