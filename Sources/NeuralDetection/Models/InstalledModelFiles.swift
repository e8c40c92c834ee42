import COpenVINO
import Foundation

/// Every file of vtrack's models, whatever its kind: each regular file under
/// `<dependencies>/models/` (the packaged detectors and describer, NanoTrack's networks, their
/// licences, and any model installed there later), and under `Models/` of the package folder
/// (NanoTrack's vendored networks, which the install script copies). vtrack reads them, so no output
/// of any command may be or resolve to one (`CommandFiles`).
///
///     for file in InstalledModelFiles.all { print(file.model, file.path) }
public enum InstalledModelFiles {
    /// A model's file and the model's name (its folder under `models/`: `appearance`, `nanotrack`).
    public struct File: Sendable, Equatable {
        public var model: String
        public var path: String
    }

    /// The folders the files are found in: `<dependencies>/models` and the package's `Models`.
    public static var folders: [String] {
        let package = String(cString: vt_ov_build_deps_directory())
        var vendored = package
        while vendored.count > 1, vendored.hasSuffix("/") { vendored.removeLast() }
        if let slash = vendored.lastIndex(of: "/") { vendored = String(vendored[..<slash]) }
        return [InferenceRuntime.dependencies + "/models", vendored + "/Models"]
    }

    /// Every regular file under ``folders`` (symbolic links to files and folders followed, four
    /// folders deep at most); none when nothing is installed.
    public static var all: [File] {
        var found: [File] = []
        for folder in folders {
            for model in contents(of: folder) {
                collect(folder + "/" + model, model: model, depth: 4, into: &found)
            }
        }
        return found
    }

    private static func collect(_ path: String, model: String, depth: Int, into found: inout [File]) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: found.append(File(model: model, path: path))
        case S_IFDIR where depth > 0: for item in contents(of: path) { collect(path + "/" + item, model: model, depth: depth - 1, into: &found) }
        default: break
        }
    }

    private static func contents(of folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }
}
