/// Why `vtrack pick` cannot make its page, naming the clip.
public enum PickError: Error, Equatable, CustomStringConvertible {
    /// The frame asked for (`--frame`) is not in the clip; `last` is the clip's last frame index,
    /// nil when the clip decoded no frame.
    case frameAfterEnd(path: String, frame: Int, last: Int?)

    public var description: String {
        switch self {
        case .frameAfterEnd(let path, let frame, let last):
            return "\(path): frame \(frame) is past the end of the clip" + (last.map { " (its last frame is \($0))" } ?? "")
        }
    }
}
