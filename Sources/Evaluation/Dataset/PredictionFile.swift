import Foundation
import Imaging
import TrackFormats

/// One tracker's boxes for one sequence, aligned to the ground truth's frames.
public struct PredictionTrack: Sendable, Equatable {
    /// Element `k` is frame `k`, pixels, top-left origin; `nil` where the file has no row or NaN values.
    public var boxes: [PixelRect?]
    /// Confidence per frame (`nil` = empty cell); `nil` when the file has no confidence column.
    public var confidences: [Double?]?
    /// Whether each frame's state is `lost`; `nil` when the file has no state column.
    public var lost: [Bool]?
    /// Rows whose frame falls outside the ground truth (ignored).
    public var rowsOutsideSequence: Int
}

/// Reads a tracker's output for scoring, in either format `otb_metrics.py` accepts:
///
/// - plain: one `x,y,w,h` per line like `groundtruth_rect.txt`, line `k + 1` = frame `k`; a blank
///   line or `nan` = no prediction;
/// - CSV with a header row (the first non-blank line has a field that is not a number), such as
///   vtrack's own CSV (`frame,time_s,track_id,label,x,y,width,height,confidence,style,state,...`) or
///   the peers' `frame,x,y,width,height,confidence,ok`. Columns are found by name
///   (case-insensitive, spaces ignored): frame (`frame`, `frame_index`, `index`, ...), `x`/`left`,
///   `y`/`top`, `width`/`w`, `height`/`h` (or corners `x2`/`right`, `y2`/`bottom`), optional
///   `track_id` and `confidence`/`conf`/`score`/`psr`. Frames are 0-based. When two rows give the
///   same frame, the one with the higher confidence wins (else the first).
///
///     let track = try PredictionFile.read(path: "out/Couple.csv", frameCount: truth.count)
///     let score = SequenceScore(predictions: track.boxes, groundTruth: truth, confidences: track.confidences)
public enum PredictionFile {
    /// Reads `path` and aligns it to `frameCount` ground-truth frames. A CSV with several track ids
    /// needs `trackID`. Throws ``EvaluationError`` naming the file (and line) when the file cannot be
    /// read, a value is not a number, or a needed column is missing.
    public static func read(path: String, frameCount: Int, trackID: String? = nil) throws -> PredictionTrack {
        try parse(try BoxTextFields.readText(path: path), path: path, frameCount: frameCount, trackID: trackID)
    }

    /// Parses file text; `path` only names the source in errors.
    public static func parse(_ text: String, path: String, frameCount: Int, trackID: String? = nil) throws -> PredictionTrack {
        let lines = BoxTextFields.lines(of: text)
        guard let first = lines.first(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return PredictionTrack(boxes: Array(repeating: nil, count: max(0, frameCount)), confidences: nil, lost: nil,
                                   rowsOutsideSequence: 0)
        }
        if BoxTextFields.fields(of: first).allSatisfy({ BoxTextFields.number($0) != nil }) {
            return try parsePlain(lines, path: path, frameCount: frameCount)
        }
        return try parseCSV(lines, path: path, frameCount: frameCount, trackID: trackID)
    }

    private static func parsePlain(_ lines: [Substring], path: String, frameCount: Int) throws -> PredictionTrack {
        var boxes = [PixelRect?](repeating: nil, count: max(0, frameCount))
        for (index, line) in lines.enumerated() where index < boxes.count && !line.allSatisfy(\.isWhitespace) {
            var values: [Double] = []
            for field in BoxTextFields.fields(of: line) where !field.allSatisfy(\.isWhitespace) {
                guard let value = BoxTextFields.number(field) else {
                    throw EvaluationError.malformedLine(path: path, line: index + 1,
                                                        reason: "\(BoxTextFields.quoted(field)) is not a number")
                }
                values.append(value)
            }
            guard values.count >= 4 else { continue }
            boxes[index] = box(values[0], values[1], values[2], values[3])
        }
        return PredictionTrack(boxes: boxes, confidences: nil, lost: nil, rowsOutsideSequence: max(0, lines.count - boxes.count))
    }

    private static func parseCSV(_ lines: [Substring], path: String, frameCount: Int, trackID: String?) throws -> PredictionTrack {
        var columns: PredictionColumns?
        var rows: [PredictionColumns.Row] = []
        for (index, line) in lines.enumerated() {
            let cells = try csvCells(line, path: path, line: index + 1)
            if cells.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { continue }
            guard let known = columns else {
                columns = try PredictionColumns(header: cells, path: path)
                continue
            }
            if cells[0].trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if let row = try known.row(cells, path: path, line: index + 1) { rows.append(row) }
        }
        guard let columns else { throw EvaluationError.malformedFile(path: path, reason: "no header row") }
        let ids = Set(rows.map(\.trackID))
        if let trackID {
            rows = rows.filter { $0.trackID == trackID }
            guard !rows.isEmpty || ids.isEmpty else {
                throw EvaluationError.malformedFile(path: path, reason: "no rows with track_id '\(trackID)'")
            }
        } else if ids.count > 1 {
            throw EvaluationError.malformedFile(path: path, reason: "\(ids.count) track ids; choose one")
        }
        return aligned(rows, frameCount: frameCount, hasConfidence: columns.hasConfidence, hasState: columns.hasState)
    }

    /// One box per frame; of several rows for a frame, the one with the highest confidence (else the first).
    private static func aligned(_ rows: [PredictionColumns.Row], frameCount: Int, hasConfidence: Bool,
                                hasState: Bool) -> PredictionTrack {
        let count = max(0, frameCount)
        var boxes = [PixelRect?](repeating: nil, count: count)
        var confidences = [Double?](repeating: nil, count: count)
        var lost = [Bool](repeating: false, count: count)
        var best = [Double](repeating: -.infinity, count: count)
        var seen = [Bool](repeating: false, count: count)
        var outside = 0
        for row in rows {
            guard row.frame >= 0, row.frame < count else {
                outside += 1
                continue
            }
            let key = hasConfidence ? (row.confidence ?? -1e300) : -1e300
            if seen[row.frame] && !(key > best[row.frame]) { continue }
            seen[row.frame] = true
            best[row.frame] = key
            boxes[row.frame] = row.box
            confidences[row.frame] = row.confidence
            lost[row.frame] = row.isLost
        }
        return PredictionTrack(boxes: boxes, confidences: hasConfidence ? confidences : nil, lost: hasState ? lost : nil,
                               rowsOutsideSequence: outside)
    }

    /// A box, or `nil` when any value is NaN (a missing prediction).
    private static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PixelRect? {
        [x, y, w, h].contains(where: \.isNaN) ? nil : PixelRect(x: x, y: y, width: w, height: h)
    }

    /// The CSV fields of one line (double-quoted fields with `""` escapes, as vtrack writes labels).
    private static func csvCells(_ line: Substring, path: String, line number: Int) throws -> [String] {
        do {
            return try TrackCSV.fields(of: String(line), path: path, line: number)
        } catch let error as TrackCSVError {
            throw EvaluationError.malformedLine(path: path, line: number, reason: error.reason)
        }
    }
}
