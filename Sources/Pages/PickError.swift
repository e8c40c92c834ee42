/// Why `vtrack pick` cannot make its page, naming the clip.
public enum PickError: Error, Equatable, CustomStringConvertible {
    /// The frame asked for (`--frame`) is not in the clip, which decodes to `frames` frames.
    case frameAfterEnd(path: String, frame: Int, frames: Int)

    public var description: String {
        switch self {
        case .frameAfterEnd(let path, let frame, let frames):
            return "\(path): frame \(frame) is past the end of the clip (\(frames) frames)"
        }
    }
}
