import Foundation
import Imaging
import Numerics

/// The correlation-filter tracker behind both tracking levels, composed of shared pieces:
/// - a multi-channel correlation filter over gradient and colour cells finds the translation in a
///   search window centred where the object's smoothed velocity takes it, optionally with its
///   coefficients constrained to the object's box (``TrackerParameters/filterSupport``) and merged with a
///   colour-histogram response weighted by how distinctive colour is (``TrackerParameters/colourHistogramWeight``);
/// - 1-D filters over resampled boxes find the size and, optionally, the aspect ratio;
/// - the translation response (peak-to-sidelobe ratio and peak height) and, optionally, the
///   response of the model as first learnt give the confidence, discounted for drift while it
///   stays low.
///
/// Models are updated with a learning rate scaled by the confidence and not at all while it is
/// low, so an occluder does not replace the object in the model; while the object is probably
/// gone (confidence <= ``TrackerParameters/holdConfidence``) the box coasts on its damped velocity.
///
///     let tracker = try CorrelationTracker(frame: frame0, box: PixelRect(x: 50, y: 46, width: 25, height: 62),
///                                          parameters: .for(.accurate))
///     for frame in rest { let estimate = tracker.update(on: frame) }
///
/// Speed does not depend on the object's size: the search window is resampled to a fixed grid.
/// Not thread-safe; different trackers may run on different threads at once. A tracker started
/// with colour that later gets frames without `rgb` carries on with its luma features only.
public final class CorrelationTracker: ObjectTracker {
    public let parameters: TrackerParameters
    public private(set) var box: PixelRect
    /// The tracker's own fix decision for the last frame (see ``TrackingEvidence/fixConfidence``).
    private var fixConfidence: Float = 1

    private let initialWidth: Double
    private let initialHeight: Double
    /// Search window size at scale 1, frame pixels.
    private let windowWidth: Double
    private let windowHeight: Double
    private var scale: Double = 1
    /// Smoothed motion of the box centre per frame over the frames the model learnt from, frame pixels.
    private var velocity: (dx: Double, dy: Double) = (0, 0)
    /// Per-frame decay of the velocity while the model learns nothing (a damped motion model).
    private static let coastingDecay = 0.9
    /// Width multiplier (height divider) relative to the initial aspect ratio.
    private var aspect: Double = 1
    private let minimumScale: Double
    private let maximumScale: Double
    private let extractor: FeatureExtractor
    private let filter: CorrelationFilter
    private let scaleEstimator: ScaleEstimator
    private let aspectEstimator: ScaleEstimator
    private var fixConfidenceEstimator: FixConfidenceEstimator
    private var sceneContrast: SceneContrast
    private var innovationGate: InnovationGate
    /// Present when the parameters merge a colour-histogram response.
    private let colourHistogram: ColourHistogram?
    /// The colour response in absolute cell positions, `rows x columns`.
    private let colourResponse: AlignedBuffer

    /// Starts tracking `box` (pixels, top-left origin) on `frame`.
    /// Throws ``TrackingError/invalidObservation(_:)`` when the box is empty, not finite or outside
    /// the frame, and ``TrackingError/colourRequired`` when the parameters need colour and
    /// `frame.rgb` is nil.
    public init(frame: ImageFrame, box: PixelRect, parameters: TrackerParameters) throws {
        guard box.isValid else { throw TrackingError.invalidObservation("box \(box) is empty or not finite") }
        guard frame.width > 0, frame.height > 0,
              box.clipped(toWidth: frame.width, height: frame.height) != nil else {
            throw TrackingError.invalidObservation("box \(box) is outside the \(frame.width)x\(frame.height) frame")
        }
        if parameters.needsColour && frame.rgb == nil { throw TrackingError.colourRequired }
        self.parameters = parameters
        self.box = box
        initialWidth = box.width
        initialHeight = box.height
        let cellSize = max(1, parameters.cellSize)
        let context = max(0, parameters.padding) * (box.width + box.height) / 2
        let paddedWidth = box.width + context, paddedHeight = box.height + context
        let cells = Double(max(4, parameters.templateCells))
        let pixelsPerFramePixel = cells * Double(cellSize) / (paddedWidth * paddedHeight).squareRoot()
        let columns = Self.evenCells(paddedWidth * pixelsPerFramePixel / Double(cellSize))
        let rows = Self.evenCells(paddedHeight * pixelsPerFramePixel / Double(cellSize))
        windowWidth = Double(columns * cellSize) / pixelsPerFramePixel
        windowHeight = Double(rows * cellSize) / pixelsPerFramePixel
        let frameSize = Double(max(frame.width, frame.height))
        // The box may shrink to 4 px (or 5% of its size) and grow to twice the frame.
        minimumScale = min(1, max(4 / min(box.width, box.height), 0.05))
        maximumScale = max(1, 2 * frameSize / max(box.width, box.height))

        extractor = FeatureExtractor(columns: columns, rows: rows, cellSize: cellSize,
                                     gradientFeatures: parameters.gradientFeatures,
                                     colourFeatures: parameters.colourFeatures == .opponent ? .opponent : .intensity,
                                     keepsColour: parameters.colourHistogramWeight > 0)
        colourHistogram = parameters.colourHistogramWeight > 0
            ? ColourHistogram(columns: columns, rows: rows, cellSize: cellSize) : nil
        colourResponse = AlignedBuffer(count: parameters.colourHistogramWeight > 0 ? rows * columns : 0)
        let targetCells = (box.width * box.height).squareRoot() * pixelsPerFramePixel / Double(cellSize)
        let sigma = max(0.25, parameters.outputSigmaFactor * targetCells)
        filter = CorrelationFilter(rows: rows, columns: columns, channels: extractor.channelCount,
                                   sigma: (row: sigma, column: sigma),
                                   window: Self.hannWindow(rows: rows, columns: columns),
                                   regularisation: parameters.regularisation,
                                   constrainedToSupport: parameters.filterSupport > 0)
        scaleEstimator = ScaleEstimator(targetWidth: box.width, targetHeight: box.height, parameters: parameters,
                                        colourHistogram: colourHistogram)
        aspectEstimator = ScaleEstimator(targetWidth: box.width, targetHeight: box.height, parameters: parameters,
                                         mode: .aspect, colourHistogram: colourHistogram)
        fixConfidenceEstimator = FixConfidenceEstimator(parameters: parameters, exclusionRadius: 2)
        sceneContrast = SceneContrast(box: box)
        innovationGate = InnovationGate(spread: parameters.motionGateSpread, floor: parameters.motionGateFloor)
        learnTranslation(on: frame, weight: 1)
        learnShape(on: frame, weight: 1)
    }

    /// Finds the object on the next frame. `cameraShift` (pixels, +x right, +y down) is how the
    /// picture's content moved since the previous frame (image registration). Two motion
    /// hypotheses are tried: the object moved with the scene (the box is moved by the shift before
    /// the search, and the velocity stays the object's own motion in the scene), and, when that
    /// search's response is weak, the camera followed the object (the box stays where it was in
    /// the picture). The stronger response wins; a followed object's velocity then learns the
    /// opposite of the shift, so the first hypothesis predicts where the camera keeps it.
    /// `sceneChange` gives the cues of ``SceneContrast``.
    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double), sceneChange: SceneChange?) -> TrackerEstimate {
        guard frame.width > 0, frame.height > 0 else { return TrackerEstimate(box: box, confidence: 0) }
        let position = estimatePosition(on: frame, cameraShift: cameraShift)
        let weight = learningWeight(at: position)
        let previousScale = scale, previousAspect = aspect
        estimateSize(on: frame, at: position, weight: weight)
        updateModels(on: frame, at: position, weight: weight, previousScale: previousScale, previousAspect: previousAspect)
        let (reportedBox, evidence) = measureEvidence(on: frame, at: position, sceneChange: sceneChange)
        return TrackerEstimate(box: reportedBox, evidence: evidence, model: parameters.confidenceModel)
    }

    /// Where the translation search put the object on this frame, and how the move is judged.
    private struct PositionEstimate {
        /// The new centre, and the centre the search started from (after the camera's shift), frame pixels.
        var centerX: Double, centerY: Double
        let previousCenterX: Double, previousCenterY: Double
        /// The chosen search window's response.
        let located: Location
        /// The peak's distance from the predicted position, frame pixels, and the object's size
        /// (square root of its area) it is judged against.
        let innovation: Double, objectScale: Double
        /// Whether the move passes the motion gate.
        let plausible: Bool
    }

    /// Step 1, position: searches where the object's velocity (and the camera's shift) takes it,
    /// tries the followed-camera hypothesis when that search is weak, judges the move against the
    /// motion gate, sets the fix decision, and moves the centre to the peak (or coasts).
    private func estimatePosition(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double)) -> PositionEstimate {
        let unshifted = box
        let shifted = cameraShift.dx.isFinite && cameraShift.dy.isFinite && (cameraShift.dx != 0 || cameraShift.dy != 0)
        if shifted {
            box = PixelRect(x: box.x + cameraShift.dx, y: box.y + cameraShift.dy, width: box.width, height: box.height)
        }
        // The window is centred where the object's recent velocity takes it (a constant-velocity
        // prediction), so steady fast motion does not carry the object to the window's edge.
        let lead = parameters.motionPrediction.isFinite ? min(max(parameters.motionPrediction, 0), 1) : 0
        // The velocity is the motion in the scene under both hypotheses.
        let previousCenterX = box.centerX, previousCenterY = box.centerY
        var centerX = box.centerX + lead * velocity.dx
        var centerY = box.centerY + lead * velocity.dy
        let estimatorBefore = fixConfidenceEstimator
        var located = locate(on: frame, centerX: centerX, centerY: centerY)
        if shifted, !(located.assessment.tracking > FixConfidence.trustedAbove) {
            let scene = (location: located, estimator: fixConfidenceEstimator)
            fixConfidenceEstimator = estimatorBefore
            let followed = locate(on: frame, centerX: unshifted.centerX, centerY: unshifted.centerY)
            if followed.assessment.tracking > FixConfidence.trustedAbove, followed.assessment.tracking > scene.location.assessment.tracking {
                (centerX, centerY) = (unshifted.centerX, unshifted.centerY)
                located = followed
            } else if parameters.learnFromSearchWindow {
                // Learning from the search window needs the filter loaded with the scene window's sample.
                fixConfidenceEstimator = estimatorBefore
                located = locate(on: frame, centerX: centerX, centerY: centerY)
            } else {
                fixConfidenceEstimator = scene.estimator
            }
        }
        let assessment = located.assessment, peak = located.peak
        let cellWidth = windowWidth * scale / Double(filter.columns)
        let cellHeight = windowHeight * scale / Double(filter.rows)
        // The peak's offset from the predicted position is the motion model's innovation; beyond the
        // validation gate it is a jump no object in the development set makes between frames, or
        // (the adaptive gate) one far beyond this track's own motion.
        let predictedSize = objectSize()
        let objectScale = (predictedSize.width * predictedSize.height).squareRoot()
        let innovation = hypot(peak.columnShift * cellWidth, peak.rowShift * cellHeight)
        let plausible = !(innovation > min(parameters.motionGate, innovationGate.radius) * objectScale)
        // A trusted fix only when the response by itself also says the object is probably there (not
        // covered, not changed beyond recognition) and its peak is a move the object can make.
        let trusted = FixConfidence.trustedAbove
        fixConfidence = fixConfidenceEstimator.discountingDrift(
            plausible && assessment.tracking > trusted ? assessment.reported : min(assessment.reported, trusted))
        // A lost tracker coasts on its predicted motion instead of wandering over clutter; the
        // velocity decays while nothing is learnt, so it comes to rest near where the object was lost.
        if plausible, assessment.tracking > parameters.holdConfidence, peak.columnShift.isFinite, peak.rowShift.isFinite {
            centerX = min(max(centerX + peak.columnShift * cellWidth, 0), Double(frame.width))
            centerY = min(max(centerY + peak.rowShift * cellHeight, 0), Double(frame.height))
        }
        // Coasting may carry the centre past the frame's edge (an object leaving the view); it
        // stays finite, and the velocity's decay bounds how far.
        if !centerX.isFinite || !centerY.isFinite {
            centerX = previousCenterX
            centerY = previousCenterY
        }
        return PositionEstimate(centerX: centerX, centerY: centerY, previousCenterX: previousCenterX, previousCenterY: previousCenterY,
                                located: located, innovation: innovation, objectScale: objectScale, plausible: plausible)
    }

    /// Step 2, how much to learn from this frame (0...1, 0 for an implausible move or a weak
    /// response); the innovation gate takes in the move when anything is learnt.
    private func learningWeight(at position: PositionEstimate) -> Float {
        let low = parameters.minimumLearningConfidence, high = parameters.fullLearningConfidence
        let learning = position.plausible ? position.located.assessment.learning : 0
        let weight = learning < low ? 0 : (high > low ? min(1, (learning - low) / (high - low)) : 1)
        if weight > 0, position.objectScale > 0 {
            innovationGate.accept(position.innovation / position.objectScale)
        } else {
            innovationGate.reject()
        }
        return weight
    }

    /// Step 3, size: the scale and aspect filters at the new centre (kept while the object is
    /// probably lost: on background they would drift), and the new box.
    private func estimateSize(on frame: ImageFrame, at position: PositionEstimate, weight: Float) {
        let size = objectSize()
        let sizeChange = weight > 0 ? scaleEstimator.estimate(frame, centerX: position.centerX, centerY: position.centerY,
                                                              width: size.width, height: size.height) : 1
        let aspectChange = weight > 0 ? aspectEstimator.estimate(frame, centerX: position.centerX, centerY: position.centerY,
                                                                 width: size.width, height: size.height) : 1
        if sizeChange.isFinite { scale = min(max(scale * sizeChange, minimumScale), maximumScale) }
        let aspectLimit = parameters.aspectLimit.isFinite ? max(1, parameters.aspectLimit) : 1
        if aspectChange.isFinite { aspect = min(max(aspect * aspectChange, 1 / aspectLimit), aspectLimit) }
        let newSize = objectSize()
        box = PixelRect(x: position.centerX - newSize.width / 2, y: position.centerY - newSize.height / 2,
                        width: newSize.width, height: newSize.height)
    }

    /// Step 4, models: the velocity (decaying while nothing is learnt), the confidence's memory of
    /// the peak, the translation filter and the size filters, each at the learning weight.
    private func updateModels(on frame: ImageFrame, at position: PositionEstimate, weight: Float,
                              previousScale: Double, previousAspect: Double) {
        guard weight > 0 else {
            velocity = (velocity.dx * Self.coastingDecay, velocity.dy * Self.coastingDecay)
            return
        }
        let peak = position.located.peak
        let smoothing = parameters.velocitySmoothing.isFinite ? min(max(parameters.velocitySmoothing, 0), 1) : 0
        let rate = Double(weight) * smoothing
        velocity = ((1 - rate) * velocity.dx + rate * (position.centerX - position.previousCenterX),
                    (1 - rate) * velocity.dy + rate * (position.centerY - position.previousCenterY))
        fixConfidenceEstimator.remember(peak: position.located.correlationPeak.value, weight: weight)
        if parameters.learnFromSearchWindow {
            filter.learn(rate: parameters.learningRate * weight, shift: (peak.rowShift, peak.columnShift), support: supportCells())
        } else {
            learnTranslation(on: frame, weight: weight)
        }
        if parameters.scaleLearnFromSearch {
            scaleEstimator.learnFromLastEstimate(change: scale / previousScale, weight: weight)
            aspectEstimator.learnFromLastEstimate(change: aspect / previousAspect, weight: weight)
        } else {
            learnShape(on: frame, weight: weight)
        }
    }

    /// Step 5, evidence: the box as reported (clipped to the frame; a 1-pixel box at the clamped
    /// centre when it lies wholly outside) and the cues the confidence model reads.
    private func measureEvidence(on frame: ImageFrame, at position: PositionEstimate,
                                 sceneChange: SceneChange?) -> (box: PixelRect, evidence: TrackingEvidence) {
        let inside = box.clipped(toWidth: frame.width, height: frame.height)
        let clipped = inside
            ?? PixelRect(x: min(max(position.centerX, 0), Double(frame.width) - 1), y: min(max(position.centerY, 0), Double(frame.height) - 1),
                         width: 1, height: 1)
        let visible = box.shareInside(width: frame.width, height: frame.height)
        let contrast = sceneContrast.measure(box: clipped, sceneChange: sceneChange)
        let assessment = position.located.assessment
        let evidence = TrackingEvidence(
            sharpness: assessment.sharpness, peakRatio: assessment.peakRatio, firstAgreement: assessment.agreement,
            smoothedAgreement: fixConfidenceEstimator.agreement, fixConfidence: fixConfidence,
            framesWithoutFix: fixConfidenceEstimator.framesWithoutFix,
            jump: position.objectScale > 0 ? Float(position.innovation / position.objectScale) : 0,
            sizeChange: Float(abs(log(scale))), visibleFraction: Float(visible), colourContrast: position.located.colourContrast,
            motionAgainstScene: contrast.motion, sceneChange: contrast.change, smoothedSceneChange: contrast.smoothedChange)
        return (clipped, evidence)
    }

    /// What one search window tells: where the response peaks and how confident it is.
    private struct Location {
        /// Peak of the correlation response alone, and of the response merged with colour.
        let correlationPeak: CorrelationPeak
        let peak: CorrelationPeak
        let assessment: FixConfidenceEstimator.Assessment
        /// How well colour singled the object out (0 without a colour response).
        let colourContrast: Float
    }

    /// Correlates the search window centred at (`centerX`, `centerY`); leaves the filter loaded
    /// with that window's sample (what learning from the search window uses).
    private func locate(on frame: ImageFrame, centerX: Double, centerY: Double) -> Location {
        extractor.extract(frame, window: searchWindow(centerX: centerX, centerY: centerY), into: filter.features.pointer)
        measureColour(learnRate: nil)
        filter.load()
        let correlationPeak = filter.respond()
        var reference: Float = 0
        if fixConfidenceEstimator.usesAgreement {
            reference = filter.referencePeak(row: correlationPeak.row, column: correlationPeak.column, radius: 1)
        }
        let assessment = fixConfidenceEstimator.assess(filter.response.pointer, rows: filter.rows, columns: filter.columns,
                                                    peakRow: correlationPeak.row, peakColumn: correlationPeak.column,
                                                    reference: reference)
        let contrast = mergeColourResponse()
        let peak = contrast != nil ? filter.peak() : correlationPeak
        return Location(correlationPeak: correlationPeak, peak: peak, assessment: assessment, colourContrast: contrast ?? 0)
    }

    /// Trains the size and aspect filters on samples around the current box.
    private func learnShape(on frame: ImageFrame, weight: Float) {
        scaleEstimator.learn(frame, centerX: box.centerX, centerY: box.centerY,
                             width: box.width, height: box.height, weight: weight)
        aspectEstimator.learn(frame, centerX: box.centerX, centerY: box.centerY,
                              width: box.width, height: box.height, weight: weight)
    }

    /// The object's size for the current scale and aspect, frame pixels.
    private func objectSize() -> (width: Double, height: Double) {
        (initialWidth * scale * aspect, initialHeight * scale / aspect)
    }

    private func learnTranslation(on frame: ImageFrame, weight: Float) {
        extractor.extract(frame, window: searchWindow(centerX: box.centerX, centerY: box.centerY),
                          into: filter.features.pointer)
        measureColour(learnRate: parameters.colourHistogramLearningRate * weight)
        filter.load()
        filter.learn(rate: parameters.learningRate * weight, support: supportCells())
    }

    /// Updates the colour model from the last window when `learnRate` is given, then measures the
    /// window's object likelihood.
    private func measureColour(learnRate: Float?) {
        guard let colourHistogram, let red = extractor.redPlane else { return }
        if let learnRate {
            let size = objectCells()
            colourHistogram.learn(red: red, planeStride: extractor.planeStride, objectWidth: size.width,
                                  objectHeight: size.height, rate: learnRate)
        }
        colourHistogram.measure(red: red, planeStride: extractor.planeStride)
    }

    /// Blends the colour-histogram response of the last search window into the correlation
    /// response (Staple's merge) and returns the colour response's contrast (0...1); nil when there is none.
    private func mergeColourResponse() -> Float? {
        guard let colourHistogram, colourHistogram.isTrained, extractor.redPlane != nil else { return nil }
        let size = objectCells()
        colourHistogram.respond(objectWidth: size.width, objectHeight: size.height, into: colourResponse.pointer)
        let rows = filter.rows, columns = filter.columns
        let response = filter.response.pointer, colour = colourResponse.pointer
        // The colour response counts only as far as it singles the object out: its peak over its
        // mean is near 1 for an object unlike its surroundings and near 0 for one that looks like
        // them (a brown rider on brown dirt), where it would pull the box onto the background.
        var sum: Float = 0, highest: Float = 0
        for i in 0..<(rows * columns) {
            sum += colour[i]
            highest = max(highest, colour[i])
        }
        let contrast = min(1, max(0, highest - sum / Float(rows * columns)))
        let weight = parameters.colourHistogramWeight * contrast, keep = 1 - weight
        // Response index (r, c) is the displacement; the colour map is indexed by absolute cell.
        for r in 0..<rows {
            let absoluteRow = (r + rows / 2) % rows
            for c in 0..<columns {
                let absoluteColumn = (c + columns / 2) % columns
                response[r * columns + c] = keep * response[r * columns + c] + weight * colour[absoluteRow * columns + absoluteColumn]
            }
        }
        return contrast
    }

    /// Where the translation filter may have coefficients: the object's box in cells, scaled by
    /// ``TrackerParameters/filterSupport``.
    private func supportCells() -> (width: Double, height: Double) {
        let size = objectCells(), factor = parameters.filterSupport.isFinite ? max(0, parameters.filterSupport) : 0
        return (size.width * factor, size.height * factor)
    }

    /// The object's size in cells of the search window.
    private func objectCells() -> (width: Double, height: Double) {
        (box.width * Double(filter.columns) / (windowWidth * scale), box.height * Double(filter.rows) / (windowHeight * scale))
    }

    private func searchWindow(centerX: Double, centerY: Double) -> PixelRect {
        let width = windowWidth * scale, height = windowHeight * scale
        return PixelRect(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }

    /// Cells along one axis: even (FFT-friendly, symmetric window), at least 4.
    private static func evenCells(_ value: Double) -> Int {
        let cells = value.isFinite ? Int(min(max(value, 4), 512).rounded()) : 4
        return cells + cells % 2
    }

    private static func hannWindow(rows: Int, columns: Int) -> [Float] {
        let rowWeights = (0..<rows).map { 0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(rows)) }
        let columnWeights = (0..<columns).map { 0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(columns)) }
        var window = [Float](repeating: 0, count: rows * columns)
        for r in 0..<rows {
            for c in 0..<columns { window[r * columns + c] = Float(rowWeights[r] * columnWeights[c]) }
        }
        return window
    }
}
