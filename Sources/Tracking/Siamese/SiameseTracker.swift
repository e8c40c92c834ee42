import Foundation
import Imaging

/// One object followed by a Siamese correlation tracker (SiamFC's idea with NanoTrack's networks):
/// the object's box with context is embedded once, at the network's template size, when the
/// tracker starts; on each frame a larger crop around where the object should be is embedded and
/// correlated with it by the network's head, and ``SiameseBoxDecoder`` picks the cell and box it
/// believes, with a penalty on sudden changes of scale and shape and a window against jumps. The
/// box's size follows the head's at a rate set by how sure the head is.
///
///     let tracker = try SiameseTracker(frame: first, box: box, network: nanoTrack, settings: .authorsV2)
///     let estimate = tracker.update(on: next)
///
/// Needs colour frames. Pixels, top-left origin.
public final class SiameseTracker: ObjectTracker {
    public private(set) var box: PixelRect
    private let network: SiameseNetwork
    private let settings: SiameseSettings
    private let frameWidth: Int, frameHeight: Int
    /// The object's centre and size, frame pixels (sub-pixel).
    private var centreX: Float, centreY: Float, width: Float, height: Float
    /// The colour outside the picture, with the authors' convention (the first frame's mean).
    private let firstFramePad: SIMD3<Int32>
    private var templateFeatures: [Float]
    private var searchCrop: [Float]
    private var searchSampler: SiameseCropSampler
    private var response: SiameseResponse
    private var decoder: SiameseBoxDecoder
    private let confidenceModel: ConfidenceModel
    private var sceneContrast: SceneContrast
    /// The first box's size (sqrt of its area), for the size-change cue.
    private let firstSize: Float
    /// Running average of the chosen cell's score on frames with a fix, for the peak-ratio cue (nil before the first).
    private var averageScore: Float?
    private var framesWithoutFix = 0

    /// Starts on `frame` (which must have `rgb`) at `box` (pixels, top-left origin, inside the frame);
    /// `confidenceModel` turns each frame's ``TrackingEvidence`` into the reported confidence. Throws ``TrackingError/colourRequired`` without colour, ``TrackingError/invalidObservation(_:)``
    /// for an empty box, and the network's error when the template cannot be embedded.
    public init(frame: ImageFrame, box: PixelRect, network: SiameseNetwork, settings: SiameseSettings,
                confidenceModel: ConfidenceModel) throws {
        guard let rgb = frame.rgb else { throw TrackingError.colourRequired }
        guard box.isValid, box.width >= 1, box.height >= 1 else {
            throw TrackingError.invalidObservation("box \(box) is smaller than a pixel")
        }
        self.network = network
        self.settings = settings
        self.confidenceModel = confidenceModel
        sceneContrast = SceneContrast(box: box)
        firstSize = Float((box.width * box.height).squareRoot())
        frameWidth = frame.width
        frameHeight = frame.height
        let start = settings.convention == .openCVTrackerNano
            ? PixelRect(x: box.x.rounded(), y: box.y.rounded(), width: box.width.rounded(), height: box.height.rounded())
            : box
        self.box = start
        width = Float(start.width)
        height = Float(start.height)
        switch settings.convention {
        case .openCVTrackerNano:
            centreX = Float(start.x) + width * 0.5
            centreY = Float(start.y) + height * 0.5
        case .authors:
            centreX = Float(start.x) + (width - 1) / 2
            centreY = Float(start.y) + (height - 1) / 2
        }
        let mean = SiameseCropSampler.meanColour(of: rgb)
        firstFramePad = SIMD3(Int32(mean.x), Int32(mean.y), Int32(mean.z))
        templateFeatures = [Float](repeating: 0, count: network.templateFeatureCount)
        searchCrop = [Float](repeating: 0, count: 3 * network.searchSide * network.searchSide)
        searchSampler = SiameseCropSampler(outputSide: network.searchSide)
        response = SiameseResponse(side: network.responseSide)
        decoder = SiameseBoxDecoder(side: network.responseSide, stride: network.stride, settings: settings)

        let contextSum = settings.contextAmount * (width + height)
        let exact = ((width + contextSum) * (height + contextSum)).squareRoot()
        let side = settings.convention == .openCVTrackerNano ? Int(exact) : Int(exact.rounded())
        var templateSampler = SiameseCropSampler(outputSide: network.templateSide)
        var templateCrop = [Float](repeating: 0, count: 3 * network.templateSide * network.templateSide)
        let origin = cropOrigin(side: max(1, side))
        templateCrop.withUnsafeMutableBufferPointer { crop in
            templateSampler.sample(rgb, originX: origin.x, originY: origin.y, side: max(1, side), pad: pad(for: rgb),
                                   bgr: settings.convention == .authors, into: crop)
        }
        try templateCrop.withUnsafeMutableBufferPointer { crop in
            try templateFeatures.withUnsafeMutableBufferPointer { features in
                try network.embedTemplate(crop, into: features)
            }
        }
    }

    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double), sceneChange: SceneChange?) -> TrackerEstimate {
        guard let rgb = frame.rgb, frame.width == frameWidth, frame.height == frameHeight else {
            return TrackerEstimate(box: box.clipped(toWidth: frame.width, height: frame.height) ?? box, confidence: 0)
        }
        centreX += Float(cameraShift.dx)
        centreY += Float(cameraShift.dy)
        let opencv = settings.convention == .openCVTrackerNano
        // OpenCV sums the sides as a whole number before adding the context; the authors do not.
        let sideSum = opencv ? (width + height).rounded(.towardZero) : width + height
        let contextSum = settings.contextAmount * sideSum
        let templateExtent = ((width + contextSum) * (height + contextSum)).squareRoot()
        let scale = Float(network.templateSide) / templateExtent
        let searchExtent = opencv
            ? templateExtent * Float(network.searchSide / network.templateSide)
            : templateExtent * Float(network.searchSide) / Float(network.templateSide)
        let side = max(1, opencv ? Int(searchExtent) : Int(searchExtent.rounded()))
        let origin = cropOrigin(side: side)
        let padColour = pad(for: rgb)
        searchCrop.withUnsafeMutableBufferPointer { crop in
            searchSampler.sample(rgb, originX: origin.x, originY: origin.y, side: side, pad: padColour,
                                 bgr: !opencv, into: crop)
        }
        do {
            try templateFeatures.withUnsafeMutableBufferPointer { features in
                try searchCrop.withUnsafeMutableBufferPointer { crop in
                    try network.respond(template: features, search: crop, into: &response)
                }
            }
        } catch {
            return TrackerEstimate(box: box.clipped(toWidth: frameWidth, height: frameHeight) ?? box, confidence: 0)
        }
        let previousSize = (width * height).squareRoot()
        let targetWidth = width * scale, targetHeight = height * scale
        let reference = opencv ? SiameseBoxDecoder.paddedSize(centreX, centreY)
                               : SiameseBoxDecoder.paddedSize(targetWidth, targetHeight)
        let candidate = decoder.decode(response, targetWidth: targetWidth, targetHeight: targetHeight, scaleReference: reference)
        let rate = candidate.penalty * candidate.score * settings.sizeLearningRate
        let newWidth = candidate.width / scale * rate + (1 - rate) * width
        let newHeight = candidate.height / scale * rate + (1 - rate) * height
        width = min(max(newWidth, 10), Float(frameWidth))
        height = min(max(newHeight, 10), Float(frameHeight))
        let marginX = settings.followsOutOfFrame ? width / 2 : 0, marginY = settings.followsOutOfFrame ? height / 2 : 0
        centreX = min(max(centreX + candidate.dx / scale, -marginX), Float(frameWidth) + marginX)
        centreY = min(max(centreY + candidate.dy / scale, -marginY), Float(frameHeight) + marginY)
        box = opencv
            ? PixelRect(x: Double(Int(centreX - width / 2)), y: Double(Int(centreY - height / 2)),
                        width: Double(Int(width)), height: Double(Int(height)))
            : PixelRect(x: Double(centreX - width / 2), y: Double(centreY - height / 2), width: Double(width), height: Double(height))
        let displacement = (candidate.dx * candidate.dx + candidate.dy * candidate.dy).squareRoot() / scale
        let (clipped, evidence) = measureEvidence(candidate, displacement: displacement, previousSize: previousSize,
                                                  sceneChange: sceneChange)
        return TrackerEstimate(box: clipped, evidence: evidence, model: confidenceModel)
    }

    /// The box as reported (clipped to the frame) and the cues of the confidence: the object map's
    /// peak-to-sidelobe ratio, the chosen score against its running average, the head's probability
    /// as the fix decision, the jump in object sizes, the size's change since the start, the share of
    /// the box in the picture and how the box moves and changes against the scene.
    private func measureEvidence(_ candidate: SiameseBoxDecoder.Candidate, displacement: Float, previousSize: Float,
                                 sceneChange: SceneChange?) -> (PixelRect, TrackingEvidence) {
        let inside = box.clipped(toWidth: frameWidth, height: frameHeight)
        let clipped = inside ?? PixelRect(x: Double(min(max(centreX, 0), Float(frameWidth - 1))),
                                          y: Double(min(max(centreY, 0), Float(frameHeight - 1))), width: 1, height: 1)
        let area = box.width * box.height
        let visible = inside.map { area > 0 ? min(1, $0.width * $0.height / area) : 0 } ?? 0
        let contrast = sceneContrast.measure(box: clipped, sceneChange: sceneChange)
        let peakRatio = averageScore.map { $0 > 0 ? min(candidate.score / $0, 4) : 1 } ?? 1
        let hasFix = candidate.score > 0.5
        if hasFix {
            averageScore = averageScore.map { $0 + Self.scoreAveraging * (candidate.score - $0) } ?? candidate.score
            framesWithoutFix = 0
        } else {
            framesWithoutFix += 1
        }
        let size = (width * height).squareRoot()
        let evidence = TrackingEvidence(
            sharpness: max(0, candidate.sharpness), peakRatio: peakRatio, firstAgreement: 1, smoothedAgreement: 1,
            fixConfidence: candidate.score, framesWithoutFix: framesWithoutFix,
            jump: previousSize > 0 ? displacement / previousSize : 0,
            sizeChange: firstSize > 0 && size > 0 ? abs(log(size / firstSize)) : 0, visibleFraction: Float(visible),
            colourContrast: 0, motionAgainstScene: contrast.motion, sceneChange: contrast.change,
            smoothedSceneChange: contrast.smoothedChange)
        return (clipped, evidence)
    }

    /// Weight of each fixed frame in the running average of the chosen cell's score.
    private static let scoreAveraging: Float = 0.1

    /// Top-left pixel of a `side` square centred on the object, by the convention's rounding.
    private func cropOrigin(side: Int) -> (x: Int, y: Int) {
        switch settings.convention {
        case .openCVTrackerNano:
            let half = (side + 1) / 2
            return (Int(centreX) - half, Int(centreY) - half)
        case .authors:
            let half = Float(side + 1) / 2
            return (Int((centreX - half + 0.5).rounded(.down)), Int((centreY - half + 0.5).rounded(.down)))
        }
    }

    /// The colour outside the picture: OpenCV's current-frame mean (rounded), or the first frame's (truncated).
    private func pad(for rgb: Image<UInt8>) -> SIMD3<Int32> {
        guard settings.convention == .openCVTrackerNano else { return firstFramePad }
        let mean = SiameseCropSampler.meanColour(of: rgb)
        return SIMD3(Int32(mean.x.rounded()), Int32(mean.y.rounded()), Int32(mean.z.rounded()))
    }
}
