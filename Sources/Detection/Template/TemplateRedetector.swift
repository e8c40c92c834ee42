import Foundation
import Imaging

/// Finds one particular object again from its appearance: the default re-detector for any object
/// the user boxed. Make one per track.
///
/// It keeps grey templates of the object, resampled to about ``Parameters/templateSide`` squared
/// pixels: the first one learned (kept for good) and a few recent confident ones (so it still
/// recognises an object whose appearance changed). A search resamples the frame by the same
/// factor for several object sizes around the reference size, computes the normalised
/// cross-correlation (NCC) with the templates through FFTs, and returns the best peaks after
/// non-maximum suppression. Near a hint every template is tried; the wider search looks for the
/// object as first seen only (the first template), the one appearance a track may be moved to a
/// far candidate by, at a quarter of the cost.
///
///     let redetector = TemplateRedetector()
///     try redetector.learn(from: firstFrame, box: userBox, confidence: 1)
///     ...
///     let found = try redetector.detect(in: frame, near: [trackBox])
///     if let best = found.first, best.score > 0.5 { /* re-seed at best.box */ }
///
/// Scores map the normalised cross-correlation `ncc` (-1...1, the best over the templates) to
/// `(ncc - 0.2) / 0.8` clamped to 0...1: 1 means the frame patch equals a template up to brightness
/// and contrast, 0 an NCC of 0.2 or less (what unrelated texture reaches by chance); above 0.5
/// (an NCC above 0.6) is a confident match.
/// Calls on one instance are serialised.
public final class TemplateRedetector: Detector {
    public struct Parameters: Sendable {
        /// Template grids hold about `templateSide²` pixels (long side at most twice this; objects
        /// smaller than that are not enlarged). Limited to 8...128.
        public var templateSide = 32
        /// Recent templates kept besides the first one.
        public var recentTemplateCount = 3
        /// Confidence a `learn` call needs to add a recent template (the first call always learns).
        public var learningConfidence: Float = 0.6
        /// Confident `learn` calls between two recent templates (1: every confident call).
        public var learningInterval = 10
        /// Object sizes tried, relative to the reference size (hint's size, else the last learned box's).
        public var scales: [Double] = [1 / 1.21, 1 / 1.1, 1, 1.1, 1.21]
        /// Near search: each hint grown on every side by this many times its longer side.
        public var searchMargin = 1.0
        /// A near search whose best score reaches this skips the whole-frame search.
        public var confidentScore: Float = 0.5
        /// Candidates scoring below this are dropped.
        public var minimumScore: Float = 0.1
        /// Cap on the resampled search area, pixels; a larger frame is searched with smaller templates.
        public var maximumSearchPixels = 120_000
        /// Most detections returned.
        public var maximumDetections = 5

        public init() {}
    }

    private struct StoredTemplate {
        /// Template grid values (grey levels), `gridWidth * gridHeight`.
        let pixels: [Float]
        /// The same values with their mean removed, made once when the template is learned.
        let zeroMean: ZeroMeanTemplate
        var usable: Bool { zeroMean.norm > 0 }
    }

    public let parameters: Parameters
    public let label: String?

    private let lock = NSLock()
    private var gridWidth = 0
    private var gridHeight = 0
    private var first: StoredTemplate?
    private var recent: [StoredTemplate] = []
    private var confidentCallsSinceStored = 0
    private var lastBox: PixelRect?
    private var resampler = AreaResampler()
    private var search: CorrelationSearch
    private var finestImage: [Float] = []
    private var searchImage: [Float] = []

    /// Makes an empty re-detector. The first searches in a process plan their FFT sizes; later ones
    /// reuse the plans.
    public init(parameters: Parameters = Parameters(), label: String? = nil) {
        self.parameters = parameters
        self.label = label
        search = CorrelationSearch()
    }

    /// ``Parameters/templateSide`` limited to 8...128 pixels.
    private static func templateSide(_ parameters: Parameters) -> Int {
        min(max(parameters.templateSide, 8), 128)
    }

    /// Templates held (first + recent).
    public var templateCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return (first == nil ? 0 : 1) + recent.count
    }

    /// Box (pixels, top-left origin) of the last learned appearance, `nil` before the first `learn`.
    public var lastLearnedBox: PixelRect? {
        lock.lock()
        defer { lock.unlock() }
        return lastBox
    }

    /// Learns the object's appearance inside `box` (pixels, top-left origin) on `frame`.
    ///
    /// The first call always learns and fixes the template grid's aspect ratio; later calls add a
    /// recent template when `confidence` (0...1, the tracker's) reaches ``Parameters/learningConfidence``
    /// and ``Parameters/learningInterval`` confident calls have passed, replacing the oldest one.
    /// A flat (textureless) patch is kept but never matches.
    /// Throws ``DetectionError/invalidBox(_:)`` when the box is not finite, or less than 4 pixels
    /// wide or high after clipping to the frame.
    public func learn(from frame: ImageFrame, box: PixelRect, confidence: Float) throws {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("empty frame") }
        guard box.isValid, let clipped = box.clipped(toWidth: frame.width, height: frame.height),
              clipped.width >= 4, clipped.height >= 4 else {
            throw DetectionError.invalidBox("\(box) is empty, not finite or outside the \(frame.width)x\(frame.height) frame")
        }
        lock.lock()
        defer { lock.unlock() }
        if first == nil {
            // About side x side pixels of template whatever the aspect ratio, the long side at most
            // twice `side`; small objects are not enlarged.
            let side = Double(Self.templateSide(parameters))
            let factor = min(1, side / (clipped.width * clipped.height).squareRoot(), 2 * side / max(clipped.width, clipped.height))
            gridWidth = max(4, Int((clipped.width * factor).rounded()))
            gridHeight = max(4, Int((clipped.height * factor).rounded()))
            first = extractTemplate(frame.luma, box: clipped)
            lastBox = clipped
            return
        }
        guard confidence >= parameters.learningConfidence else { return }
        confidentCallsSinceStored += 1
        lastBox = clipped
        guard confidentCallsSinceStored >= max(1, parameters.learningInterval) else { return }
        confidentCallsSinceStored = 0
        recent.append(extractTemplate(frame.luma, box: clipped))
        if recent.count > max(0, parameters.recentTemplateCount) { recent.removeFirst(recent.count - max(0, parameters.recentTemplateCount)) }
    }

    /// Searches near each hint first with every template (the hint grown by ``Parameters/searchMargin``
    /// times its longer side on every side, object sizes around the hint's size); when no candidate
    /// there reaches ``Parameters/confidentScore``, searches the whole frame too, with the first
    /// template. Without hints, searches the whole frame around the last learned size. Returns an
    /// empty array before the first `learn`.
    public func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
        try detect(in: frame, near: hints, within: frame.bounds)
    }

    /// ``detect(in:near:)`` with the wider search limited to `area` (pixels, top-left origin,
    /// clipped to the frame): the places the object can be. Nothing is searched when `area` lies
    /// outside the frame.
    public func detect(in frame: ImageFrame, near hints: [PixelRect], within area: PixelRect) throws -> [Detection] {
        guard frame.width > 0, frame.height > 0 else { throw DetectionError.invalidFrame("empty frame") }
        lock.lock()
        defer { lock.unlock() }
        guard let lastBox, first != nil else { return [] }
        let validHints = hints.filter { $0.isValid && $0.clipped(toWidth: frame.width, height: frame.height) != nil }
        var candidates: [Detection] = []
        for hint in validHints {
            let margin = 2 * parameters.searchMargin * max(hint.width, hint.height)
            let region = hint.resized(width: hint.width + margin, height: hint.height + margin)
            if let clipped = region.clipped(toWidth: frame.width, height: frame.height) {
                candidates += searchRegion(frame.luma, region: clipped, reference: hint, firstOnly: false)
            }
        }
        let bestNear = candidates.map(\.score).max() ?? 0
        if bestNear < parameters.confidentScore, area.isValid, let wide = area.clipped(toWidth: frame.width, height: frame.height) {
            let reference = validHints.first ?? lastBox
            candidates += searchRegion(frame.luma, region: wide, reference: reference, firstOnly: true)
        }
        return NonMaximumSuppression.apply(candidates, overlap: 0.3, limit: max(0, parameters.maximumDetections))
    }

    /// How much the patch inside `box` (pixels, top-left origin) looks like the object as first
    /// learned, on the same 0...1 scale as detection scores (NCC mapped as in the type's summary):
    /// the evidence that a candidate is the same object and not a look-alike that resembles only a
    /// recent appearance. 0 before the first `learn`, for a box outside the frame or a flat patch.
    public func firstAppearanceAgreement(in frame: ImageFrame, box: PixelRect) -> Float {
        lock.lock()
        defer { lock.unlock() }
        guard let first, first.usable, box.isValid,
              let clipped = box.clipped(toWidth: frame.width, height: frame.height),
              clipped.width >= 1, clipped.height >= 1 else { return 0 }
        var pixels = [Float](repeating: 0, count: gridWidth * gridHeight)
        resample(frame.luma, region: box, width: gridWidth, height: gridHeight, into: &pixels)
        let patch = ZeroMeanTemplate(width: gridWidth, height: gridHeight, pixels: pixels)
        let reference = first.zeroMean
        guard patch.norm > 0 else { return 0 }
        var dot: Float = 0
        for i in 0..<patch.values.count { dot += patch.values[i] * reference.values[i] }
        return Self.score(correlation: dot / (patch.norm * reference.norm))
    }

    // MARK: Learning

    private func extractTemplate(_ luma: Image<UInt8>, box: PixelRect) -> StoredTemplate {
        var pixels = [Float](repeating: 0, count: gridWidth * gridHeight)
        resample(luma, region: box, width: gridWidth, height: gridHeight, into: &pixels)
        return StoredTemplate(pixels: pixels, zeroMean: ZeroMeanTemplate(width: gridWidth, height: gridHeight, pixels: pixels))
    }

    private func resample(_ luma: Image<UInt8>, region: PixelRect, width: Int, height: Int, into output: inout [Float]) {
        luma.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { out in
                resampler.resample(sourceWidth: luma.width, sourceHeight: luma.height,
                                   region: (region.x, region.y, region.width, region.height),
                                   outputWidth: width, outputHeight: height, output: out) { Float(source[$0]) }
            }
        }
    }

    // MARK: Search

    /// Templates on a grid shrunk by `shrink` (<= 1), mean removed: the first one only, or all.
    private func templates(shrink: Double, firstOnly: Bool) -> [ZeroMeanTemplate] {
        let width = max(6, Int((Double(gridWidth) * shrink).rounded()))
        let height = max(6, Int((Double(gridHeight) * shrink).rounded()))
        let stored = ([first].compactMap { $0 } + (firstOnly ? [] : recent)).filter(\.usable)
        return stored.map { template in
            guard width != gridWidth || height != gridHeight else { return template.zeroMean }
            var pixels = [Float](repeating: 0, count: width * height)
            template.pixels.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { out in
                    resampler.resample(sourceWidth: gridWidth, sourceHeight: gridHeight,
                                       region: (0, 0, Double(gridWidth), Double(gridHeight)),
                                       outputWidth: width, outputHeight: height, output: out) { source[$0] }
                }
            }
            return ZeroMeanTemplate(width: width, height: height, pixels: pixels)
        }
    }

    /// Normalised cross-correlations up to ``chanceCorrelation`` score 0, then linearly up to 1 at a
    /// perfect match: 0.5 at an NCC of 0.6.
    private static func score(correlation: Float) -> Float {
        min(max((correlation - chanceCorrelation) / (1 - chanceCorrelation), 0), 1)
    }

    /// Correlation that unrelated texture reaches by chance with a template of ~1000 pixels
    /// (peaks over a whole frame, measured on the OTB/VOT sequences in shared/data).
    private static let chanceCorrelation: Float = 0.2

    /// Candidates inside `region` for object sizes around `reference`'s size.
    private func searchRegion(_ luma: Image<UInt8>, region: PixelRect, reference: PixelRect, firstOnly: Bool) -> [Detection] {
        let scales = parameters.scales.filter { $0.isFinite && $0 > 0 }
        guard let smallest = scales.min(), reference.width > 0, reference.height > 0 else { return [] }
        // Grid factor at the smallest object size gives the largest search image; shrink the
        // templates (and so every scale's search image) when it would exceed the cap.
        let largestArea = region.width * Double(gridWidth) / (reference.width * smallest)
            * region.height * Double(gridHeight) / (reference.height * smallest)
        guard largestArea.isFinite else { return [] }
        let shrink = min(1, (Double(max(1, parameters.maximumSearchPixels)) / max(largestArea, 1)).squareRoot())
        let zeroMean = templates(shrink: shrink, firstOnly: firstOnly)
        guard let templateWidth = zeroMean.first?.width, let templateHeight = zeroMean.first?.height else { return [] }
        search.load(zeroMean)
        // Object sizes to try, largest search image (smallest object) first.
        let limit = 4 * Double(max(1, parameters.maximumSearchPixels))
        let sizes: [(width: Int, height: Int)] = scales.sorted().compactMap { scale in
            let width = (region.width * Double(templateWidth) / (reference.width * scale)).rounded()
            let height = (region.height * Double(templateHeight) / (reference.height * scale)).rounded()
            guard width >= Double(templateWidth), height >= Double(templateHeight), width * height <= limit else { return nil }
            return (Int(width), Int(height))
        }
        guard let finest = sizes.first else { return [] }
        // One pass over the frame at the finest grid; coarser grids are resampled from it.
        if finestImage.count < finest.width * finest.height {
            finestImage = [Float](repeating: 0, count: finest.width * finest.height)
        }
        resample(luma, region: region, width: finest.width, height: finest.height, into: &finestImage)
        var found: [Detection] = []
        for size in sizes {
            let count = size.width * size.height
            if searchImage.count < count { searchImage = [Float](repeating: 0, count: count) }
            finestImage.withUnsafeBufferPointer { source in
                searchImage.withUnsafeMutableBufferPointer { out in
                    resampler.resample(sourceWidth: finest.width, sourceHeight: finest.height,
                                       region: (0, 0, Double(finest.width), Double(finest.height)),
                                       outputWidth: size.width, outputHeight: size.height, output: out) { source[$0] }
                }
            }
            let peaks = searchImage.withUnsafeBufferPointer { image in
                search.peaks(in: UnsafeBufferPointer(rebasing: image[0..<count]), width: size.width, height: size.height,
                             minimumScore: parameters.minimumScore * (1 - Self.chanceCorrelation) + Self.chanceCorrelation,
                             perTemplate: 3)
            }
            let unitX = region.width / Double(size.width), unitY = region.height / Double(size.height)
            for peak in peaks {
                let box = PixelRect(x: region.x + peak.x * unitX, y: region.y + peak.y * unitY,
                                    width: Double(templateWidth) * unitX, height: Double(templateHeight) * unitY)
                found.append(Detection(box: box, score: Self.score(correlation: peak.score), label: label))
            }
        }
        return found
    }
}
