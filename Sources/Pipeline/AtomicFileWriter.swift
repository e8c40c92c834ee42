import Foundation

/// Writes a text file under a temporary name beside its destination and renames it into place
/// only when ``commit()`` is called, so a file under the final name is always complete.
///
/// Lines are appended to the temporary file as they come (complete lines only), so a crash or a
/// failure leaves at most a `.partial` file, never a truncated file under the final name.
public final class AtomicFileWriter {
    /// The destination path.
    public let path: String
    /// The temporary path that holds the data until ``commit()``.
    public let partialPath: String
    private let handle: FileHandle
    private var buffer = Data()
    private var committed = false

    /// Creates (or truncates) the temporary file. Throws `OutputError` naming the path when the
    /// folder does not exist or is not writable.
    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        partialPath = url.deletingLastPathComponent()
            .appendingPathComponent("." + url.lastPathComponent + ".partial").path
        guard FileManager.default.createFile(atPath: partialPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: partialPath) else {
            throw OutputError.cannotCreate(path: path)
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    /// Appends `line` and a newline. The text reaches the disk at the next ``flush()``.
    public func writeLine(_ line: String) {
        buffer.append(contentsOf: Array(line.utf8))
        buffer.append(0x0A)
    }

    /// Writes buffered lines to the temporary file.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw OutputError.writeFailed(path: path, reason: "\(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and renames the temporary file to the destination (replacing it).
    public func commit() throws {
        guard !committed else { return }
        try flush()
        try? handle.close()
        if rename(partialPath, path) != 0 {
            throw OutputError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    /// Writes `text` to `path` atomically (temporary file, then rename).
    public static func write(_ text: String, to path: String) throws {
        let writer = try AtomicFileWriter(path: path)
        writer.buffer.append(contentsOf: Array(text.utf8))
        try writer.commit()
    }
}

/// A failure to write an output file.
public enum OutputError: Error, CustomStringConvertible, Equatable {
    case cannotCreate(path: String)
    case writeFailed(path: String, reason: String)
    case wouldOverwriteInput(path: String)
    /// One file given for two outputs; `first` and `second` name their kinds (`CSV`, `MOT`, ...).
    case sameFileForTwoOutputs(path: String, first: String, second: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path): return "\(path): cannot create the file (does its folder exist and is it writable?)"
        case .writeFailed(let path, let reason): return "\(path): write failed: \(reason)"
        case .wouldOverwriteInput(let path): return "\(path): refusing to overwrite an input file"
        case .sameFileForTwoOutputs(let path, let first, let second):
            return "\(path): given for two outputs (\(first) and \(second)); each output needs its own file"
        }
    }
}
