import Imaging

/// Reads OTB ground truth (`groundtruth_rect.txt`): one box per line, `x,y,w,h` in pixels with the
/// origin at the top-left pixel, 0-based; line `k + 1` is frame `k`. Values are separated by commas,
/// or by spaces/tabs when a line has no comma. NaN lines (`nan`, empty fields) mark unannotated
/// frames and are kept as NaN boxes (the metrics skip them); trailing blank lines are ignored.
///
///     let truth = try GroundTruthFile.read(path: "Couple/groundtruth_rect.txt")
///     print(truth[0])   // frame 0's box
public enum GroundTruthFile {
    /// Throws ``EvaluationError/unreadable(path:reason:)`` or, naming the file and the line,
    /// ``EvaluationError/malformedLine(path:line:reason:)`` for a line without exactly four values
    /// or with a value that is not a number, and ``EvaluationError/malformedFile(path:reason:)``
    /// when there is no box at all.
    public static func read(path: String) throws -> [PixelRect] {
        try parse(try BoxTextFields.readText(path: path), path: path)
    }

    /// Parses the text of a ground-truth file; `path` only names the source in errors.
    public static func parse(_ text: String, path: String) throws -> [PixelRect] {
        var boxes: [PixelRect] = []
        for (index, line) in BoxTextFields.lines(of: text).enumerated() {
            let fields = BoxTextFields.fields(of: line).filter { !$0.allSatisfy(\.isWhitespace) }
            guard fields.count == 4 else {
                throw EvaluationError.malformedLine(path: path, line: index + 1,
                                                    reason: "expected 4 values x,y,w,h, got \(fields.count)")
            }
            var values: [Double] = []
            for field in fields {
                guard let value = BoxTextFields.number(field) else {
                    throw EvaluationError.malformedLine(path: path, line: index + 1,
                                                        reason: "\(BoxTextFields.quoted(field)) is not a number")
                }
                values.append(value)
            }
            boxes.append(PixelRect(x: values[0], y: values[1], width: values[2], height: values[3]))
        }
        guard !boxes.isEmpty else { throw EvaluationError.malformedFile(path: path, reason: "no boxes") }
        return boxes
    }
}
