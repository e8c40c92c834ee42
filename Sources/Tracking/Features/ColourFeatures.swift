/// Per-cell colour channels: the mean over each cell's pixels of
/// - ``Layout/intensity``: luma - 0.5 (1 channel);
/// - ``Layout/opponent``: luma - 0.5, R - G and (R + G) / 2 - B (3 channels; colour differences in
///   0...1 units, so an achromatic patch gives 0).
///
/// Input planes are those of ``PatchSampler`` with the same one-pixel border as ``GradientCells``.
struct ColourFeatures {
    enum Layout: String, Sendable {
        case none
        case intensity
        case opponent

        var channelCount: Int {
            switch self {
            case .none: return 0
            case .intensity: return 1
            case .opponent: return 3
            }
        }
        var needsColour: Bool { self == .opponent }
    }

    let columns: Int
    let rows: Int
    let cellSize: Int
    let layout: Layout

    /// `planes`: luma then (for `.opponent`) R, G, B, each `(columns * cellSize + 2) x (rows * cellSize + 2)`.
    func compute(_ planes: UnsafePointer<Float>, hasColour: Bool,
                 into output: UnsafeMutablePointer<Float>, channelStride: Int) {
        guard layout != .none else { return }
        let width = columns * cellSize + 2, planeSize = width * (rows * cellSize + 2)
        let inverseArea = 1 / Float(cellSize * cellSize)
        for cy in 0..<rows {
            for cx in 0..<columns {
                var luma: Float = 0, redGreen: Float = 0, yellowBlue: Float = 0
                for y in 0..<cellSize {
                    let start = (cy * cellSize + y + 1) * width + cx * cellSize + 1
                    for x in 0..<cellSize {
                        luma += planes[start + x]
                    }
                    if layout == .opponent && hasColour {
                        let red = planes + planeSize + start, green = red + planeSize, blue = green + planeSize
                        for x in 0..<cellSize {
                            redGreen += red[x] - green[x]
                            yellowBlue += 0.5 * (red[x] + green[x]) - blue[x]
                        }
                    }
                }
                let cell = cy * columns + cx
                output[cell] = luma * inverseArea - 0.5
                if layout == .opponent {
                    output[channelStride + cell] = redGreen * inverseArea
                    output[2 * channelStride + cell] = yellowBlue * inverseArea
                }
            }
        }
    }
}
