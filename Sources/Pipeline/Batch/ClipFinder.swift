import Files
import Foundation

/// Finds the video files of a batch under a folder.
///
///     let clips = try ClipFinder.clips(under: "footage", excluding: "footage/out")
///     // ["cam1/0001.mp4", "cam1/0002.mov", "cam2/a.mkv"]
///
/// A clip is a regular file (or a symbolic link to one) whose extension, in any case, is one of
/// ``videoExtensions``. Files and folders whose name starts with `.` are skipped, symbolic links to
/// folders are not followed (no cycles), and the `excluding` folder (the batch's output, when it lies
/// inside the input) is not entered. The order is that of the relative paths' UTF-8 bytes, the same
/// on every machine and every run.
public enum ClipFinder {
    /// Extensions (lower case, without the dot) of the files taken as clips.
    public static let videoExtensions: Set<String> = ["mp4", "mov", "mkv", "avi", "webm", "m4v"]

    /// Relative paths, `/`-separated, of the clips under `root`, sorted by their UTF-8 bytes.
    /// Throws ``BatchError/notAFolder(path:)`` when `root` is not a folder and
    /// ``BatchError/cannotList(path:reason:)`` when a folder under it cannot be read.
    public static func clips(under root: String, excluding excluded: String? = nil) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw BatchError.notAFolder(path: root)
        }
        let skipped = excluded.map(canonicalPath)
        var found: [String] = []
        try collect(folder: root, relative: "", skipped: skipped, into: &found)
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// True when `name` ends with one of ``videoExtensions`` (case-insensitive).
    public static func isClipName(_ name: String) -> Bool {
        videoExtensions.contains(FilePath.fileExtension(of: name).lowercased())
    }

    private static func collect(folder: String, relative: String, skipped: String?, into found: inout [String]) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw BatchError.cannotList(path: folder, reason: (error as NSError).localizedDescription)
        }
        for name in names where !name.hasPrefix(".") {
            let path = FilePath.joining(folder, name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var link = stat()
            guard lstat(path, &link) == 0 else { continue }
            switch link.st_mode & S_IFMT {
            case S_IFDIR:
                if let skipped, canonicalPath(path) == skipped { continue }
                try collect(folder: path, relative: relativePath, skipped: skipped, into: &found)
            case S_IFREG:
                if isClipName(name) { found.append(relativePath) }
            case S_IFLNK:
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG, isClipName(name) {
                    found.append(relativePath)
                }
            default:
                continue
            }
        }
    }

    /// Absolute path with symbolic links resolved, for comparing folders.
    static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
