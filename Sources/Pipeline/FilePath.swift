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
}
