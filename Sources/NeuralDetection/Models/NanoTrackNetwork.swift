import Foundation
import Tracking
import VideoIO

/// NanoTrack's two networks (Apache-2.0, vendored in `Models/nanotrack/`, installed into
/// `<dependencies>/models/nanotrack/`; docs/models.md): a MobileNetV3 backbone run on 127x127
/// template crops and 255x255 search crops, and a head that correlates the two feature maps into
/// object logits and edge distances on a 16x16 (v2) or 15x15 (v3) grid of stride 16. Each file's
/// SHA-256 is checked before it is compiled, as every model file's is (``ModelFileDigest``).
/// Computed in 32-bit floats (the CPU's bf16 default moves boxes by several pixels against other
/// runtimes). Thread-safe: the search networks are
/// compiled as single-threaded lanes, up to one per core, so the objects of a frame are searched on
/// all cores at once without the runtime's threads waiting on each other; a lane is compiled when a
/// search finds every lane busy, so a run that never searches two objects at once keeps one (a lane
/// takes about 20 MB, and compiling it start-up time). The template backbone (run only at a seed)
/// serialises its inferences.
///
///     let network = try NanoTrackNetwork.loaded(.v2)
///     let tracker = try SiameseTracker(frame: frame, box: box, network: network, settings: .authorsV2)
public final class NanoTrackNetwork: SiameseNetwork, @unchecked Sendable {
    /// A release of NanoTrack's networks.
    public enum Version: String, Sendable, CaseIterable {
        case v2, v3

        /// The backbone's and the head's files under the dependencies folder, with their SHA-256.
        var files: [(path: String, sha256: String)] {
            switch self {
            case .v2: return [("v2/nanotrack_backbone_sim.onnx", "530bdd0cd00f19afab79a863e71ba71e3312395a5dc9151af675082bdaaa2fc4"),
                              ("v2/nanotrack_head_sim.onnx", "0d8c0637be849f092cc7236cae02e55c8b9455ebe37ba50601d6115db4247cd9")]
            case .v3: return [("v3/nanotrack_backbone.onnx", "50be1320abf9384fd3479ea829f95e244cf3f3838190c5ab60c750fb8c1ce828"),
                              ("v3/nanotrack_head.onnx", "75357903be3f4817c965af16cb5a11fd32b1467f597a408405a98635ac63f61d")]
            }
        }
    }

    /// The folder the networks are installed in.
    public static var directory: String { InferenceRuntime.dependencies + "/models/nanotrack" }

    public let version: Version
    public let templateSide = 127
    public let searchSide = 255
    public let stride = 16
    public let responseSide: Int
    public let templateFeatureCount: Int
    private let templateBackbone: NeuralNetwork
    /// The search backbones and heads, each compiled for one thread (``InferenceLanes``).
    private let lanes: InferenceLanes<SearchLane>

    /// A search backbone and head compiled for one thread, with the features between them.
    private final class SearchLane {
        let backbone: NeuralNetwork, head: NeuralNetwork
        /// The search crop's features between the backbone and the head.
        var features: [Float]

        /// Compiles the search backbone and the head from `paths`.
        init(paths: (backbone: String, head: String)) throws {
            backbone = try NeuralNetwork(modelPath: paths.backbone, threads: 1, precision: .float32) { _ in [1, 3, 255, 255] }
            head = try NeuralNetwork(modelPath: paths.head, threads: 1, precision: .float32)
            features = [Float](repeating: 0, count: head.inputShapes.dropFirst().first?.reduce(1, *) ?? 0)
        }
    }

    /// Checks and compiles `version`'s networks from `directory` (default: the installed ones).
    /// Throws ``NeuralDetectionError`` naming the file that is missing, not a regular file,
    /// unreadable, damaged (SHA-256) or unusable, or the runtime when it is not installed.
    /// At most `lanes` search networks are compiled (default: one per core), each for one thread:
    /// the first here, the others when searches overlap.
    public init(version: Version, directory: String = NanoTrackNetwork.directory,
                lanes laneCount: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.version = version
        try InferenceRuntime.load()
        let paths = try version.files.map { file in try ModelFileDigest.checked(directory + "/" + file.path, sha256: file.sha256, model: "NanoTrack") }
        templateBackbone = try NeuralNetwork(modelPath: paths[0], precision: .float32) { _ in [1, 3, 127, 127] }
        let searchPaths = (backbone: paths[0], head: paths[1])
        lanes = try InferenceLanes(limit: laneCount) { try SearchLane(paths: searchPaths) }
        let head = lanes.first.head
        let templateShape = head.inputShapes.first ?? [], searchShape = head.inputShapes.dropFirst().first ?? []
        guard head.inputShapes.count == 2, templateShape.count == 4, searchShape.count == 4, head.outputCount == 2,
              templateShape[1] == searchShape[1], templateShape[2...] == [8, 8], searchShape[2...] == [16, 16] else {
            throw NeuralDetectionError.unusableModel(path: paths[1], reason: "expected a head taking 1xCx8x8 and 1xCx16x16 features, giving two maps")
        }
        templateFeatureCount = templateShape.reduce(1, *)
        responseSide = version == .v2 ? 16 : 15
    }

    private static let cache = NSLock()
    nonisolated(unsafe) private static var compiled: [Version: NanoTrackNetwork] = [:]

    /// `version`'s networks, compiled once per process (later calls return the same instance).
    public static func loaded(_ version: Version) throws -> NanoTrackNetwork {
        cache.lock()
        defer { cache.unlock() }
        if let network = compiled[version] { return network }
        let network = try NanoTrackNetwork(version: version)
        compiled[version] = network
        return network
    }

    /// Checks that `version`'s files in `directory` are there, regular and undamaged (SHA-256),
    /// without compiling them. Throws ``NeuralDetectionError`` naming the first file that is not.
    public static func checkFiles(of version: Version, directory: String = NanoTrackNetwork.directory) throws {
        for file in version.files { _ = try ModelFileDigest.checked(directory + "/" + file.path, sha256: file.sha256, model: "NanoTrack") }
    }

    public func embedTemplate(_ crop: UnsafeMutableBufferPointer<Float>, into features: UnsafeMutableBufferPointer<Float>) throws {
        try templateBackbone.run(inputs: [UnsafeMutableRawBufferPointer(crop)]) { outputs in
            try copy(outputs, into: features, network: templateBackbone)
        }
    }

    public func respond(template: UnsafeMutableBufferPointer<Float>, search crop: UnsafeMutableBufferPointer<Float>,
                        into response: inout SiameseResponse) throws {
        try lanes.withLane { lane in try respond(on: lane, template: template, search: crop, into: &response) }
    }

    private func respond(on lane: SearchLane, template: UnsafeMutableBufferPointer<Float>, search crop: UnsafeMutableBufferPointer<Float>,
                         into response: inout SiameseResponse) throws {
        try lane.features.withUnsafeMutableBufferPointer { features in
            try lane.backbone.run(inputs: [UnsafeMutableRawBufferPointer(crop)]) { outputs in
                try copy(outputs, into: features, network: lane.backbone)
            }
            try lane.head.run(inputs: [UnsafeMutableRawBufferPointer(template), UnsafeMutableRawBufferPointer(features)]) { outputs in
                let cells = responseSide * responseSide
                guard let logits = outputs.first(where: { $0.values.count == 2 * cells }),
                      let edges = outputs.first(where: { $0.values.count == 4 * cells }) else {
                    throw NeuralDetectionError.inferenceFailed(path: lane.head.path, reason: "the head's maps are not \(responseSide)x\(responseSide)")
                }
                response.classLogits.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: logits.values) }
                response.edgeDistances.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: edges.values) }
            }
        }
    }

    private func copy(_ outputs: [NetworkOutput], into features: UnsafeMutableBufferPointer<Float>, network: NeuralNetwork) throws {
        guard let values = outputs.first?.values, values.count == features.count else {
            throw NeuralDetectionError.inferenceFailed(path: network.path, reason: "expected \(features.count) features")
        }
        _ = features.update(fromContentsOf: values)
    }
}
