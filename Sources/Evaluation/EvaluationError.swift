import Foundation

/// A dataset, prediction file or output that the evaluation cannot use. Every case names the file or
/// folder and prints as one line.
public enum EvaluationError: Error, CustomStringConvertible, Equatable {
    /// A file that cannot be read (missing, unreadable, not UTF-8).
    case unreadable(path: String, reason: String)
    /// A path that must be a folder (a dataset, a folder of peers' results) but is a file.
    case notAFolder(path: String, expected: String)
    /// A line of a ground-truth or prediction file that cannot be parsed; `line` is 1-based.
    case malformedLine(path: String, line: Int, reason: String)
    /// A file that parses but cannot be used as a whole (no boxes, missing columns, ...).
    case malformedFile(path: String, reason: String)
    /// A dataset folder without any sequence (no `<Name>/groundtruth_rect.txt`).
    case noSequences(directory: String)
    /// A sequence asked for by name that the dataset folder does not hold.
    case unknownSequence(name: String, directory: String)
    /// A sequence folder with neither `<Name>.mp4` nor `img/NNNN.jpg` frames.
    case noVideo(directory: String)
    /// A video that decodes to no frame, or fails while decoding.
    case videoFailed(path: String, reason: String)
    /// The tracker rejected a box or a frame.
    case trackingFailed(sequence: String, frame: Int, reason: String)
    /// An output file or folder that cannot be written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .notAFolder(let path, let expected): return "\(path): not a folder (expected \(expected))"
        case .malformedLine(let path, let line, let reason): return "\(path):\(line): \(reason)"
        case .malformedFile(let path, let reason): return "\(path): \(reason)"
        case .noSequences(let directory):
            return "\(directory): no sequences (expected <Name>/groundtruth_rect.txt with <Name>/<Name>.mp4 or <Name>/img/0001.jpg)"
        case .unknownSequence(let name, let directory): return "\(directory): no sequence named '\(name)'"
        case .noVideo(let directory): return "\(directory): no video (expected <Name>.mp4 or img/0001.jpg)"
        case .videoFailed(let path, let reason): return "\(path): \(reason)"
        case .trackingFailed(let sequence, let frame, let reason): return "\(sequence) frame \(frame): tracking failed: \(reason)"
        case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}

extension EvaluationError {
    /// Throws ``unreadable(path:reason:)`` ("no such folder") when nothing is at `path` and
    /// ``notAFolder(path:expected:)`` when a file is; `expected` says what the folder holds.
    static func requireFolder(_ path: String, expected: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw EvaluationError.unreadable(path: path, reason: "no such folder (expected \(expected))")
        }
        guard isFolder.boolValue else { throw EvaluationError.notAFolder(path: path, expected: expected) }
    }

    /// The bytes of the file at `path`; throws ``unreadable(path:reason:)`` when it cannot be read.
    static func contents(of path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw EvaluationError.unreadable(path: path, reason: "no such file or not readable")
        }
    }
}
