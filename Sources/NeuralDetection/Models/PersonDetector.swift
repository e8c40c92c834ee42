import Detection
import Foundation
import Imaging

/// Finds people with Intel's person-detection-0202 (Open Model Zoo, Apache-2.0; vendored in
/// `Models/person-detection/`, installed into `<dependencies>/models/person-detection/`): an SSD
/// with clustered priors that takes the whole frame resized to 512x512 (BGR, 0...255) in one pass
/// and sees people down to about 25 px tall at 720p, from above as well as from the ground
/// (docs/models.md). Each file's SHA-256 is checked before the network is compiled, once per process.
///
/// Hints do not change the search: one pass over the whole frame costs about what a window around
/// a hint would, and finds the people who came back elsewhere too.
///
///     let people = try PersonDetector()
///     for person in try people.detect(in: frame) where person.score > 0.5 { print(person.box) }
///
/// Boxes are pixels, top-left origin, clipped to the frame; scores are the network's confidence (0...1).
public final class PersonDetector: Detector, @unchecked Sendable {
    /// The network's files under ``directory``, with their SHA-256 (Models/person-detection/README.md).
    public static let files: [(name: String, sha256: String)] = [
        ("person-detection-0202.xml", "649213976ea433d338752235944c96ce67809d175860b6814778847192497501"),
        ("person-detection-0202.bin", "c82526a14d4c3c2d4c04e06e1173f573374fb5a2a97393b926f96adbff7b345b"),
    ]

    /// The folder the network is installed in.
    public static var directory: String { InferenceRuntime.dependencies + "/models/person-detection" }

    /// The network's input side in pixels.
    public static let inputSide = 512

    /// Overlap (IoU) above which the lower-scoring of two detections is dropped.
    public let suppressionOverlap: Double
    /// Detections below this score are not reported.
    public let minimumScore: Float
    private let network: NeuralNetwork
    private let input: ImageInputBuffer
    private let lock = NSLock()

    /// Checks and compiles the installed network. Throws ``NeuralDetectionError`` naming the file
    /// that is missing, damaged (SHA-256) or unusable, or the runtime when it is not installed.
    public init(suppressionOverlap: Double = 0.45, minimumScore: Float = 0.3) throws {
        try InferenceRuntime.load()
        let paths = try Self.checkedPaths()
        let side = Self.inputSide
        network = try NeuralNetwork(modelPath: paths[0]) { _ in [1, 3, side, side] }
        guard network.outputCount == 1 else {
            throw NeuralDetectionError.unusableModel(path: paths[0], reason: "expected one 1x1xNx7 detection output")
        }
        input = ImageInputBuffer(format: ImageInputFormat(width: side, height: side, layout: .channelsFirst, bgr: true),
                                 takesBytes: network.takesBytes)
        self.suppressionOverlap = suppressionOverlap
        self.minimumScore = minimumScore
    }

    /// Checks that the installed files are there, regular and undamaged (SHA-256), without compiling
    /// them. Throws ``NeuralDetectionError`` naming the first file that is not.
    public static func checkFiles() throws { _ = try checkedPaths() }

    /// The paths of ``files`` (graph first), once each is found sound (``ModelFileDigest``).
    private static func checkedPaths() throws -> [String] {
        try files.map { try ModelFileDigest.checked(directory + "/" + $0.name, sha256: $0.sha256, model: "person-detection") }
    }

    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("the frame is empty") }
        lock.lock()
        defer { lock.unlock() }
        let placement = input.fill(from: frame, region: frame.bounds, letterbox: false)
        let minimumScore = minimumScore, path = network.path, side = Double(Self.inputSide)
        let run: ([NetworkOutput]) throws -> [Detection] = { outputs in
            let output = outputs[0]
            guard output.shape.last == 7 else {
                throw NeuralDetectionError.unusableModel(path: path, reason: "expected a 1x1xNx7 detection output, not \(output.shape)")
            }
            let values = output.values
            var result: [Detection] = []
            for row in 0..<values.count / 7 {
                let base = 7 * row
                // A negative image index ends the list.
                guard values[base] >= 0 else { break }
                let score = values[base + 2]
                guard score >= minimumScore else { continue }
                let left = Double(values[base + 3]) * side, top = Double(values[base + 4]) * side
                let right = Double(values[base + 5]) * side, bottom = Double(values[base + 6]) * side
                let raw = placement.frameBox(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
                let box = raw.resized(width: raw.width * Self.widthCorrection, height: raw.height)
                guard let clipped = box.clipped(toWidth: frame.width, height: frame.height), clipped.isValid else { continue }
                result.append(Detection(box: clipped, score: min(1, score), label: "person"))
            }
            return result
        }
        let found = network.takesBytes ? try network.run(&input.bytes, read: run) : try network.run(&input.floats, read: run)
        return NonMaximumSuppression.apply(found, overlap: suppressionOverlap)
    }

    /// The network's boxes are wider than people as MOTChallenge boxes them: 1.16 and 1.18 times
    /// the ground truth's width (median over detections matched at IoU ≥ 0.3, every third frame of
    /// TUD-Campus and TUD-Stadtmitte), heights within 3%. Widths are scaled about the centre by the
    /// inverse of 1.18 (docs/models.md).
    static let widthCorrection = 1 / 1.18
}
