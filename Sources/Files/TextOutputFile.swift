import Foundation

/// Writes a text output line by line to its ``OutputDestination``.
///
/// A regular file is written under a hidden temporary name beside it, of this run alone
/// (``TemporaryOutputs/partialPath(for:fileExtension:)``), and renamed
/// into place only by ``commit()``, so a file under the final name is always complete. A writer
/// released without `commit()` deletes its temporary file, and the file is registered with
/// ``TemporaryOutputs`` so an interruption deletes it too. Standard output, a FIFO or a character
/// device is written into as the lines come.
public final class TextOutputFile {
    /// The path as given (`-` for standard output).
    public let path: String
    /// The temporary file that holds the data until ``commit()``; nil when writing into a stream.
    public let partialPath: String?
    private let destination: OutputDestination
    private let handle: FileHandle
    private var buffer = Data()
    private var completed = false
    private var committed = false

    /// Opens `path` for an output of `kind` (`CSV`, `MOT`, ...): creates (or truncates) the
    /// temporary file, or opens the stream. Throws `OutputError` naming the path.
    public init(path: String, kind: String = "text") throws {
        self.path = path
        destination = try OutputDestination(path: path, kind: kind, streams: true)
        switch destination {
        case .standardOutput:
            partialPath = nil
            handle = FileHandle.standardOutput
        case .stream(let target):
            partialPath = nil
            let descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw OutputError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        case .file(let target):
            let partial = TemporaryOutputs.partialPath(for: target)
            partialPath = partial
            TemporaryOutputs.register(partial)
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                TemporaryOutputs.unregister(partial)
                throw OutputError.cannotCreate(path: path, reason: reason)
            }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }

    deinit {
        guard let partialPath else { return }
        if !completed { try? handle.close() }
        if !committed {
            unlink(partialPath)
            TemporaryOutputs.unregister(partialPath)
        }
    }

    /// Appends `line` and a newline. The text is written at the next ``flush()``.
    public func writeLine(_ line: String) {
        buffer.append(contentsOf: Array(line.utf8))
        buffer.append(0x0A)
    }

    /// Appends `text` as it is (no newline added). The text is written at the next ``flush()``.
    public func append(_ text: String) {
        append(bytes: Array(text.utf8))
    }

    /// Appends `bytes` (a binary file such as a PNG). They are written at the next ``flush()``.
    public func append(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes buffered lines. Throws ``OutputError/closedPipe(path:)`` when the reader of a pipe
    /// went away, ``OutputError/writeFailed(path:reason:)`` with the system's reason otherwise
    /// (`No space left on device`, ...).
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        let descriptor = handle.fileDescriptor
        try buffer.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw OutputError.closedPipe(path: path) }
                    throw OutputError.writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and, for a regular file, writes the temporary file through to the disk and closes it:
    /// everything but the rename, so that an output published together with others (a page and its
    /// stills) is whole before any of them gets its name. Calling it again does nothing.
    public func complete() throws {
        guard !completed else { return }
        try flush()
        if partialPath != nil {
            do {
                try handle.synchronize()
            } catch {
                throw OutputError.writeFailed(path: path, reason: "\(error.localizedDescription)")
            }
            try? handle.close()
        }
        completed = true
    }

    /// Completes the file (``complete()``), then renames the temporary file onto the destination
    /// (replacing the regular file there, if any); for a stream, only flushes.
    public func commit() throws {
        guard !committed else { return }
        try complete()
        if let partialPath, case .file(let target) = destination {
            if rename(partialPath, target) != 0 {
                throw OutputError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            TemporaryOutputs.unregister(partialPath)
        }
        committed = true
    }

    /// Writes `text` to `path` at once (temporary file, then rename, for a regular file).
    public static func write(_ text: String, to path: String, kind: String = "text") throws {
        try write(bytes: Array(text.utf8), to: path, kind: kind)
    }

    /// Writes `bytes` (a binary file such as a PNG) to `path` at once, as ``write(_:to:kind:)`` writes text.
    public static func write(bytes: [UInt8], to path: String, kind: String) throws {
        let writer = try TextOutputFile(path: path, kind: kind)
        writer.append(bytes: bytes)
        try writer.commit()
    }
}
