import TrackFormats

/// A request the session cannot carry out.
public enum SessionError: Error, CustomStringConvertible, Equatable {
    case tooManyTargets(path: String, kind: String, count: Int, limit: Int)
    case badStartFrame(path: String, startFrame: Int)
    case badReseedInterval(Int)
    case startFrameBeyondEnd(path: String, startFrame: Int, frames: Int)
    case unusableBox(path: String, problem: BoxSpecError)
    case badDetectionInterval(Int)
    case notAClassDetector(String)

    public var description: String {
        switch self {
        case .tooManyTargets(let path, let kind, let count, let limit):
            return "\(path): \(count) \(kind) given, at most \(limit) can be tracked at once"
        case .badStartFrame(let path, let startFrame):
            return "\(path): start frame \(startFrame) is negative"
        case .badReseedInterval(let n):
            return "re-seed interval \(n) is negative (use 0 to turn re-seeding off)"
        case .startFrameBeyondEnd(let path, let startFrame, let frames):
            return "\(path): start frame \(startFrame) is past the end of the clip (\(frames) frames)"
        case .unusableBox(let path, let problem):
            return "\(path): \(problem)"
        case .badDetectionInterval(let n):
            return "detection interval \(n) must be 1 or more"
        case .notAClassDetector(let name):
            return "'\(name)' is not a class detector: use person, face, a YOLO .onnx model or a cascade"
        }
    }
}
