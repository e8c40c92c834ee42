import Foundation
import TrackFormats

/// The `[Sequence]` section of a MOTChallenge `seqinfo.ini`:
///
///     [Sequence]
///     name=TUD-Campus
///     imDir=img1
///     frameRate=25
///     seqLength=71
///     imWidth=640
///     imHeight=480
///     imExt=.jpg
///
/// Only `seqLength` is required (the number of frames scored, as TrackEval reads it); the frame
/// folder defaults to `img1` and the extension to `.jpg`.
public struct MOTSequenceInfo: Sendable, Equatable {
    /// The longest `seqLength` read: over 9 hours at 30 frames/s. A larger one is a damaged file,
    /// and scoring allocates per frame.
    public static let mostFrames = 1_000_000

    public var name: String?
    /// Frames in the sequence: ground-truth and result rows must have frames in `1...seqLength`.
    public var length: Int
    /// Frames per second, when given.
    public var frameRate: Double?
    /// The folder of the numbered frames (`img1`), relative to the sequence folder.
    public var imageDirectory: String
    /// The frames' extension with its dot (`.jpg`).
    public var imageExtension: String

    /// Throws ``EvaluationError/unreadable(path:reason:)``, or
    /// ``EvaluationError/malformedLine(path:line:reason:)`` / ``EvaluationError/malformedFile(path:reason:)``
    /// for a missing or bad `seqLength` or `frameRate`.
    public static func read(path: String) throws -> MOTSequenceInfo {
        try parse(try BoxTextFields.readText(path: path), path: path)
    }

    /// Parses the text of a `seqinfo.ini`; `path` only names the source in errors. Keys outside the
    /// `[Sequence]` section are ignored; key names are case-insensitive.
    public static func parse(_ text: String, path: String) throws -> MOTSequenceInfo {
        var section = "", values: [String: (line: Int, value: String)] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces).lowercased()
                continue
            }
            guard section == "sequence", let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            values[key] = (index + 1, line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        guard let length = values["seqlength"] else {
            throw EvaluationError.malformedFile(path: path, reason: "no seqLength in its [Sequence] section")
        }
        let frames: Int
        do {
            frames = try IntegerField("seqLength", in: 1...mostFrames).parse(length.value)
        } catch let error as IntegerFieldError {
            throw EvaluationError.malformedLine(path: path, line: length.line, reason: error.description)
        }
        var frameRate: Double?
        if let rate = values["framerate"] {
            guard let value = Double(rate.value), value.isFinite, value > 0 else {
                throw EvaluationError.malformedLine(path: path, line: rate.line,
                                                    reason: "frameRate '\(rate.value)' is not a positive number")
            }
            frameRate = value
        }
        let directory = values["imdir"]?.value ?? ""
        let imageExtension = values["imext"]?.value ?? ""
        return MOTSequenceInfo(name: values["name"]?.value, length: frames, frameRate: frameRate,
                               imageDirectory: directory.isEmpty ? "img1" : directory,
                               imageExtension: imageExtension.isEmpty ? ".jpg" : imageExtension)
    }
}
