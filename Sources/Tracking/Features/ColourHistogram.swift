/// Staple-style colour model: RGB histograms (16 levels per channel) of the object and of its
/// surroundings, learnt from the resampled search window. The per-pixel object likelihood
/// `p_object / (p_object + p_background)` is averaged per cell, then over an object-sized box
/// around each cell, which gives a translation response that does not care about the object's
/// shape (deformation, rotation) and complements the gradient-based correlation filter.
package final class ColourHistogram {
    private static let levels = 16
    private static let binCount = levels * levels * levels
    let columns: Int
    let rows: Int
    let cellSize: Int
    private(set) var isTrained = false
    private let object: UnsafeMutablePointer<Float>
    private let background: UnsafeMutablePointer<Float>
    private let objectCounts: UnsafeMutablePointer<Float>
    private let backgroundCounts: UnsafeMutablePointer<Float>
    /// Per bin, the object likelihood `object / (object + background)` (0.5 where both are 0),
    /// made when the histograms change rather than for every pixel that reads it.
    private let likelihoods: UnsafeMutablePointer<Float>
    /// Mean object likelihood per cell, `rows x columns`.
    private let cells: UnsafeMutablePointer<Float>
    /// Summed-area table of `cells`, `(rows + 1) x (columns + 1)`.
    private let integral: UnsafeMutablePointer<Float>

    init(columns: Int, rows: Int, cellSize: Int) {
        self.columns = columns
        self.rows = rows
        self.cellSize = cellSize
        object = .allocate(capacity: Self.binCount)
        background = .allocate(capacity: Self.binCount)
        objectCounts = .allocate(capacity: Self.binCount)
        backgroundCounts = .allocate(capacity: Self.binCount)
        for table in [object, background, objectCounts, backgroundCounts] { table.initialize(repeating: 0, count: Self.binCount) }
        likelihoods = .allocate(capacity: Self.binCount)
        likelihoods.initialize(repeating: 0.5, count: Self.binCount)
        cells = .allocate(capacity: rows * columns)
        cells.initialize(repeating: 0, count: rows * columns)
        integral = .allocate(capacity: (rows + 1) * (columns + 1))
        integral.initialize(repeating: 0, count: (rows + 1) * (columns + 1))
    }

    deinit {
        for table in [object, background, objectCounts, backgroundCounts, likelihoods, cells, integral] { table.deallocate() }
    }

    /// Learns from R, G, B planes (`planeStride` floats apart, `(columns * cellSize + 2)` wide with
    /// a one-pixel border) where the object covers `objectWidth x objectHeight` cells at the centre.
    /// Pixels within 0.8x of the object box count as object, pixels outside 1.2x as background.
    func learn(red: UnsafePointer<Float>, planeStride: Int, objectWidth: Double, objectHeight: Double, rate: Float) {
        let width = columns * cellSize + 2, height = rows * cellSize + 2
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        let halfWidth = objectWidth * Double(cellSize) / 2, halfHeight = objectHeight * Double(cellSize) / 2
        objectCounts.update(repeating: 0, count: Self.binCount)
        backgroundCounts.update(repeating: 0, count: Self.binCount)
        var objectTotal: Float = 0, backgroundTotal: Float = 0
        let green = red + planeStride, blue = green + planeStride
        for y in 1..<(height - 1) {
            let dy = abs(Double(y) + 0.5 - centreY) / halfHeight
            for x in 1..<(width - 1) {
                let dx = abs(Double(x) + 0.5 - centreX) / halfWidth
                let i = y * width + x
                let bin = Self.bin(red[i], green[i], blue[i])
                if dx < 0.8 && dy < 0.8 {
                    objectCounts[bin] += 1
                    objectTotal += 1
                } else if dx > 1.2 || dy > 1.2 {
                    backgroundCounts[bin] += 1
                    backgroundTotal += 1
                }
            }
        }
        guard objectTotal > 0, backgroundTotal > 0 else { return }
        let blend = isTrained ? rate : 1, keep = 1 - blend
        let objectScale = blend / objectTotal, backgroundScale = blend / backgroundTotal
        for b in 0..<Self.binCount {
            object[b] = keep * object[b] + objectScale * objectCounts[b]
            background[b] = keep * background[b] + backgroundScale * backgroundCounts[b]
            let o = object[b], sum = o + background[b]
            likelihoods[b] = sum > 0 ? o / sum : 0.5
        }
        isTrained = true
    }

    /// Computes the mean object likelihood of each cell of the last window from its R, G, B planes
    /// (`planeStride` floats apart, with the one-pixel border), in 0...1 (0.5 before training).
    func measure(red: UnsafePointer<Float>, planeStride: Int) {
        likelihood(red: red, planeStride: planeStride, columns: columns, rows: rows, cellSize: cellSize,
                   offset: 0, gain: 1, into: cells)
    }

    /// Writes `gain * (likelihood - offset)` for each cell of any `columns x rows` grid of
    /// `cellSize` pixels whose R, G, B planes (with the one-pixel border) start at `red`.
    func likelihood(red: UnsafePointer<Float>, planeStride: Int, columns: Int, rows: Int, cellSize: Int,
                    offset: Float, gain: Float, into output: UnsafeMutablePointer<Float>) {
        let width = columns * cellSize + 2
        let green = red + planeStride, blue = green + planeStride
        let inverseArea = 1 / Float(cellSize * cellSize)
        for cy in 0..<rows {
            for cx in 0..<columns {
                var sum: Float = 0
                for y in 0..<cellSize {
                    let start = (cy * cellSize + y + 1) * width + cx * cellSize + 1
                    for x in 0..<cellSize {
                        sum += likelihoods[Self.bin(red[start + x], green[start + x], blue[start + x])]
                    }
                }
                output[cy * columns + cx] = gain * (sum * inverseArea - offset)
            }
        }
    }

    /// Fills `response` (`rows x columns`, absolute cell positions) with the mean measured object
    /// likelihood of an `objectWidth x objectHeight`-cell box centred on each cell, in 0...1.
    func respond(objectWidth: Double, objectHeight: Double, into response: UnsafeMutablePointer<Float>) {
        let stride = columns + 1
        for cy in 0..<rows {
            var rowSum: Float = 0
            for cx in 0..<columns {
                rowSum += cells[cy * columns + cx]
                integral[(cy + 1) * stride + cx + 1] = integral[cy * stride + cx + 1] + rowSum
            }
        }
        let boxColumns = max(1, Int(objectWidth.rounded())), boxRows = max(1, Int(objectHeight.rounded()))
        for cy in 0..<rows {
            let top = max(0, cy - boxRows / 2), bottom = min(rows, cy - boxRows / 2 + boxRows)
            for cx in 0..<columns {
                let left = max(0, cx - boxColumns / 2), right = min(columns, cx - boxColumns / 2 + boxColumns)
                let area = Float((bottom - top) * (right - left))
                let sum = integral[bottom * stride + right] - integral[top * stride + right]
                    - integral[bottom * stride + left] + integral[top * stride + left]
                response[cy * columns + cx] = area > 0 ? sum / area : 0
            }
        }
    }

    private static func bin(_ red: Float, _ green: Float, _ blue: Float) -> Int {
        let top = Float(levels) - 0.001
        let r = Int(min(max(red, 0), 1) * top), g = Int(min(max(green, 0), 1) * top), b = Int(min(max(blue, 0), 1) * top)
        return (r * levels + g) * levels + b
    }
}
