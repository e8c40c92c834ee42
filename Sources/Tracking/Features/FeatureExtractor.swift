import Imaging

/// Samples a window of a frame to a fixed cell grid and computes the per-cell feature planes
/// (gradient cells, then colour cells) straight into a correlation filter's feature buffer.
final class FeatureExtractor {
    let columns: Int
    let rows: Int
    let cellSize: Int
    let channelCount: Int
    private let sampler: PatchSampler
    /// Whether the last ``extract(_:window:into:)`` sampled colour.
    private(set) var sampledColour = false
    private let gradients: GradientCells
    private let colour: ColourFeatures

    init(columns: Int, rows: Int, cellSize: Int, gradientFeatures: TrackerParameters.GradientFeatures,
         colourFeatures: ColourFeatures.Layout, keepsColour: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.cellSize = cellSize
        gradients = GradientCells(columns: columns, rows: rows, cellSize: cellSize, layout: gradientFeatures)
        colour = ColourFeatures(columns: columns, rows: rows, cellSize: cellSize, layout: colourFeatures)
        sampler = PatchSampler(width: gradients.inputWidth, height: gradients.inputHeight,
                               colour: colourFeatures.needsColour || keepsColour)
        channelCount = gradients.layout.channelCount + colourFeatures.channelCount
    }

    /// The red plane of the last window (green and blue follow, ``planeStride`` apart), each
    /// `(columns * cellSize + 2) x (rows * cellSize + 2)` with a one-pixel border, values 0...1;
    /// nil when the last window was sampled without colour.
    var redPlane: UnsafePointer<Float>? {
        sampledColour ? UnsafePointer(sampler.planes + planeStride) : nil
    }

    /// Floats between sampled planes.
    var planeStride: Int { sampler.width * sampler.height }

    /// Fills `output` (`channelCount` planes of `rows x columns`, planar) with the features of
    /// `window` (frame pixels, top-left origin), which is divided into the cell grid.
    func extract(_ frame: ImageFrame, window: PixelRect, into output: UnsafeMutablePointer<Float>) {
        let pixelWidth = window.width / Double(columns * cellSize)
        let pixelHeight = window.height / Double(rows * cellSize)
        let bordered = PixelRect(x: window.x - pixelWidth, y: window.y - pixelHeight,
                                 width: window.width + 2 * pixelWidth, height: window.height + 2 * pixelHeight)
        let hasColour = sampler.planeCount == 4 && frame.rgb != nil
        sampler.sample(frame, window: bordered, colour: hasColour)
        sampledColour = hasColour
        let planeSize = rows * columns
        let input = UnsafePointer(sampler.planes)
        gradients.compute(input, into: output, channelStride: planeSize)
        colour.compute(input, hasColour: hasColour,
                       into: output + gradients.layout.channelCount * planeSize, channelStride: planeSize)
    }
}
