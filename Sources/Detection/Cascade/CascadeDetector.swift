import Foundation
import Imaging

/// Finds objects with an OpenCV Haar or LBP cascade, reproducing `CascadeClassifier.detectMultiScale`.
///
/// The frame's luma is scanned over a pyramid (each level the image shrunk by `scaleFactor` more,
/// OpenCV's bilinear resampling, window stride 2 px below scale 2 and 1 px from scale 2), and the
/// window hits are merged like OpenCV's `groupRectangles` (eps 0.2, more than `minimumNeighbours` hits).
/// With default parameters the boxes are those of `detectMultiScale(grey)` with its defaults.
///
///     let faces = try CascadeDetector.named("face")
///     let found = try faces.detect(in: frame)        // boxes in pixels, top-left origin
///
/// An instance keeps scratch buffers between calls; calls on one instance are serialised.
public final class CascadeDetector: Detector {
    /// Scan settings, with OpenCV's `detectMultiScale` defaults.
    public struct Parameters: Sendable {
        /// Size ratio between pyramid levels; must be above 1.
        public var scaleFactor: Double = 1.1
        /// A merged detection needs more than this many window hits; 0 returns raw hits ungrouped.
        public var minimumNeighbours: Int = 3
        /// Smallest object searched (pixels); `nil`: the cascade's window.
        public var minimumSize: (width: Int, height: Int)? = nil
        /// Largest object searched (pixels); `nil`: the frame.
        public var maximumSize: (width: Int, height: Int)? = nil
        /// Threads scanning each pyramid level; 0: one per available core. Results do not depend on it.
        public var threads = 0

        public init() {}
    }

    /// The names `--detector` accepts and the cascade file each stands for.
    public static let knownNames: [String: String] = [
        "face": "haarcascade_frontalface_default.xml",
        "profileface": "haarcascade_profileface.xml",
        "fullbody": "haarcascade_fullbody.xml",
        "upperbody": "haarcascade_upperbody.xml",
    ]

    /// Where `named(_:)` looks for cascade files (Debian's `opencv-data` first).
    public static let cascadeDirectories = [
        "/usr/share/opencv4/haarcascades",
        "/usr/share/opencv/haarcascades",
        "/usr/local/share/opencv4/haarcascades",
    ]

    public let model: CascadeModel
    /// The label given to every detection.
    public let label: String?
    public let parameters: Parameters

    private let lock = NSLock()
    private var resizer = LinearResizer()
    private var level: [UInt8] = []
    private var table: IntegralImage
    private var scanner: CascadeWindowScanner
    private var hits: [IntegerRect] = []

    public init(model: CascadeModel, label: String? = nil, parameters: Parameters = Parameters()) {
        self.model = model
        self.label = label
        self.parameters = parameters
        table = IntegralImage(Image<UInt8>(width: 0, height: 0, repeating: 0),
                              squared: model.featureKind == .haar, tilted: model.hasTiltedFeatures)
        scanner = CascadeWindowScanner(model: model, threads: parameters.threads)
    }

    /// Loads a cascade file; detections are labelled with the file name without `.xml`.
    public convenience init(contentsOf path: String, parameters: Parameters = Parameters()) throws {
        let model = try CascadeModel(contentsOf: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.init(model: model, label: name, parameters: parameters)
    }

    /// Resolves `face`, `profileface`, `fullbody`, `upperbody` (OpenCV's Haar cascades of those
    /// names, found in ``cascadeDirectories``) or a path ending in `.xml`.
    /// Throws ``DetectionError`` naming the file when it is missing or not a valid cascade, or
    /// ``DetectionError/unknownCascadeName(_:)`` for anything else.
    public static func named(_ name: String, parameters: Parameters = Parameters()) throws -> CascadeDetector {
        if let file = knownNames[name] {
            let candidates = cascadeDirectories.map { "\($0)/\(file)" }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw DetectionError.cascadeFileUnreadable(
                    path: candidates[0], reason: "no such file (install Debian's opencv-data, or pass a path to \(file))")
            }
            return CascadeDetector(model: try CascadeModel(contentsOf: path), label: name, parameters: parameters)
        }
        guard name.lowercased().hasSuffix(".xml") else { throw DetectionError.unknownCascadeName(name) }
        return try CascadeDetector(contentsOf: name, parameters: parameters)
    }

    /// Scans the whole frame (a cascade finds every object of its class, so `hints` are not used).
    /// Scores are `hits / (hits + minimumNeighbours + 1)`: 0.5 for the weakest accepted detection,
    /// towards 1 as more overlapping windows agree. Throws ``DetectionError/invalidFrame(_:)`` for an
    /// empty frame and ``DetectionError/invalidParameters(_:)`` for a scale factor that is not above 1;
    /// a frame smaller than the window gives no detections.
    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        let found = try detectRectangles(in: frame.luma)
        let neighbours = Float(max(parameters.minimumNeighbours, 0))
        return found
            .map { item in
                Detection(box: PixelRect(x: Double(item.rect.x), y: Double(item.rect.y),
                                         width: Double(item.rect.width), height: Double(item.rect.height)),
                          score: Float(item.hits) / (Float(item.hits) + neighbours + 1), label: label)
            }
            .sorted { ($0.score, -$0.box.y, -$0.box.x) > ($1.score, -$1.box.y, -$1.box.x) }
    }

    /// The merged boxes (integer pixels, top-left origin, clipped to the image) with the number of
    /// window hits behind each, in no particular order.
    func detectRectangles(in image: Image<UInt8>) throws -> [(rect: IntegerRect, hits: Int)] {
        guard image.width > 0, image.height > 0 else { throw DetectionError.invalidFrame("empty frame") }
        guard image.channels == 1 else { throw DetectionError.invalidFrame("\(image.channels) channels, expected grey") }
        guard parameters.scaleFactor > 1, parameters.scaleFactor.isFinite else {
            throw DetectionError.invalidParameters("scale factor \(parameters.scaleFactor) must be a number above 1")
        }
        lock.lock()
        defer { lock.unlock() }
        hits.removeAll(keepingCapacity: true)
        for scale in pyramidScales(width: image.width, height: image.height) {
            let levelWidth = roundHalfEven(Float(image.width) / scale)
            let levelHeight = roundHalfEven(Float(image.height) / scale)
            guard levelWidth > 0, levelHeight > 0 else { continue }
            if level.count < levelWidth * levelHeight {
                level = [UInt8](repeating: 0, count: levelWidth * levelHeight)
            }
            image.pixels.withUnsafeBufferPointer { source in
                level.withUnsafeMutableBufferPointer { destination in
                    resizer.resize(source, sourceWidth: image.width, sourceHeight: image.height,
                                   into: destination, width: levelWidth, height: levelHeight)
                }
            }
            level.withUnsafeBufferPointer { pixels in
                table.update(from: pixels, width: levelWidth, height: levelHeight, rowLength: levelWidth)
            }
            scanner.scan(table, scale: scale, into: &hits)
        }
        let grouped = RectangleGrouping.group(hits, minimumNeighbours: parameters.minimumNeighbours, eps: 0.2)
        return grouped.compactMap { item in
            let x0 = max(item.rect.x, 0), y0 = max(item.rect.y, 0)
            let x1 = min(item.rect.x + item.rect.width, image.width), y1 = min(item.rect.y + item.rect.height, image.height)
            guard x1 > x0, y1 > y0 else { return nil }
            return (IntegerRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), item.hits)
        }
    }

    /// OpenCV's scale list: 1, f, f², ... while the scaled window fits the image (and the size limits).
    private func pyramidScales(width: Int, height: Int) -> [Float] {
        let maximum = parameters.maximumSize ?? (width, height)
        let minimum = parameters.minimumSize ?? (0, 0)
        var scales: [Float] = []
        var factor = 1.0
        for _ in 0..<10_000 where factor.isFinite {
            let windowWidth = roundHalfEven(Double(model.windowWidth) * factor)
            let windowHeight = roundHalfEven(Double(model.windowHeight) * factor)
            if windowWidth > maximum.width || windowHeight > maximum.height || windowWidth > width || windowHeight > height {
                break
            }
            if windowWidth >= minimum.width && windowHeight >= minimum.height {
                scales.append(Float(factor))
            }
            factor *= parameters.scaleFactor
        }
        return scales
    }
}
