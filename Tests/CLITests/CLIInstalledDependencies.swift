import Files
import Foundation
import Pipeline
import XCTest

/// vtrack's installed dependencies (`.deps` of this package), and copies of them with a model's
/// files replaced, for `VTRACK_DEPS`.
enum CLIInstalledDependencies {
    /// `.deps/models/<relative>` of this package, where vtrack reads its installed models; a skip
    /// when the models are not installed.
    static func modelFile(_ relative: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".deps/models/" + relative).path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("vtrack's models are not installed: \(path) is missing") }
        return path
    }

    /// A copy of vtrack's installed dependencies in `folder/deps` (symbolic links) with the files of
    /// model `name` replaced by `files`; returns its path, for `VTRACK_DEPS`.
    static func copy(in folder: CLITemporaryFolder, replacing name: String, with files: [String: Data]) throws -> String {
        // <dependencies>/models/appearance/appearance.xml
        let installed = try modelFile("appearance/appearance.xml")
        let dependencies = FilePath.folder(of: FilePath.folder(of: FilePath.folder(of: installed)))
        let deps = folder.path("deps")
        try FileManager.default.createDirectory(atPath: deps + "/models/" + name, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: deps + "/openvino", withDestinationPath: dependencies + "/openvino")
        for model in ["person", "face", "nanotrack", "lightfc", "person-detection", "person-reid", "appearance"]
        where model != name && FileManager.default.fileExists(atPath: dependencies + "/models/" + model) {
            try FileManager.default.createSymbolicLink(atPath: deps + "/models/" + model, withDestinationPath: dependencies + "/models/" + model)
        }
        for (file, data) in files { try folder.write(data, to: "deps/models/\(name)/\(file)") }
        return deps
    }
}
