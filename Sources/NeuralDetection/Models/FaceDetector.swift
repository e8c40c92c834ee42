import Detection
import Foundation
import Imaging

/// Finds faces with the packaged CenterFace model (an anchor-free network: a face-centre heat map
/// with box sizes and sub-cell offsets at a quarter of the input resolution).
///
/// The input is the frame scaled so that its longer side is at most ``maximumInputSide`` and both
/// sides are multiples of 32; the network is compiled once per input size.
///
///     let faces = try FaceDetector()
///     for face in try faces.detect(in: frame) { print(face.box, face.score) }
///
/// Boxes are pixels, top-left origin; scores are the heat-map value (0...1).
public final class FaceDetector: Detector, @unchecked Sendable {
    /// Longest input side in pixels; larger frames are scaled down.
    public let maximumInputSide: Int
    /// Heat-map values below this are not reported.
    public let minimumScore: Float
    /// Overlap (IoU) above which the lower-scoring of two detections is dropped.
    public let suppressionOverlap: Double
    private var networks: [String: (network: NeuralNetwork, input: ImageInputBuffer)] = [:]
    private let lock = NSLock()

    /// Checks that the runtime and the packaged model are installed. Throws ``NeuralDetectionError``.
    public init(maximumInputSide: Int = 640, minimumScore: Float = 0.5, suppressionOverlap: Double = 0.3) throws {
        _ = try PackagedModel.face.installedPath()
        self.maximumInputSide = max(32, maximumInputSide)
        self.minimumScore = minimumScore
        self.suppressionOverlap = suppressionOverlap
    }

    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("the frame is empty") }
        lock.lock()
        defer { lock.unlock() }
        let scale = min(1, Double(maximumInputSide) / Double(max(frame.width, frame.height)))
        let width = max(32, Int((Double(frame.width) * scale / 32).rounded(.up)) * 32)
        let height = max(32, Int((Double(frame.height) * scale / 32).rounded(.up)) * 32)
        let (network, input) = try compiled(width: width, height: height)
        let placement = input.fill(from: frame, region: frame.bounds, letterbox: false)
        let minimumScore = minimumScore, path = network.path
        let found = try network.run(&input.floats) { outputs -> [Detection] in
            let maps = outputs.filter { $0.shape.count == 4 && $0.shape[0] == 1 }
            guard maps.count == outputs.count, let heat = maps.first(where: { $0.shape[1] == 1 }) else {
                throw NeuralDetectionError.unusableModel(path: path, reason: "expected CenterFace's heat map, size and offset outputs")
            }
            let pairs = maps.filter { $0.shape[1] == 2 && $0.shape[2...] == heat.shape[2...] }
            guard pairs.count == 2 else {
                throw NeuralDetectionError.unusableModel(path: path, reason: "expected CenterFace's size and offset outputs")
            }
            return Self.decode(heat: heat, sizes: pairs[0], offsets: pairs[1], stride: Double(width) / Double(heat.shape[3]),
                               minimumScore: minimumScore, placement: placement, frame: frame)
        }
        return NonMaximumSuppression.apply(found, overlap: suppressionOverlap)
    }

    private func compiled(width: Int, height: Int) throws -> (NeuralNetwork, ImageInputBuffer) {
        let key = "\(width)x\(height)"
        if let entry = networks[key] { return entry }
        let network = try NeuralNetwork(modelPath: PackagedModel.face.path) { _ in [1, 3, height, width] }
        let input = ImageInputBuffer(format: ImageInputFormat(width: width, height: height, layout: .channelsFirst, bgr: true),
                                     takesBytes: network.takesBytes)
        networks[key] = (network, input)
        return (network, input)
    }

    /// A face at each heat-map cell above `minimumScore`: centre at the cell plus its offset, size the
    /// exponential of the predicted log-size, both in units of the output stride.
    private static func decode(heat: NetworkOutput, sizes: NetworkOutput, offsets: NetworkOutput, stride: Double,
                               minimumScore: Float, placement: InputPlacement, frame: ImageFrame) -> [Detection] {
        let rows = heat.shape[2], columns = heat.shape[3], plane = rows * columns
        var result: [Detection] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                let score = heat.values[cell]
                guard score >= minimumScore else { continue }
                let height = Double(exp(min(sizes.values[cell], 20))) * stride
                let width = Double(exp(min(sizes.values[plane + cell], 20))) * stride
                let centerY = (Double(row) + Double(offsets.values[cell]) + 0.5) * stride
                let centerX = (Double(column) + Double(offsets.values[plane + cell]) + 0.5) * stride
                let box = placement.frameBox(PixelRect(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height))
                guard let clipped = box.clipped(toWidth: frame.width, height: frame.height), clipped.isValid else { continue }
                result.append(Detection(box: clipped, score: min(1, score), label: "face"))
            }
        }
        return result
    }
}
