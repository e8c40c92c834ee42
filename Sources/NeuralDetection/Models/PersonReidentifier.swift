import Foundation
import Imaging

/// Describes a person's box by Intel's person-reidentification-retail-0287 (Open Model Zoo,
/// Apache-2.0; vendored in `Models/person-reid/`, installed into `<dependencies>/models/person-reid/`):
/// the box is stretched to 128x256 (BGR, 0...255) and embedded into 256 values, scaled here to unit
/// length so that the dot product of two embeddings is their cosine similarity (-1...1; the same
/// person seen again is usually above 0.6, two people below 0.4, docs/models.md). Each file's
/// SHA-256 is checked before the network is compiled (32-bit floats, one thread), once per process.
/// Thread-safe: embeddings are serialised.
///
///     let reid = try PersonReidentifier.loaded()
///     var first = [Float](repeating: 0, count: PersonReidentifier.length)
///     try reid.embed(frame, box: box, into: &first)
public final class PersonReidentifier: @unchecked Sendable {
    /// The network's files under ``directory``, with their SHA-256 (Models/person-reid/README.md).
    public static let files: [(name: String, sha256: String)] = [
        ("person-reidentification-retail-0287.xml", "09af746c1068a3e89355e1f0226d3d6982dc1cd77634b1f70a40f1f654a94be1"),
        ("person-reidentification-retail-0287.bin", "7f53d18d11253455e0e11646b2176cf6509cc7c97cb5376f9b91b4c41e09a06c"),
    ]

    /// The folder the network is installed in.
    public static var directory: String { InferenceRuntime.dependencies + "/models/person-reid" }

    /// Values in an embedding.
    public static let length = 256

    private let network: NeuralNetwork
    private let input: ImageInputBuffer
    private let lock = NSLock()

    /// Checks and compiles the installed network. Throws ``NeuralDetectionError`` naming the file
    /// that is missing, damaged (SHA-256) or unusable, or the runtime when it is not installed.
    public init() throws {
        try InferenceRuntime.load()
        let paths = try Self.files.map {
            try ModelFileDigest.checked(Self.directory + "/" + $0.name, sha256: $0.sha256, model: "person-reid")
        }
        network = try NeuralNetwork(modelPath: paths[0], threads: 1, precision: .float32)
        guard network.inputShape == [1, 3, 256, 128], network.outputCount == 1 else {
            throw NeuralDetectionError.unusableModel(path: paths[0], reason: "expected a 1x3x256x128 input and one embedding output")
        }
        input = ImageInputBuffer(format: ImageInputFormat(width: 128, height: 256, layout: .channelsFirst, bgr: true),
                                 takesBytes: network.takesBytes)
    }

    private static let cache = NSLock()
    nonisolated(unsafe) private static var compiled: PersonReidentifier?

    /// The installed network, compiled once per process (later calls return the same instance).
    public static func loaded() throws -> PersonReidentifier {
        cache.lock()
        defer { cache.unlock() }
        if let compiled { return compiled }
        let network = try PersonReidentifier()
        compiled = network
        return network
    }

    /// Writes the unit-length embedding of `box` (pixels, top-left origin, clipped to the frame by
    /// the caller) of `frame` into `embedding` (``length`` values). Throws
    /// ``NeuralDetectionError/inferenceFailed(path:reason:)`` when the network answers otherwise.
    public func embed(_ frame: ImageFrame, box: PixelRect, into embedding: inout [Float]) throws {
        precondition(embedding.count == Self.length, "an embedding holds \(Self.length) values")
        lock.lock()
        defer { lock.unlock() }
        _ = input.fill(from: frame, region: box, letterbox: false)
        let path = network.path
        let read: ([NetworkOutput]) throws -> Void = { outputs in
            let values = outputs[0].values
            guard values.count == Self.length else {
                throw NeuralDetectionError.inferenceFailed(path: path, reason: "expected \(Self.length) values, got \(values.count)")
            }
            var norm: Float = 0
            for value in values { norm += value * value }
            let scale = 1 / max(norm.squareRoot(), 1e-12)
            for index in 0..<Self.length { embedding[index] = values[index] * scale }
        }
        if network.takesBytes { try network.run(&input.bytes, read: read) } else { try network.run(&input.floats, read: read) }
    }
}
