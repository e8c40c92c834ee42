import Foundation
import XCTest

/// A fresh temporary folder, removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-eval-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Runs `python3 ARGUMENTS` and returns what it printed; skips the test when python3 cannot start or
/// numpy is missing, and fails it when the script exits non-zero for another reason.
func runPython(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch { throw XCTSkip("cannot run python3: \(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus != 0 && (message.contains("No module named") || message.contains("not found")) {
        throw XCTSkip("python3 with numpy is not available: \(message)")
    }
    XCTAssertEqual(process.terminationStatus, 0, message)
    return data
}
