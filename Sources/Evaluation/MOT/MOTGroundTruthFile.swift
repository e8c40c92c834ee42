import Imaging

/// Reads MOTChallenge ground truth (`gt/gt.txt`): one object per line,
/// `frame,id,bb_left,bb_top,bb_width,bb_height,flag` and any further columns (MOT15 has the world
/// coordinates `x,y,z`, MOT16 to MOT20 a class and a visibility; they are not used). Frames are
/// 1-based. A row whose `flag` is 0 is not scored (the MOT15 convention, as py-motmetrics'
/// `mot15-2D` reading with `min_confidence=1` and TrackEval's MOT15 reading both do); 1 is scored.
///
///     let truth = try MOTGroundTruthFile.read(path: "TUD-Campus/gt/gt.txt", frameCount: 71)
///     print(truth.scored.boxCount, truth.unscoredRows)
public enum MOTGroundTruthFile {
    /// The scored boxes, frame by frame, and how many rows had flag 0.
    public struct Contents: Sendable, Equatable {
        public var scored: MOTFrames
        public var unscoredRows: Int
    }

    /// Throws ``EvaluationError/unreadable(path:reason:)`` or, naming the file and the 1-based line,
    /// ``EvaluationError/malformedLine(path:line:reason:)``: fewer than 7 fields, a field that is not a
    /// finite number, a frame that is not a whole number in `1...frameCount`, an id that is not a whole
    /// number of 0 or more, a negative size, a flag other than 0 or 1, or an id twice on one frame.
    public static func read(path: String, frameCount: Int) throws -> Contents {
        try parse(try BoxTextFields.readText(path: path), path: path, frameCount: frameCount)
    }

    /// Parses the text of a ground-truth file (commas, or whitespace on lines without a comma; blank
    /// lines skipped); `path` only names the source in errors.
    public static func parse(_ text: String, path: String, frameCount: Int) throws -> Contents {
        var rows: [(line: Int, frame: Int, box: MOTBox)] = []
        var unscored = 0
        for (index, line) in BoxTextFields.lines(of: text).enumerated() where !line.allSatisfy(\.isWhitespace) {
            let lineNumber = index + 1
            func failure(_ reason: String) -> EvaluationError {
                .malformedLine(path: path, line: lineNumber, reason: reason)
            }
            let fields = BoxTextFields.fields(of: line)
            guard fields.count >= 7 else {
                throw failure("expected at least 7 fields (frame,id,bb_left,bb_top,bb_width,bb_height,flag), found \(fields.count)")
            }
            var values: [Double] = []
            for (name, field) in zip(["frame", "id", "bb_left", "bb_top", "bb_width", "bb_height", "flag"], fields) {
                guard let value = BoxTextFields.number(field), value.isFinite else {
                    throw failure("\(name) \(BoxTextFields.quoted(field)) is not a number")
                }
                values.append(value)
            }
            guard values[0] >= 1, values[0] <= Double(Int32.max), values[0].rounded() == values[0] else {
                throw failure("frame \(BoxTextFields.quoted(fields[0])) is not a whole number of 1 or more; MOTChallenge frames start at 1")
            }
            guard values[1] >= 0, values[1] <= Double(Int32.max), values[1].rounded() == values[1] else {
                throw failure("id \(BoxTextFields.quoted(fields[1])) is not a whole number of 0 or more")
            }
            guard values[4] >= 0, values[5] >= 0 else { throw failure("negative bb_width or bb_height") }
            guard values[6] == 0 || values[6] == 1 else {
                throw failure("flag \(BoxTextFields.quoted(fields[6])) is neither 0 (not scored) nor 1 (scored)")
            }
            if values[6] == 0 {
                unscored += 1
                continue
            }
            rows.append((lineNumber, Int(values[0]),
                         MOTBox(id: Int(values[1]), box: PixelRect(x: values[2], y: values[3], width: values[4], height: values[5]))))
        }
        return Contents(scored: try MOTFrames(rows: rows, frameCount: frameCount, path: path), unscoredRows: unscored)
    }
}
