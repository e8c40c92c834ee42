import Foundation
import Imaging
import Tracking

/// Describes a box by the packaged ImageNet MobileNetV2 (``PackagedModel/appearance``): the box is
/// resampled to 96x96 (stretched, colour; grey frames in all three channels) and the network's 1,280
/// pooled features, scaled to unit length, are its description. Two descriptions' dot product is
/// their cosine similarity: about 0.85 between views of one object a few seconds apart, lower for
/// another object or the background beside it (docs/confidence.md). About 1.4 ms per box on a
/// 2-core machine; thread-safe (descriptions are serialised).
///
///     let describer = try AppearanceDescription()
///     let first = describer.describe(box, in: frame)
public final class AppearanceDescription: AppearanceDescriber, @unchecked Sendable {
    /// The side of the network's square input, pixels.
    public static let inputSide = 96
    private let network: NeuralNetwork
    private let input: ImageInputBuffer
    private let lock = NSLock()

    /// Loads the runtime and compiles the packaged model. Throws ``NeuralDetectionError`` when either
    /// is not installed or the model is unusable.
    public init() throws {
        let side = Self.inputSide
        network = try NeuralNetwork(modelPath: try PackagedModel.appearance.installedPath()) { _ in [1, side, side, 3] }
        guard network.takesBytes, network.outputCount == 1 else {
            throw NeuralDetectionError.unusableModel(path: network.path, reason: "expected 8-bit pictures in and one output")
        }
        input = ImageInputBuffer(format: ImageInputFormat(width: side, height: side, layout: .channelsLast), takesBytes: true)
    }

    /// The process's describer, loaded on first use: nil when the OpenVINO runtime is not installed
    /// (the confidence then has no appearance cue); throws ``NeuralDetectionError`` naming the file
    /// when the runtime is there but the model is missing, damaged or unusable (a broken install is
    /// reported, not silently replaced by the confidence without the cue). Loaded once per process.
    public static func loadShared() throws -> AppearanceDescription? {
        try loading.get()
    }

    /// ``loadShared()``, with a broken install counted as not installed (callers that must report
    /// it call ``loadShared()`` first).
    public static var shared: AppearanceDescription? { (try? loading.get()) ?? nil }

    private static let loading: Result<AppearanceDescription?, Error> = Result {
        do {
            try InferenceRuntime.load()
        } catch NeuralDetectionError.runtimeMissing {
            return nil
        }
        return try AppearanceDescription()
    }

    public func describe(_ box: PixelRect, in frame: ImageFrame) -> [Float]? {
        guard let region = box.clipped(toWidth: frame.width, height: frame.height), region.width >= 1, region.height >= 1 else {
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
        _ = input.fill(from: frame, region: region, letterbox: false)
        let description = try? network.run(&input.bytes) { outputs -> [Float]? in
            guard let values = outputs.first?.values, !values.isEmpty else { return nil }
            var squares: Float = 0
            for value in values { squares += value * value }
            guard squares > 0, squares.isFinite else { return nil }
            let scale = 1 / squares.squareRoot()
            return values.map { $0 * scale }
        }
        return description ?? nil
    }
}
