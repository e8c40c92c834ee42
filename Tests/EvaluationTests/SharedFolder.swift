import Foundation
import XCTest

/// Paths of the repository and of the shared data folder beside it (`<package root>/../shared`).
enum SharedFolder {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A path under the shared folder; skips the test when it is not there.
    static func path(_ relative: String) throws -> String {
        let path = root.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) is missing (the shared folder is expected beside the repository)")
        }
        return path
    }
}

/// A fresh temporary folder, removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-eval-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}
