import Dispatch
import Foundation

/// The hidden `.partial` files (and folders, such as a page's stills being written) the process is
/// writing, so that none outlives a failure or an interruption.
///
/// Writers register a temporary file or folder when they create it and unregister it when they
/// rename it into place or delete it. ``removeAllOnTermination()`` makes SIGINT, SIGTERM, SIGHUP and SIGPIPE delete
/// every registered file before the process ends with that signal.
public enum TemporaryOutputs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// A new hidden temporary file beside `path`, of this run alone: `DIR/.NAME.RUN.partial` for
    /// `DIR/NAME`, or `DIR/.STEM.RUN.partial.EXT` when `fileExtension` is given (`NAME` is then
    /// `STEM.EXT`), where `RUN` is the process id and a random number, different at each call, so
    /// that two runs writing one output never share a temporary file (the last rename wins). When
    /// that name would be longer than a file name may be (255 bytes), `DIR/.vtrack-HASH.RUN.partial[.EXT]`,
    /// with a hash of the full name.
    public static func partialPath(for path: String, fileExtension: String? = nil) -> String {
        let folder = FilePath.folder(of: path), name = FilePath.name(of: path)
        let run = "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let suffix = "." + run + (fileExtension.map { ".partial." + $0 } ?? ".partial")
        var stem = name
        if let fileExtension, name.lowercased().hasSuffix("." + fileExtension.lowercased()) {
            stem = String(name.dropLast(fileExtension.count + 1))
        }
        let hidden = "." + stem + suffix
        if hidden.utf8.count <= OutputDestination.longestName { return FilePath.joining(folder, hidden) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return FilePath.joining(folder, ".vtrack-" + String(hash, radix: 16) + suffix)
    }

    /// Records that `path` is a temporary file of this process.
    public static func register(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    /// Forgets `path` (renamed into place or deleted by its writer).
    public static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// The temporary files registered now.
    public static var current: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    /// Deletes every registered temporary file, and every registered folder with what is in it.
    public static func removeAll() {
        lock.lock()
        let doomed = paths
        paths.removeAll()
        lock.unlock()
        for path in doomed where unlink(path) != 0 && errno == EISDIR { try? FileManager.default.removeItem(atPath: path) }
    }

    /// On SIGINT, SIGTERM, SIGHUP or SIGPIPE (a closed pipe on standard output): deletes the registered temporary files, then ends the process
    /// with the signal (its default action), so the caller sees the usual status (130 for Ctrl-C).
    /// The handler runs on a dispatch queue, outside the signal context, and re-sends the signal to
    /// the process (dispatch threads block signals). Call once, at start-up.
    public static func removeAllOnTermination() {
        lock.lock()
        defer { lock.unlock() }
        guard signalSources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                removeAll()
                signal(signalNumber, SIG_DFL)
                kill(getpid(), signalNumber)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
