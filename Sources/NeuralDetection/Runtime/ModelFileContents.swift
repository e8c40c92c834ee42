import Foundation

/// The bytes of an installed model file, or an error that says what is wrong with it.
///
///     let data = try ModelFileContents.read(path: directory + "/v2/nanotrack_head_sim.onnx", model: "NanoTrack")
enum ModelFileContents {
    /// Reads the whole file at `path` (symbolic links followed). Throws
    /// ``NeuralDetectionError/modelMissing(name:path:)`` when nothing is there, and
    /// ``NeuralDetectionError/unusableModel(path:reason:)`` when it is not a regular file (a folder,
    /// a FIFO, a device: refused without opening it, so a FIFO never blocks) or cannot be read.
    static func read(path: String, model: String) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno
            guard reason != ENOENT, reason != ENOTDIR else { throw NeuralDetectionError.modelMissing(name: model, path: path) }
            throw unreadable(path, model, String(cString: strerror(reason)))
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw NeuralDetectionError.unusableModel(path: path, reason: "the \(model) model is \(kind), not a regular file; reinstall it with: bash scripts/install-deps.sh")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, model, String(cString: strerror(errno))) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try file.readToEnd() ?? Data()
        } catch {
            throw unreadable(path, model, error.localizedDescription)
        }
    }

    private static func unreadable(_ path: String, _ model: String, _ reason: String) -> NeuralDetectionError {
        .unusableModel(path: path, reason: "the \(model) model cannot be read (\(reason))")
    }

    /// `a folder`, `a FIFO (named pipe)`, `a device`, ... for a file mode that is not a regular file's.
    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
