/// Why a neural detector could not be loaded or run. Each case names the file it is about.
public enum NeuralDetectionError: Error, CustomStringConvertible, Equatable {
    /// The OpenVINO runtime library is not installed where vtrack looks for it.
    case runtimeMissing(path: String, reason: String)
    /// A packaged model file is not installed.
    case modelMissing(name: String, path: String)
    /// A model file that the runtime could not read, reshape or compile, or whose shape vtrack does not handle.
    case unusableModel(path: String, reason: String)
    /// Inference failed on a frame.
    case inferenceFailed(path: String, reason: String)
    /// A class-names file that cannot be read or names no class.
    case unreadableClassNames(path: String, reason: String)

    public var description: String {
        switch self {
        case .runtimeMissing(let path, let reason):
            return "\(path): OpenVINO runtime not available (\(reason)); install it with: bash scripts/install-deps.sh"
        case .modelMissing(let name, let path):
            return "\(path): the \(name) detector's model is not installed; install it with: bash scripts/install-deps.sh"
        case .unusableModel(let path, let reason):
            return "\(path): \(reason)"
        case .inferenceFailed(let path, let reason):
            return "\(path): \(reason)"
        case .unreadableClassNames(let path, let reason):
            return "\(path): cannot read class names: \(reason)"
        }
    }
}
