import Foundation

/// Where an output named on the command line goes, decided from what is at its path before
/// anything is written.
///
/// - `-` is standard output (text outputs only);
/// - an existing FIFO or character device is written into, never replaced;
/// - anything else is a regular file (existing or not) written beside under a hidden temporary
///   name and renamed into place when complete. A symbolic link is followed, so the file it
///   points to is replaced and the link stays.
public enum OutputDestination: Equatable, Sendable {
    case standardOutput
    /// An existing FIFO or character device, written into in place.
    case stream(path: String)
    /// A regular file at `path` (symbolic links resolved), written atomically.
    case file(path: String)

    /// The longest file name (one path component) the file systems vtrack writes to accept, bytes.
    public static let longestName = 255

    /// Classifies `path` for an output of `kind` (`CSV`, `MP4`, ...). `streams` says whether the
    /// output can be written as a stream (text can; an MP4 needs a file it can seek in). Throws
    /// ``OutputError/unusablePath(path:kind:reason:)`` for an empty path, `-` or a stream where
    /// `streams` is false, a folder, a block device or socket, or a file name over 255 bytes.
    public init(path: String, kind: String, streams: Bool) throws {
        func refuse(_ reason: String) -> OutputError { .unusablePath(path: path, kind: kind, reason: reason) }
        if path.isEmpty { throw refuse("") }
        if path == "-" {
            guard streams else { throw refuse("standard output cannot take the \(kind); give a file name") }
            self = .standardOutput
            return
        }
        let name = FilePath.name(of: path)
        if name.utf8.count > Self.longestName {
            throw refuse("the file name is \(name.utf8.count) bytes long; at most \(Self.longestName)")
        }
        if path.hasSuffix("/") || name == "." || name == ".." { throw refuse("it names a folder; give a file name") }
        let target = Self.resolved(path)
        var status = stat()
        guard stat(target, &status) == 0 else {
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw refuse("it is a symbolic link to nothing")
            }
            self = .file(path: target)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            self = .file(path: target)
        case S_IFDIR:
            throw refuse("it is a folder; give a file name")
        case S_IFIFO, S_IFCHR:
            guard streams else { throw refuse("it is a FIFO or device; the \(kind) needs a regular file") }
            self = .stream(path: path)
        default:
            throw refuse("it is a block device or socket, not a file")
        }
    }

    /// The path written to (`-` for standard output).
    public var path: String {
        switch self {
        case .standardOutput: return "-"
        case .stream(let path), .file(let path): return path
        }
    }

    /// `path` made absolute with symbolic links in it resolved, as far as they exist: the real path
    /// of the file, or of its folder followed by its name when the file does not exist yet, or the
    /// path with `.`, `..` and repeated slashes removed when the folder does not exist either.
    package static func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let folder = FilePath.folder(of: path)
        let name = FilePath.name(of: path)
        guard let realFolder = realPath(folder.isEmpty ? "." : folder) else {
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
        return realFolder == "/" ? "/" + name : realFolder + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
