import Foundation

/// A folder an output writes whole and replaces whole (a page's stills), checked before any work
/// starts so that a folder that cannot be made is one line at once, not an error after the run.
///
///     try OutputFolder.check("out/clip.stills", kind: "stills folder")
public enum OutputFolder {
    /// Throws ``OutputError/unusablePath(path:kind:reason:)`` naming `path` when it cannot be the
    /// folder: an empty path, `-` (standard output), a name over 255 bytes, something other than a
    /// folder there (a file, a symbolic link to nothing), or something other than a folder where a
    /// folder above it must be.
    /// A missing folder (and missing folders above it) is fine: it is made when written.
    public static func check(_ path: String, kind: String) throws {
        func refuse(_ reason: String) -> OutputError { .unusablePath(path: path, kind: kind, reason: reason) }
        if path.isEmpty { throw refuse("") }
        if path == "-" { throw refuse("'-' (standard output) cannot hold a folder") }
        let name = FilePath.name(of: path)
        if name.utf8.count > OutputDestination.longestName {
            throw refuse("the folder name is \(name.utf8.count) bytes long; at most \(OutputDestination.longestName)")
        }
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is a file, not a folder") }
            return
        }
        if lstat(path, &status) == 0 { throw refuse("it is a symbolic link to nothing") }
        var above = FilePath.folder(of: path)
        while !above.isEmpty {
            if stat(above, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(above) is a file, not a folder") }
                return
            }
            let next = FilePath.folder(of: above)
            if next == above { return }
            above = next
        }
    }
}
