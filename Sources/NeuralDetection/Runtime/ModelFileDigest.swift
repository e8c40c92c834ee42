import Foundation
import VideoIO

/// The check every model file vtrack ships passes before it is loaded: its SHA-256 is the one
/// vtrack knows for it (``PackagedModel/files``, ``NanoTrackNetwork/Version``, LightFC's files), so a damaged or
/// replaced file is one error line naming it, not a model that loads and gives other answers. Each
/// file is hashed once per process; later checks of a file that passed cost nothing.
///
///     let path = try ModelFileDigest.checked(folder + "/appearance.bin", sha256: "49b8...", model: "appearance")
enum ModelFileDigest {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var passed: Set<String> = []

    /// `path` once the file's SHA-256 is `sha256`. Throws ``NeuralDetectionError/modelMissing(name:path:)``
    /// when nothing is there, ``NeuralDetectionError/unusableModel(path:reason:)`` when it is not a
    /// regular file, cannot be read, or is damaged or replaced (its SHA-256 and the expected one).
    static func checked(_ path: String, sha256: String, model: String) throws -> String {
        let key = Key(path: path, sha256: sha256)
        if lock.withLock({ passed.contains(key.text) }) { return path }
        let digest = SHA256Digest.hex(of: try ModelFileContents.read(path: path, model: model))
        guard digest == sha256 else {
            throw NeuralDetectionError.unusableModel(
                path: path, reason: "damaged or replaced: SHA-256 \(digest), expected \(sha256); reinstall it with: bash scripts/install-deps.sh")
        }
        lock.withLock { _ = passed.insert(key.text) }
        return path
    }

    /// A file checked, by its real path (links resolved) and the digest it passed.
    private struct Key {
        let text: String
        init(path: String, sha256: String) {
            let real = realpath(path, nil)
            defer { free(real) }
            text = (real.map { String(cString: $0) } ?? path) + " " + sha256
        }
    }
}
