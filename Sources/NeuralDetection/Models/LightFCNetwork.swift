import Foundation
import Tracking
import VideoIO

/// LightFC's two networks (Li et al. 2023; MIT, vendored in `Models/lightfc/`, installed into
/// `<dependencies>/models/lightfc/`; docs/models.md): the authors' 8-bit export, rewritten by
/// `scripts/models/convert-lightfc-int8.py` so that OpenVINO reads it. A MobileNetV2 backbone embeds
/// a 128x128 template crop into 96x8x8 features; a tracking network embeds a 256x256 search crop,
/// fuses it with the template's features and answers on a 16x16 grid of stride 16: the probability
/// that each cell holds the object's centre, the object's size (a fraction of the search crop) and
/// the centre's offset within the cell. Each file's SHA-256 is checked before it is compiled;
/// computed with 32-bit float arithmetic between the quantisation steps.
///
/// Takes the crops a ``SiameseTracker`` cuts (RGB, 0...255) and normalises them with ImageNet's mean
/// and deviation, as the authors' loop does; answers in the ``SiameseResponse`` form (object logits
/// and edge distances), so the one Siamese loop reads it as it reads NanoTrack. Thread-safe: search
/// networks are compiled as single-threaded lanes (``InferenceLanes``).
///
///     let network = try LightFCNetwork.loaded()
///     let tracker = try SiameseTracker(frame: frame, box: box, network: network, settings: .authorsLightFC, confidenceModel: model)
public final class LightFCNetwork: SiameseNetwork, @unchecked Sendable {
    /// The template backbone's and the tracking network's files under the dependencies folder, with their SHA-256.
    static let files: [(path: String, sha256: String)] = [
        ("lightfc_backbone.onnx", "6cf9d1f5451afb4a57712e754815f40346e016d7352a7d53f21b42f725fb083b"),
        ("lightfc_tracking.onnx", "5ec2283cb4171ad2c501e542944a87349a096d7da5fb156b0ec8e90b32bcb670"),
    ]

    /// The folder the networks are installed in.
    public static var directory: String { InferenceRuntime.dependencies + "/models/lightfc" }

    public let templateSide = 128
    public let searchSide = 256
    public let stride = 16
    public let responseSide = 16
    public let templateFeatureCount = 96 * 8 * 8
    /// ImageNet's per-channel mean and deviation (R, G, B) on 0...1 values, which the networks were trained with.
    private static let mean: [Float] = [0.485, 0.456, 0.406], deviation: [Float] = [0.229, 0.224, 0.225]

    private let templateBackbone: NeuralNetwork
    /// The normalised template crop (under `templateLock`).
    private var templateInput: [Float]
    private let templateLock = NSLock()
    private let lanes: InferenceLanes<SearchLane>

    /// A tracking network compiled for one thread, with its normalised search crop.
    private final class SearchLane {
        let network: NeuralNetwork
        var input: [Float]

        init(path: String, side: Int) throws {
            network = try NeuralNetwork(modelPath: path, threads: 1, precision: .float32)
            input = [Float](repeating: 0, count: 3 * side * side)
        }
    }

    /// Checks and compiles the networks from `directory` (default: the installed ones). Throws
    /// ``NeuralDetectionError`` naming the file that is missing, not a regular file, unreadable,
    /// damaged (SHA-256) or unusable, or the runtime when it is not installed. At most `lanes`
    /// tracking networks are compiled (default: one per core).
    public init(directory: String = LightFCNetwork.directory,
                lanes laneCount: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        try InferenceRuntime.load()
        let paths = try Self.checkedPaths(in: directory)
        templateBackbone = try NeuralNetwork(modelPath: paths[0], precision: .float32)
        templateInput = [Float](repeating: 0, count: 3 * templateSide * templateSide)
        let (trackingPath, side) = (paths[1], searchSide)
        lanes = try InferenceLanes(limit: laneCount) { try SearchLane(path: trackingPath, side: side) }
        let tracking = lanes.first.network
        guard templateBackbone.inputShapes == [[1, 3, 128, 128]], tracking.inputShapes == [[1, 96, 8, 8], [1, 3, 256, 256]],
              tracking.outputCount == 3 else {
            throw NeuralDetectionError.unusableModel(path: paths[1], reason: "expected LightFC's networks: a 1x3x128x128 template, 1x96x8x8 features and a 1x3x256x256 search crop, three maps")
        }
    }

    private static let cache = NSLock()
    nonisolated(unsafe) private static var compiled: LightFCNetwork?

    /// The installed networks, compiled once per process (later calls return the same instance).
    public static func loaded() throws -> LightFCNetwork {
        cache.lock()
        defer { cache.unlock() }
        if let compiled { return compiled }
        let network = try LightFCNetwork()
        compiled = network
        return network
    }

    /// Checks that the files in `directory` are there, regular and undamaged (SHA-256), without
    /// compiling them. Throws ``NeuralDetectionError`` naming the first file that is not.
    public static func checkFiles(directory: String = LightFCNetwork.directory) throws {
        _ = try checkedPaths(in: directory)
    }

    /// The paths of ``files`` in `directory`, once each is found sound (``ModelFileDigest``).
    private static func checkedPaths(in directory: String) throws -> [String] {
        try files.map { file in try ModelFileDigest.checked(directory + "/" + file.path, sha256: file.sha256, model: "LightFC") }
    }

    public func embedTemplate(_ crop: UnsafeMutableBufferPointer<Float>, into features: UnsafeMutableBufferPointer<Float>) throws {
        templateLock.lock()
        defer { templateLock.unlock() }
        try templateInput.withUnsafeMutableBufferPointer { input in
            Self.normalise(UnsafeBufferPointer(crop), into: input)
            try templateBackbone.run(inputs: [UnsafeMutableRawBufferPointer(input)]) { outputs in
                guard let values = outputs.first?.values, values.count == features.count else {
                    throw NeuralDetectionError.inferenceFailed(path: templateBackbone.path, reason: "expected \(features.count) features")
                }
                _ = features.update(fromContentsOf: values)
            }
        }
    }

    public func respond(template: UnsafeMutableBufferPointer<Float>, search crop: UnsafeMutableBufferPointer<Float>,
                        into response: inout SiameseResponse) throws {
        try lanes.withLane { lane in
            try lane.input.withUnsafeMutableBufferPointer { input in
                Self.normalise(UnsafeBufferPointer(crop), into: input)
                try lane.network.run(inputs: [UnsafeMutableRawBufferPointer(template), UnsafeMutableRawBufferPointer(input)]) { outputs in
                    let cells = responseSide * responseSide
                    guard outputs.count == 3, outputs[0].values.count == cells, outputs[1].values.count == 2 * cells,
                          outputs[2].values.count == 2 * cells else {
                        throw NeuralDetectionError.inferenceFailed(path: lane.network.path, reason: "the maps are not \(responseSide)x\(responseSide)")
                    }
                    write(centres: outputs[0].values, sizes: outputs[1].values, offsets: outputs[2].values, into: &response)
                }
            }
        }
    }

    /// The maps in the response's form: each cell's centre probability as an object logit against a
    /// background logit of 0 (their softmax is the probability again), and the box it asks for,
    /// centred at (cell + offset) x stride of the search crop and sized by the size map, as distances
    /// from the cell's centre to its four edges.
    private func write(centres: UnsafeBufferPointer<Float>, sizes: UnsafeBufferPointer<Float>, offsets: UnsafeBufferPointer<Float>,
                       into response: inout SiameseResponse) {
        let cells = responseSide * responseSide, side = Float(searchSide), step = Float(stride)
        response.classLogits.withUnsafeMutableBufferPointer { logits in
            response.edgeDistances.withUnsafeMutableBufferPointer { edges in
                for cell in 0..<cells {
                    let probability = min(max(centres[cell], 1e-6), 1 - 1e-6)
                    logits[cell] = 0
                    logits[cells + cell] = log(probability / (1 - probability))
                    let halfWidth = sizes[cell] * side / 2, halfHeight = sizes[cells + cell] * side / 2
                    let dx = offsets[cell] * step, dy = offsets[cells + cell] * step
                    edges[cell] = halfWidth - dx
                    edges[cells + cell] = halfHeight - dy
                    edges[2 * cells + cell] = halfWidth + dx
                    edges[3 * cells + cell] = halfHeight + dy
                }
            }
        }
    }

    /// (value / 255 - mean) / deviation, plane by plane (R, G, B).
    private static func normalise(_ crop: UnsafeBufferPointer<Float>, into input: UnsafeMutableBufferPointer<Float>) {
        let plane = crop.count / 3
        for channel in 0..<3 {
            let scale = 1 / (255 * deviation[channel]), offset = -mean[channel] / deviation[channel]
            for index in channel * plane..<(channel + 1) * plane {
                input[index] = crop[index] * scale + offset
            }
        }
    }
}
