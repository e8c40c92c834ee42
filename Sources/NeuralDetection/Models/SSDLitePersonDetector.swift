import Detection
import Foundation
import Imaging

/// Finds people with the packaged SSDLite-MobileNetV2 pedestrian model (300x300 input).
///
/// Without hints the frame is searched in squares of its full height (two passes for 4:3, three for
/// 16:9, so the network sees people undistorted). Only when those find nobody, or find people shorter
/// than ``tilingHeightFraction`` of the frame (so smaller ones may be missed), is it also searched
/// whole (squeezed into the network's square) and in overlapping tiles of ``tileFraction`` of its
/// shorter side (a 720p frame has 12 tiles of 432 px): only the tiles where these coarse passes saw
/// something small and person-like, however faint (``tileCandidateScore``), so that empty ground
/// costs nothing. A detection cut by its square's edge inside the frame is dropped (an overlapping
/// square sees that person whole), and all passes are merged by non-maximum suppression. Where
/// people are large (TUD-Campus and TUD-Stadtmitte: 100 to 300 px tall at 480p) the small tiles
/// found few more people and many parts of people (docs/mot.md). With hints
/// (the tracks' boxes) only a square window around each hint is searched, ``hintWindowScale`` times
/// the hint's longer side, so a person of the hint's size fills a good part of the network's input;
/// this is how re-seeding stays cheap.
///
///     let people = try SSDLitePersonDetector()
///     for person in try people.detect(in: frame) where person.score > 0.5 { print(person.box) }
///
/// Boxes are pixels, top-left origin; scores are the network's class probability (0...1).
public final class SSDLitePersonDetector: Detector, @unchecked Sendable {
    /// Side of a tile as a fraction of the frame's shorter side; 1 searches the whole frame only.
    public let tileFraction: Double
    /// Overlap (IoU) above which the lower-scoring of two detections is dropped.
    public let suppressionOverlap: Double
    /// Detections below this score are not reported.
    public let minimumScore: Float
    /// Side of the window searched around a hint, in multiples of the hint's longer side (at least 150 px).
    public let hintWindowScale: Double
    /// A tile is searched only where the coarse passes (full-height squares and the whole frame)
    /// saw something person-like at this score or more, shorter than ``tilingHeightFraction`` of the
    /// frame, with its centre inside the tile: a small person the coarse passes see faintly is then
    /// looked at closely, and tiles of empty ground are skipped. Nil searches every tile.
    public let tileCandidateScore: Float?
    private let network: NeuralNetwork
    private let input: ImageInputBuffer
    private let lock = NSLock()

    /// Loads the packaged model. Throws ``NeuralDetectionError`` when the runtime or the model is missing.
    public init(tileFraction: Double = 0.6, hintWindowScale: Double = 4, suppressionOverlap: Double = 0.45,
                minimumScore: Float = 0.3, tileCandidateScore: Float? = 0.05) throws {
        let path = try PackagedModel.person.installedPath()
        network = try NeuralNetwork(modelPath: path) { _ in [1, 300, 300, 3] }
        guard network.outputCount == 4 else {
            throw NeuralDetectionError.unusableModel(path: path, reason: "expected the 4 outputs of a TensorFlow SSD graph")
        }
        input = ImageInputBuffer(format: ImageInputFormat(width: 300, height: 300, layout: .channelsLast), takesBytes: network.takesBytes)
        self.tileFraction = tileFraction
        self.suppressionOverlap = suppressionOverlap
        self.minimumScore = minimumScore
        self.hintWindowScale = hintWindowScale
        self.tileCandidateScore = tileCandidateScore
    }

    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("the frame is empty") }
        lock.lock()
        defer { lock.unlock() }
        guard hints.isEmpty else {
            let windows = Self.windows(around: hints, scale: hintWindowScale, width: frame.width, height: frame.height)
            return NonMaximumSuppression.apply(try windows.flatMap { try detect(in: frame, region: $0) }, overlap: suppressionOverlap)
        }
        // A person cut by a square's edge inside the frame is found whole by an overlapping square:
        // the cut part would be a false detection.
        func search(_ squares: [PixelRect], minimumScore: Float) throws -> [Detection] {
            try squares.flatMap { square in
                try detect(in: frame, region: square, minimumScore: minimumScore)
                    .filter { !Self.isCut($0.box, by: square, width: frame.width, height: frame.height) }
            }
        }
        // The coarse passes keep their faint detections too: they say where small people may be.
        let candidateScore = min(minimumScore, tileCandidateScore ?? minimumScore)
        let smallHeight = Self.tilingHeightFraction * Double(frame.height)
        var found = try search(Self.squares(width: frame.width, height: frame.height, sideFraction: 1), minimumScore: candidateScore)
        let smallest = found.filter { $0.score >= 0.5 }.map(\.box.height).min()
        if tileFraction < 1, (smallest ?? 0) < smallHeight {
            found += try search([frame.bounds], minimumScore: candidateScore)
            let small = found.filter { $0.box.height < smallHeight }
            let tiles = Self.squares(width: frame.width, height: frame.height, sideFraction: tileFraction).filter { tile in
                tileCandidateScore == nil || small.contains { tile.contains(x: $0.box.centerX, y: $0.box.centerY) }
            }
            found += try search(tiles, minimumScore: minimumScore)
        }
        return NonMaximumSuppression.apply(found.filter { $0.score >= minimumScore }, overlap: suppressionOverlap)
    }

    /// The network's boxes are wider than people as MOTChallenge boxes them: 1.15 and 1.26 times
    /// the ground truth's width (median over detections matched at IoU ≥ 0.3 on TUD-Campus and
    /// TUD-Stadtmitte, whole-frame pass, squashed or letterboxed alike), heights within 3%. Widths
    /// are scaled about the centre by the inverse of the pooled median, 1.22; see docs/mot.md.
    static let widthCorrection = 1 / 1.22

    /// Tiles are searched when the whole-frame pass's shortest confident person (score ≥ 0.5) is
    /// shorter than this fraction of the frame's height, or when it finds nobody.
    public static let tilingHeightFraction = 0.2

    /// True when `box` touches (within 2 px) an edge of `region` that lies inside the frame.
    static func isCut(_ box: PixelRect, by region: PixelRect, width: Int, height: Int) -> Bool {
        let margin = 2.0
        return (region.x > 0 && box.x <= region.x + margin)
            || (region.y > 0 && box.y <= region.y + margin)
            || (region.maxX < Double(width) && box.maxX >= region.maxX - margin)
            || (region.maxY < Double(height) && box.maxY >= region.maxY - margin)
    }

    /// Overlapping squares covering the frame (pixels, top-left origin), of side `sideFraction` of
    /// its shorter side, overlapping by at least a fifth: for `sideFraction` 1, two squares of the
    /// frame's full height for 4:3 and three for 16:9 (one pass each, the picture undistorted).
    /// The side is at least ``longestSideDivisor``-th of the longer side, so a frame far longer than
    /// high (or the reverse) is searched in at most about 10 regions along it, cut to the frame
    /// (a 4000x16 frame in 500x16 strips): the number of passes does not grow with the aspect ratio.
    public static func squares(width: Int, height: Int, sideFraction: Double) -> [PixelRect] {
        let side = max(Double(min(width, height)) * min(1, max(0.1, sideFraction)),
                       Double(max(width, height)) / longestSideDivisor)
        func starts(_ length: Double) -> [Double] {
            guard length > side else { return [0] }
            let count = max(2, Int((length / (side * 0.8)).rounded(.up)))
            return (0..<count).map { Double($0) * (length - side) / Double(count - 1) }
        }
        let regionWidth = min(side, Double(width)), regionHeight = min(side, Double(height))
        return starts(Double(height)).flatMap { y in
            starts(Double(width)).map { x in PixelRect(x: x, y: y, width: regionWidth, height: regionHeight) }
        }
    }

    /// The squares' side is at least the frame's longer side divided by this. Frames up to 8:1
    /// (full-height squares) and 4.8:1 (tiles) are unaffected.
    public static let longestSideDivisor = 8.0

    /// A square window around each valid hint, inside the frame. Two windows whose union fits in a
    /// square at most 1.5 times the larger one's side are searched as that one window (people
    /// walking together cost one pass, and still fill a good part of the network's input).
    public static func windows(around hints: [PixelRect], scale: Double, width: Int, height: Int) -> [PixelRect] {
        let shorter = Double(min(width, height))
        func square(centerX: Double, centerY: Double, side: Double) -> PixelRect {
            let side = min(shorter, side)
            return PixelRect(x: min(max(0, centerX - side / 2), Double(width) - side),
                             y: min(max(0, centerY - side / 2), Double(height) - side), width: side, height: side)
        }
        var windows: [PixelRect] = []
        for hint in hints where hint.isValid && hint.centerX.isFinite && hint.centerY.isFinite {
            var window = square(centerX: hint.centerX, centerY: hint.centerY, side: max(150, scale * max(hint.width, hint.height)))
            // Merge with earlier windows while the union stays compact.
            var merged = true
            while merged {
                merged = false
                for (index, other) in windows.enumerated() {
                    let left = min(window.x, other.x), top = min(window.y, other.y)
                    let side = max(max(window.maxX, other.maxX) - left, max(window.maxY, other.maxY) - top)
                    guard side <= 1.5 * max(window.width, other.width) else { continue }
                    window = square(centerX: left + side / 2, centerY: top + side / 2, side: side)
                    windows.remove(at: index)
                    merged = true
                    break
                }
            }
            windows.append(window)
        }
        return windows
    }

    /// Outputs of the TensorFlow object-detection graph: boxes `[1, N, 4]` as (ymin, xmin, ymax, xmax)
    /// in 0...1 of the input, classes `[1, N]`, scores `[1, N]`, count `[1]`. Scores are sorted in
    /// decreasing order within 0...1; the person class (1) fills its output with ones, so of the
    /// outputs that look like scores the one with the smallest sum is taken.
    private func detect(in frame: ImageFrame, region: PixelRect, minimumScore: Float? = nil) throws -> [Detection] {
        let placement = input.fill(from: frame, region: region, letterbox: false)
        let minimumScore = minimumScore ?? self.minimumScore
        let path = network.path
        let run: ([NetworkOutput]) throws -> [Detection] = { outputs in
            guard let boxes = outputs.first(where: { $0.shape.count == 3 && $0.shape.last == 4 }) else {
                throw NeuralDetectionError.unusableModel(path: path, reason: "no [1, N, 4] box output")
            }
            let count = boxes.shape[1]
            let candidates = outputs.filter { $0.shape == [1, count] }
            guard let scores = candidates.filter({ Self.looksLikeScores($0.values) })
                .min(by: { $0.values.reduce(0, +) < $1.values.reduce(0, +) }) else {
                throw NeuralDetectionError.unusableModel(path: path, reason: "no score output")
            }
            var result: [Detection] = []
            for i in 0..<count where scores.values[i] >= minimumScore {
                let top = Double(boxes.values[4 * i]), left = Double(boxes.values[4 * i + 1])
                let bottom = Double(boxes.values[4 * i + 2]), right = Double(boxes.values[4 * i + 3])
                let raw = placement.frameBox(PixelRect(x: left * 300, y: top * 300, width: (right - left) * 300, height: (bottom - top) * 300))
                let box = raw.resized(width: raw.width * Self.widthCorrection, height: raw.height)
                guard let clipped = box.clipped(toWidth: frame.width, height: frame.height), clipped.isValid else { continue }
                result.append(Detection(box: clipped, score: scores.values[i], label: "person"))
            }
            return result
        }
        return network.takesBytes ? try network.run(&input.bytes, read: run) : try network.run(&input.floats, read: run)
    }

    private static func looksLikeScores(_ values: UnsafeBufferPointer<Float>) -> Bool {
        var previous = Float.infinity
        for value in values {
            guard value >= 0, value <= 1, value <= previous else { return false }
            previous = value
        }
        return true
    }
}
