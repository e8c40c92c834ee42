import Foundation

/// Path arithmetic that is safe for every name the shell can pass. (Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character path such as `x` or `-` on Linux.)
public enum FilePath {
    /// The folder part of `path`: everything before its last component, without trailing slashes;
    /// `""` for a bare name (`x`, `out.csv`), `"/"` for a name at the root (`/x`) and for `/` itself.
    ///
    ///     FilePath.folder(of: "out/run.csv")   // "out"
    ///     FilePath.folder(of: "x")             // ""
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path` (the file's name), ignoring trailing slashes; `""` when there is
    /// none (`""`, `/`).
    ///
    ///     FilePath.name(of: "out/run.csv")   // "run.csv"
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// Creates `folder` and the folders above it when missing (`mkdir -p`). Throws
    /// ``OutputError/cannotCreate(path:reason:)`` naming `output`, the file that needs the folder.
    public static func createFolder(_ folder: String, for output: String) throws {
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var status = stat()
            let reason = stat(folder, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
                ? "\(folder) is not a folder" : "cannot create the folder \(folder)"
            throw OutputError.cannotCreate(path: output, reason: reason)
        }
    }

    /// Creates the folder an output file at `path` goes into when missing; nothing for standard
    /// output (`-`) or a bare name.
    public static func createFolder(forOutput path: String) throws {
        guard path != "-" else { return }
        try createFolder(folder(of: path), for: path)
    }
}
