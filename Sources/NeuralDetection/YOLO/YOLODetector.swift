import Detection
import Foundation
import Imaging

/// A user's own YOLO-family detector exported to ONNX (YOLOv5 `[1, N, 5 + C]` or YOLOv8/YOLO11
/// `[1, 4 + C, N]` output, see ``YOLOOutputLayout``), run through OpenVINO.
///
/// The frame is letterboxed into the model's input (RGB, 0...1, grey padding; a dynamic input size
/// becomes 640x640), candidates are decoded, and non-maximum suppression runs per class.
/// Class names come from the model's `names` metadata (classes it skips are called `class N`), or
/// from a names file (one per line). A model with an 8-bit input is given the pixels' bytes (0...255).
///
///     let detector = try YOLODetector(modelPath: "yolo11n.onnx", keeping: ["person", "car"], minimumScore: 0.4)
///     for detection in try detector.detect(in: frame) { print(detection.label ?? "?", detection.box) }
///
/// Boxes are pixels, top-left origin; scores are the model's (objectness times) class scores, 0...1.
public final class YOLODetector: Detector, @unchecked Sendable {
    /// Class names by class index (`class N` where the model names none).
    public let classNames: [String]
    /// Class indices reported (all when nil).
    public let keptClasses: Set<Int>?
    public let minimumScore: Float
    /// Overlap (IoU) above which the lower-scoring of two detections of one class is dropped.
    public let suppressionOverlap: Double
    private let network: NeuralNetwork
    private let input: ImageInputBuffer
    private let lock = NSLock()

    /// Loads and compiles the model. `classNamesPath` overrides the model's metadata; `keeping` names
    /// the classes to report (each must be one of the model's). Throws ``NeuralDetectionError`` naming
    /// the file, or ``DetectionError/invalidParameters(_:)`` for an unknown class name.
    public init(modelPath: String, classNamesPath: String? = nil, keeping: [String]? = nil,
                minimumScore: Float = 0.25, suppressionOverlap: Double = 0.45) throws {
        let metadata = try ONNXMetadata(path: modelPath)
        // Names by number from the metadata; when they skip numbers ({0: 'person', 5: 'car'}) the
        // output shape gives the class count and the unnamed classes are called "class N".
        let numberedNames = metadata.properties["names"].flatMap(ClassNames.parseNumbered(metadata:))
        let declaredNames = try classNamesPath.map(ClassNames.read(path:))
            ?? numberedNames.flatMap { names in names.keys.sorted() == Array(0..<names.count) ? (0..<names.count).compactMap { names[$0] } : nil }
        let sparseNames = classNamesPath == nil && declaredNames == nil ? numberedNames : nil
        network = try NeuralNetwork(modelPath: modelPath) { declared in
            guard declared.count == 4, declared[0] == 1 || declared[0] < 0, declared[1] == 3 || declared[1] < 0 else {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: "input shape \(declared) is not [1, 3, height, width]")
            }
            return [1, 3, declared[2] > 0 ? declared[2] : 640, declared[3] > 0 ? declared[3] : 640]
        }
        guard network.outputCount >= 1 else { throw NeuralDetectionError.unusableModel(path: modelPath, reason: "the model has no output") }
        // The layout (and, without names, the class count) is read from a first inference's output shape.
        // A model with an 8-bit input takes the pixels' 0...255 values as they are; a float one, 0...1.
        input = ImageInputBuffer(format: ImageInputFormat(width: network.inputShape[3], height: network.inputShape[2],
                                                          layout: .channelsFirst, scale: network.takesBytes ? 1 : 1 / 255, padding: 114),
                                 takesBytes: network.takesBytes)
        let shape = try Self.run(network, on: input) { $0[0].shape }
        guard let layout = YOLOOutputLayout(shape: shape, classCount: declaredNames?.count) else {
            if declaredNames == nil {
                let named = sparseNames.map { "its names metadata skips class numbers (it names \(Self.numbersText($0.keys)))" }
                    ?? "its metadata has no class names"
                throw NeuralDetectionError.unusableModel(
                    path: modelPath, reason: "\(named), and its output shape \(shape) does not tell how many classes it has; give --class-names FILE (one name per line)")
            }
            throw NeuralDetectionError.unusableModel(
                path: modelPath, reason: "output shape \(shape) is neither [1, N, 5+C] nor [1, 4+C, N]"
                    + (declaredNames.map { " for \($0.count) class names" } ?? ""))
        }
        if let sparseNames, let highest = sparseNames.keys.max(), highest >= layout.classCount {
            throw NeuralDetectionError.unusableModel(
                path: modelPath, reason: "its names metadata names class \(highest), but its output shape \(shape) has \(layout.classCount) classes; give --class-names FILE (one name per line)")
        }
        classNames = declaredNames ?? (0..<layout.classCount).map { sparseNames?[$0] ?? "class \($0)" }
        if let keeping {
            var indices = Set<Int>()
            for name in keeping {
                guard let index = classNames.firstIndex(of: name) else {
                    throw DetectionError.invalidParameters("\(modelPath) has no class '\(name)'")
                }
                indices.insert(index)
            }
            keptClasses = indices
        } else {
            keptClasses = nil
        }
        self.minimumScore = minimumScore
        self.suppressionOverlap = suppressionOverlap
    }

    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("the frame is empty") }
        lock.lock()
        defer { lock.unlock() }
        let placement = input.fill(from: frame, region: frame.bounds, letterbox: true)
        let names = classNames, classes = keptClasses, minimumScore = minimumScore, path = network.path
        let found = try Self.run(network, on: input) { outputs -> [Detection] in
            guard let layout = YOLOOutputLayout(shape: outputs[0].shape, classCount: names.count) else {
                throw NeuralDetectionError.inferenceFailed(path: path, reason: "unexpected output shape \(outputs[0].shape)")
            }
            return layout.decode(outputs[0].values, minimumScore: minimumScore, classes: classes).compactMap { candidate in
                let box = placement.frameBox(PixelRect(x: Double(candidate.centerX - candidate.width / 2),
                                                       y: Double(candidate.centerY - candidate.height / 2),
                                                       width: Double(candidate.width), height: Double(candidate.height)))
                guard let clipped = box.clipped(toWidth: frame.width, height: frame.height), clipped.isValid else { return nil }
                return Detection(box: clipped, score: min(1, candidate.score), label: names[candidate.classIndex])
            }
        }
        var kept: [Detection] = []
        for label in Set(found.compactMap(\.label)) {
            kept += NonMaximumSuppression.apply(found.filter { $0.label == label }, overlap: suppressionOverlap)
        }
        return kept.sorted { $0.score > $1.score }
    }

    /// `0, 5, 7` for at most five numbers, else the first five and how many more.
    private static func numbersText(_ numbers: Dictionary<Int, String>.Keys) -> String {
        let sorted = numbers.sorted()
        let shown = sorted.prefix(5).map(String.init).joined(separator: ", ")
        return sorted.count > 5 ? shown + " and \(sorted.count - 5) more" : shown
    }

    /// Runs `network` on the input's bytes or floats, whichever the model takes.
    private static func run<Result>(_ network: NeuralNetwork, on input: ImageInputBuffer,
                                    read: ([NetworkOutput]) throws -> Result) throws -> Result {
        network.takesBytes ? try network.run(&input.bytes, read: read) : try network.run(&input.floats, read: read)
    }
}
