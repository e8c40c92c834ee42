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

    /// `path` relative to `folder` (both as given, made absolute against the working folder, `.` and
    /// `..` resolved without following links), with `/` separators:
    ///
    ///     FilePath.relative("out/clip.mp4", from: "out")          // "clip.mp4"
    ///     FilePath.relative("videos/clip.mp4", from: "reports")   // "../videos/clip.mp4"
    public static func relative(_ path: String, from folder: String) -> String {
        let target = components(path), base = components(folder.isEmpty ? "." : folder)
        var shared = 0
        while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        return (up + target[shared...]).joined(separator: "/")
    }

    /// `path` made absolute against the working folder, `.` and `..` resolved without following
    /// links, so that a command shown on a page runs from any folder:
    ///
    ///     FilePath.absolute("clips/../a.mp4")   // "/home/me/a.mp4", working in /home/me
    public static func absolute(_ path: String) -> String {
        "/" + components(path).joined(separator: "/")
    }

    /// The components of `path` made absolute, `.` and `..` resolved.
    private static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var result: [String] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { if !result.isEmpty { result.removeLast() } } else { result.append(String(part)) }
        }
        return result
    }

    /// The last component of `path` (the file's name), ignoring trailing slashes; `""` when there is
    /// none (`""`, `/`).
    ///
    ///     FilePath.name(of: "out/run.csv")   // "run.csv"
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// `name` inside `folder`: `folder/name`, with no second slash when `folder` ends with one;
    /// `name` alone when `folder` is empty (the working folder), `folder` when `name` is empty.
    ///
    ///     FilePath.joining("out", "run.csv")   // "out/run.csv"
    ///     FilePath.joining("", "run.csv")      // "run.csv"
    public static func joining(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        guard !name.isEmpty else { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The extension of the file `path` names, as written (not lower-cased): what follows the last
    /// dot of its name; `""` when the name has no dot but a leading one (`.hidden`) or ends with it.
    ///
    ///     FilePath.fileExtension(of: "clips/a.b/clip.MP4")   // "MP4"
    ///     FilePath.fileExtension(of: "clips/a.b/clip")       // ""
    public static func fileExtension(of path: String) -> String {
        guard let dot = extensionDot(in: path) else { return "" }
        return String(path[path.index(after: dot)...])
    }

    /// `path` without the extension of the file it names (nor its dot); `path` when there is none.
    ///
    ///     FilePath.removingExtension(of: "in/cam1/clip.mp4")   // "in/cam1/clip"
    public static func removingExtension(of path: String) -> String {
        guard let dot = extensionDot(in: path) else { return path }
        return String(path[..<dot])
    }

    /// The dot that starts the extension of `path`'s last component: its last dot, unless that is
    /// the component's first character.
    private static func extensionDot(in path: String) -> String.Index? {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return nil }
        return dot
    }

    /// The clip's file name without extension, reduced to characters safe in a file name. For an
    /// image-sequence pattern (`shots/img%04d.jpg`) the name of its folder (`shots`).
    public static func safeStem(of clip: String) -> String {
        let components = clip.split(separator: "/").map(String.init)
        var name = components.last.map { removingExtension(of: $0) } ?? ""
        if name.contains("%") { name = components.dropLast().last(where: { $0 != "." && $0 != ".." }) ?? "frames" }
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return safe.isEmpty ? "clip" : safe
    }

    /// Creates `folder` and the folders above it when missing (`mkdir -p`). Throws
    /// ``OutputError/cannotCreate(path:reason:)`` naming `output`, the file that needs the folder,
    /// and the folder that cannot be made with the system's reason (`File name too long`, ...).
    public static func createFolder(_ folder: String, for output: String) throws {
        guard !folder.isEmpty else { return }
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.cannotCreate(path: output, reason: "\(folder) is not a folder")
            }
            return
        }
        let above = self.folder(of: folder)
        if !above.isEmpty, above != folder { try createFolder(above, for: output) }
        if mkdir(folder, 0o777) != 0 {
            let reason = errno
            guard reason == EEXIST, stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.cannotCreate(path: output, reason: "cannot create the folder \(folder): " + String(cString: strerror(reason)))
            }
        }
    }

    /// Creates the folder an output file at `path` goes into when missing; nothing for standard
    /// output (`-`) or a bare name.
    public static func createFolder(forOutput path: String) throws {
        guard path != "-" else { return }
        try createFolder(folder(of: path), for: path)
    }
}
