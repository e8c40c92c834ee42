/// Why a detector could not be built or could not run.
public enum DetectionError: Error, CustomStringConvertible, Equatable {
    /// A cascade name that is neither a known detector name nor a path ending in `.xml`.
    case unknownCascadeName(String)
    /// A cascade file that does not exist or cannot be read.
    case cascadeFileUnreadable(path: String, reason: String)
    /// A cascade file that was read but is not a valid OpenCV cascade.
    case invalidCascade(path: String, reason: String)
    /// A frame the detector cannot search (empty, or smaller than the detector's window).
    case invalidFrame(String)
    /// A box that cannot be learned or searched (not finite, empty or outside the frame).
    case invalidBox(String)
    /// Detector settings that cannot work (for example a cascade scale factor not above 1).
    case invalidParameters(String)

    public var description: String {
        switch self {
        case .unknownCascadeName(let name):
            return "unknown detector '\(name)': use face, profileface, fullbody, upperbody or a path to a cascade .xml file"
        case .cascadeFileUnreadable(let path, let reason):
            return "cannot read cascade file \(path): \(reason)"
        case .invalidCascade(let path, let reason):
            return "invalid cascade file \(path): \(reason)"
        case .invalidFrame(let reason):
            return "cannot search frame: \(reason)"
        case .invalidBox(let reason):
            return "invalid box: \(reason)"
        case .invalidParameters(let reason):
            return "invalid detector settings: \(reason)"
        }
    }
}
