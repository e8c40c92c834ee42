import Foundation
import Imaging

/// The MOTChallenge text format for tracking results (MOT15 to MOT20, py-motmetrics' `mot15-2D`):
/// no header, one line per object per frame, ten comma-separated numbers.
///
///     frame,id,bb_left,bb_top,bb_width,bb_height,conf,x,y,z
///     1,1,157,138,22,55,1.0000,-1,-1,-1
///
/// - `frame` is 1-based: a ``TrackRecord``'s 0-based `frame` + 1.
/// - `id` is the record's `trackID`.
/// - The box is in pixels with the origin at the top-left pixel, rounded to 0.01 px as in ``TrackCSV``.
/// - `conf` is the record's confidence in 0...1, to 4 decimals as in ``TrackCSV``.
/// - The world coordinates `x,y,z` are `-1` (not used in 2D tracking).
///
/// The format has no label, time or state: a file written from records and read back gives the same
/// frames, ids, boxes and confidences, with empty labels, time 0 and state `tracked`.
public enum MOTChallengeFormat {
    /// The names of the ten fields, in order.
    public static let fieldNames = ["frame", "id", "bb_left", "bb_top", "bb_width", "bb_height", "conf", "x", "y", "z"]

    /// True when a record is a tracking result as MOTChallenge counts them: an object where it is
    /// followed (`tracked`, `reseeded`, or `ended` on its last followed frame), not a `lost` or
    /// `tentative` one and not a box more likely off the object than not by 4 to 1.
    public static func isResult(_ record: TrackRecord) -> Bool {
        record.state != .tentative && isResultOnceConfirmed(record)
    }

    /// True when a record is a result, or will be one if its track, tentative on it, is confirmed:
    /// ``isResult(_:)`` with `tentative` counted as followed.
    public static func isResultOnceConfirmed(_ record: TrackRecord) -> Bool {
        record.state != .lost && record.confidence >= TrackState.lostBelow
    }

    /// One line (no newline) for a record.
    public static func row(_ r: TrackRecord) -> String {
        "\(r.frame + 1),\(r.trackID),\(r.box),\(String(format: "%.4f", r.confidence)),-1,-1,-1"
    }

    /// Parses MOTChallenge text; `path` only names the source in errors. Each non-blank line must hold
    /// ten finite numbers: `frame` a whole number of 1 or more, `id` a whole number of 0 or more,
    /// non-negative `bb_width` and `bb_height`, and `conf` in 0...1 or `-1` ("not given", read as 1).
    /// Blank lines are skipped. Throws ``MOTChallengeError`` naming the file and the line of the first
    /// bad line.
    public static func parse(_ text: String, path: String) throws -> [TrackRecord] {
        try parseLines(TrackFileInput(text: text, path: path)).map(\.record)
    }

    /// Parses a MOTChallenge file line by line as ``parse(_:path:)`` does, with each record's line (1-based).
    static func parseLines(_ input: TrackFileInput) throws -> [(line: Int, record: TrackRecord)] {
        var records: [(line: Int, record: TrackRecord)] = []
        var number = input.line
        while var piece = try input.nextPiece(endingAt: TrackFileInput.lineBreak) {
            if piece.last?.isNewline ?? false { piece.removeLast() }
            // A piece ends at a line feed; a lone carriage return or another line separator in it starts a line too.
            for line in piece.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    records.append((number, try record(from: line, path: input.path, line: number)))
                }
                number += 1
            }
        }
        return records
    }

    /// True when every comma-separated field of `line` is a number: how a MOTChallenge line differs
    /// from the header row a vtrack CSV starts with.
    static func isNumeric(_ line: Substring) -> Bool {
        line.split(separator: ",", omittingEmptySubsequences: false)
            .allSatisfy { Double($0.trimmingCharacters(in: .whitespaces)) != nil }
    }

    private static func record(from line: Substring, path: String, line lineNumber: Int) throws -> TrackRecord {
        func failure(_ reason: String) -> MOTChallengeError {
            MOTChallengeError(path: path, line: lineNumber, reason: reason)
        }
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == fieldNames.count else {
            throw failure("expected 10 comma-separated numbers (\(fieldNames.joined(separator: ","))), found \(fields.count) fields")
        }
        var values: [Double] = []
        for (name, field) in zip(fieldNames, fields) {
            guard let value = Double(field), value.isFinite else { throw failure("\(name) is not a finite number ('\(field)')") }
            values.append(value)
        }
        guard values[0] >= 1, values[0] <= Double(Int32.max), values[0].rounded() == values[0] else {
            throw failure("frame is not a whole number of 1 or more ('\(fields[0])'); MOTChallenge frames start at 1")
        }
        guard values[1] >= 0, values[1] <= Double(Int32.max), values[1].rounded() == values[1] else {
            throw failure("id is not a whole number of 0 or more ('\(fields[1])')")
        }
        let box = PixelRect(x: values[2], y: values[3], width: values[4], height: values[5])
        guard box.width >= 0, box.height >= 0 else { throw failure("negative bb_width or bb_height") }
        let confidence = values[6] == -1 ? 1 : values[6]
        guard (0...1).contains(confidence) else {
            throw failure("conf \(fields[6]) is outside 0...1 (-1 means not given)")
        }
        return TrackRecord(frame: Int(values[0]) - 1, time: 0, trackID: Int(values[1]), label: "", box: box,
                           confidence: Float(confidence), state: .tracked)
    }
}

/// A malformed MOTChallenge file: the file, the 1-based line and the reason.
public struct MOTChallengeError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let line: Int
    public let reason: String
    public var description: String { "\(path):\(line): \(reason)" }
}
