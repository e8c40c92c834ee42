import Foundation
import NeuralDetection
import XCTest

/// The compiled-model cache: a compile leaves the model in the cache folder, a network loaded from it
/// computes what a freshly compiled one does, and a cache that cannot be used costs nothing but time.
final class CompiledModelCacheTests: XCTestCase {
    private func personModel() throws -> String {
        try PackagedModel.person.installedPath()
    }

    /// The person network's outputs on one fixed input.
    private func outputs(of network: NeuralNetwork) throws -> [[Float]] {
        var input = (0..<(300 * 300 * 3)).map { UInt8(truncatingIfNeeded: ($0 * 7919) >> 5) }
        XCTAssertTrue(network.takesBytes)
        return try network.run(&input) { $0.map { Array($0.values) } }
    }

    func testASecondCompileLoadsTheCachedModelAndComputesTheSame() throws {
        let model = try personModel()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-model-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }

        let fresh = try outputs(of: NeuralNetwork(modelPath: model, cacheDirectory: nil) { _ in [1, 300, 300, 3] })
        _ = try NeuralNetwork(modelPath: model, cacheDirectory: cache.path) { _ in [1, 300, 300, 3] }
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        XCTAssertEqual(kept.filter { $0.hasSuffix(".blob") }.count, 1, "the compiled model is kept: \(kept)")
        let cached = try outputs(of: NeuralNetwork(modelPath: model, cacheDirectory: cache.path) { _ in [1, 300, 300, 3] })
        XCTAssertEqual(cached, fresh)
        XCTAssertTrue(fresh.joined().contains { $0 > 0 }, "the outputs are not all zero")
    }

    func testACacheThatIsAFileIsNotUsedAndTheModelStillCompiles() throws {
        let model = try personModel()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-model-cache-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let network = try NeuralNetwork(modelPath: model, cacheDirectory: file.path) { _ in [1, 300, 300, 3] }
        XCTAssertEqual(try outputs(of: network).count, 4)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not a folder", "the file is left as it was")
    }
}
