import Imaging

/// Samples a window of a frame to a fixed cell grid and computes the per-cell feature planes
/// (gradient cells, then colour cells) straight into a correlation filter's feature buffer.
final class FeatureExtractor {
    let columns: Int
    let rows: Int
    let cellSize: Int
    let channelCount: Int
    private let sampler: PatchSampler
    private let gradients: GradientCells
    private let colour: ColourFeatures

    init(columns: Int, rows: Int, cellSize: Int, gradientFeatures: TrackerParameters.GradientFeatures,
         colourFeatures: ColourFeatures.Layout) {
        self.columns = columns
        self.rows = rows
        self.cellSize = cellSize
        gradients = GradientCells(columns: columns, rows: rows, cellSize: cellSize,
                                  layout: gradientFeatures == .fhog ? .fhog : .unsigned)
        colour = ColourFeatures(columns: columns, rows: rows, cellSize: cellSize, layout: colourFeatures)
        sampler = PatchSampler(width: gradients.inputWidth, height: gradients.inputHeight,
                               colour: colourFeatures.needsColour)
        channelCount = gradients.layout.channelCount + colourFeatures.channelCount
    }

    /// Fills `output` (`channelCount` planes of `rows x columns`, planar) with the features of
    /// `window` (frame pixels, top-left origin), which is divided into the cell grid.
    func extract(_ frame: ImageFrame, window: PixelRect, into output: UnsafeMutablePointer<Float>) {
        let pixelWidth = window.width / Double(columns * cellSize)
        let pixelHeight = window.height / Double(rows * cellSize)
        let bordered = PixelRect(x: window.x - pixelWidth, y: window.y - pixelHeight,
                                 width: window.width + 2 * pixelWidth, height: window.height + 2 * pixelHeight)
        let hasColour = colour.layout.needsColour && frame.rgb != nil
        sampler.sample(frame, window: bordered, colour: hasColour)
        let planeSize = rows * columns
        let input = UnsafePointer(sampler.planes.baseAddress!)
        gradients.compute(input, into: output, channelStride: planeSize)
        colour.compute(input, hasColour: hasColour,
                       into: output + gradients.layout.channelCount * planeSize, channelStride: planeSize)
    }
}
