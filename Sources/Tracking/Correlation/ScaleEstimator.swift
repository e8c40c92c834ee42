import Foundation
import Imaging
import Numerics

/// DSST-style scale estimation: a 1-D correlation filter over `scaleCount` samples of the object
/// box taken at geometric steps around the current box, each resampled to a fixed small grid of
/// gradient cells. The response peak (refined between steps) gives the change:
/// - ``Mode/size``: both sides scale by `step^k` (the object grew or shrank);
/// - ``Mode/aspect``: the width scales by `step^k` and the height by `step^-k` (same area, the
///   object got wider or taller).
package final class ScaleEstimator {
    package enum Mode {
        case size
        case aspect
    }

    let mode: Mode
    let scaleCount: Int
    let step: Double
    private let learningRate: Float
    private let extractor: FeatureExtractor
    private let filter: CorrelationFilter
    private let sampleFeatures: AlignedBuffer
    /// Scale offset (in steps) of each sample index, wrapped so that index 0 is offset 0.
    private let offsets: [Int]

    /// Adds the object likelihood per cell to the gradient cells of each sample, when present.
    private let colourHistogram: ColourHistogram?
    private let colourGain: Float

    /// `targetWidth x targetHeight`: the object's size in frame pixels when tracking starts.
    /// `colourHistogram`: the tracker's colour model, whose object likelihood then joins the
    /// sample features (weighted by `parameters.scaleColourWeight`; the sizes of a textureless
    /// object in a textured scene are told apart by colour, not gradients).
    package init(targetWidth: Double, targetHeight: Double, parameters: TrackerParameters, mode: Mode = .size,
         colourHistogram: ColourHistogram? = nil) {
        self.colourHistogram = parameters.scaleColourWeight > 0 ? colourHistogram : nil
        colourGain = parameters.scaleColourWeight
        self.mode = mode
        scaleCount = max(1, (mode == .size ? parameters.scaleCount : parameters.aspectCount) | 1)
        step = max(1.001, mode == .size ? parameters.scaleStep : parameters.aspectStep)
        learningRate = parameters.scaleLearningRate
        let cellSize = 4
        let factor = (Double(max(parameters.scaleModelArea, 64)) / max(targetWidth * targetHeight, 1)).squareRoot()
        // Clamped so that an extreme aspect ratio cannot blow up the sample size.
        let columns = min(32, max(2, Int((targetWidth * factor / Double(cellSize)).rounded())))
        let rows = min(32, max(2, Int((targetHeight * factor / Double(cellSize)).rounded())))
        extractor = FeatureExtractor(columns: columns, rows: rows, cellSize: cellSize,
                                     gradientFeatures: parameters.scaleFeatures, colourFeatures: .none,
                                     keepsColour: self.colourHistogram != nil)
        let dimensions = (extractor.channelCount + (self.colourHistogram != nil ? 1 : 0)) * rows * columns
        sampleFeatures = AlignedBuffer(count: dimensions)
        let count = scaleCount
        offsets = (0..<count).map { $0 <= count / 2 ? $0 : $0 - count }
        let window = offsets.map { Float(0.5 * (1 + cos(2 * Double.pi * Double($0) / Double(count + 1)))) }
        filter = CorrelationFilter(rows: 1, columns: count, channels: dimensions,
                                   sigma: (row: 1, column: max(0.25, parameters.scaleSigma)),
                                   window: window, regularisation: parameters.scaleRegularisation)
    }

    /// The factor by which the object's size changed since the model was last trained, for an
    /// object centred at `(centerX, centerY)` that had `width x height` pixels; 1 before training.
    package func estimate(_ frame: ImageFrame, centerX: Double, centerY: Double, width: Double, height: Double) -> Double {
        guard scaleCount > 1, filter.isTrained else { return 1 }
        sample(frame, centerX: centerX, centerY: centerY, width: width, height: height)
        let peak = filter.respond()
        return pow(step, peak.columnShift)
    }

    /// Trains on the object at its current box; `weight` in 0...1 scales the learning rate.
    package func learn(_ frame: ImageFrame, centerX: Double, centerY: Double, width: Double, height: Double, weight: Float) {
        guard scaleCount > 1 else { return }
        sample(frame, centerX: centerX, centerY: centerY, width: width, height: height)
        filter.learn(rate: learningRate * weight)
    }

    /// Trains on the samples of the last ``estimate(_:centerX:centerY:width:height:)``, whose
    /// size the object has since changed by `change` (saves resampling).
    func learnFromLastEstimate(change: Double, weight: Float) {
        guard scaleCount > 1, filter.isTrained, change > 0 else { return }
        filter.learn(rate: learningRate * weight, shift: (row: 0, column: log(change) / log(step)))
    }

    private func sample(_ frame: ImageFrame, centerX: Double, centerY: Double, width: Double, height: Double) {
        let dimensions = sampleFeatures.count
        let target = filter.features.pointer
        for (index, offset) in offsets.enumerated() {
            let factor = pow(step, Double(offset))
            let w = width * factor, h = mode == .size ? height * factor : height / factor
            extractor.extract(frame, window: PixelRect(x: centerX - w / 2, y: centerY - h / 2, width: w, height: h),
                              into: sampleFeatures.pointer)
            if let colourHistogram {
                let cells = extractor.rows * extractor.columns
                let plane = sampleFeatures.pointer + extractor.channelCount * cells
                if let red = extractor.redPlane {
                    colourHistogram.likelihood(red: red, planeStride: extractor.planeStride, columns: extractor.columns,
                                               rows: extractor.rows, cellSize: extractor.cellSize, offset: 0.5,
                                               gain: colourGain, into: plane)
                } else {
                    plane.update(repeating: 0, count: cells)
                }
            }
            let source = sampleFeatures.pointer
            for d in 0..<dimensions {
                target[d * scaleCount + index] = source[d]
            }
        }
        filter.load()
    }
}
