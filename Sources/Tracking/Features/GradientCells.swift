import Foundation

/// Histogram-of-oriented-gradient cells in the style of Felzenszwalb et al.'s "FHOG".
///
/// The input is one grey plane of `(columns * cellSize + 2) x (rows * cellSize + 2)` pixels: a
/// one-pixel border around the `columns x rows` cells so that every cell pixel has a central
/// difference. Each pixel votes its gradient magnitude into one of 18 signed orientation bins
/// (the nearest of 9 directions over 0..<180 degrees, split by sign), spread over the four
/// nearest cells with bilinear weights. Each cell is then normalised by the gradient energy of
/// the four 2x2 cell blocks that contain it, each normalised value is truncated at 0.2, and:
/// - `.fhog` gives 31 channels: 18 signed orientations (bin `k` is the direction
///   `k * 20` degrees, x to the right, y downwards), 9 unsigned orientations, 4 block energies;
/// - `.unsigned` gives 13 channels: 9 unsigned orientations, 4 block energies.
///
///     let cells = GradientCells(columns: 8, rows: 6, cellSize: 4, layout: .fhog)
///     let planes = cells.compute(grey)   // grey: cells.inputWidth * cells.inputHeight floats
public final class GradientCells {
    public let columns: Int
    public let rows: Int
    public let cellSize: Int
    public let layout: TrackerParameters.GradientFeatures
    /// Input plane width in pixels: `columns * cellSize + 2`.
    public var inputWidth: Int { columns * cellSize + 2 }
    /// Input plane height in pixels: `rows * cellSize + 2`.
    public var inputHeight: Int { rows * cellSize + 2 }

    private static let directions = 9
    /// 18 signed bins per cell: a plane of cells per bin.
    private let histogram: UnsafeMutablePointer<Float>
    /// Per cell, the normalisers of its four blocks and the texture sums (4 planes of cells each).
    private let blockNorms: UnsafeMutablePointer<Float>
    private let blockTextures: UnsafeMutablePointer<Float>
    /// Unsigned gradient energy per cell.
    private let energy: UnsafeMutablePointer<Float>
    /// For each pixel offset inside the cell grid along one axis: lower cell and upper weight.
    private let lowerCell: [Int]
    private let upperWeight: [Float]
    /// For each pixel column of the cell grid: the lower cell, its weight and the upper cell's.
    private let columnCell: UnsafeMutablePointer<Int>
    private let columnLower: UnsafeMutablePointer<Float>
    private let columnUpper: UnsafeMutablePointer<Float>
    /// One row's gradient magnitudes and orientation bins.
    private let rowMagnitudes: UnsafeMutablePointer<Float>
    private let rowBins: UnsafeMutablePointer<Int32>

    /// Requires positive sizes.
    public init(columns: Int, rows: Int, cellSize: Int, layout: TrackerParameters.GradientFeatures) {
        precondition(columns > 0 && rows > 0 && cellSize > 0, "cell grid must be positive")
        self.columns = columns
        self.rows = rows
        self.cellSize = cellSize
        self.layout = layout
        histogram = .allocate(capacity: columns * rows * 2 * Self.directions)
        histogram.initialize(repeating: 0, count: columns * rows * 2 * Self.directions)
        energy = .allocate(capacity: columns * rows)
        energy.initialize(repeating: 0, count: columns * rows)
        blockNorms = .allocate(capacity: 4 * columns * rows)
        blockNorms.initialize(repeating: 0, count: 4 * columns * rows)
        blockTextures = .allocate(capacity: 4 * columns * rows)
        blockTextures.initialize(repeating: 0, count: 4 * columns * rows)
        var cells = [Int](), weights = [Float]()
        for p in 0..<cellSize {
            let position = (Double(p) + 0.5) / Double(cellSize) - 0.5
            let lower = Int(floor(position))
            cells.append(lower)
            weights.append(Float(position - Double(lower)))
        }
        lowerCell = cells
        upperWeight = weights
        let pixels = columns * cellSize
        columnCell = .allocate(capacity: pixels)
        columnLower = .allocate(capacity: pixels)
        columnUpper = .allocate(capacity: pixels)
        for x in 0..<pixels {
            let cellX = x / cellSize, offsetX = x - cellX * cellSize
            columnCell.advanced(by: x).initialize(to: cellX + cells[offsetX])
            columnUpper.advanced(by: x).initialize(to: weights[offsetX])
            columnLower.advanced(by: x).initialize(to: 1 - weights[offsetX])
        }
        rowMagnitudes = .allocate(capacity: pixels)
        rowMagnitudes.initialize(repeating: 0, count: pixels)
        rowBins = .allocate(capacity: pixels)
        rowBins.initialize(repeating: 0, count: pixels)
    }

    deinit {
        histogram.deallocate()
        energy.deallocate()
        blockNorms.deallocate()
        blockTextures.deallocate()
        columnCell.deallocate()
        columnLower.deallocate()
        columnUpper.deallocate()
        rowMagnitudes.deallocate()
        rowBins.deallocate()
    }

    /// The `layout.channelCount` planes of `rows x columns` cells (planar, row-major) of a grey
    /// plane of `inputWidth x inputHeight` pixels (row-major); empty when the count does not match.
    public func compute(_ plane: [Float]) -> [Float] {
        guard plane.count == inputWidth * inputHeight else { return [] }
        var output = [Float](repeating: 0, count: layout.channelCount * rows * columns)
        plane.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                if let source = input.baseAddress, let target = out.baseAddress {
                    compute(source, into: target, channelStride: rows * columns)
                }
            }
        }
        return output
    }

    /// Writes `layout.channelCount` planes of `rows x columns` cells, `channelStride` floats
    /// apart, starting at `output`.
    func compute(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, channelStride: Int) {
        accumulate(input)
        normalise(into: output, channelStride: channelStride)
    }

    /// Votes every pixel's gradient into the cells, a row at a time: first each pixel's magnitude
    /// and orientation bin (a loop the compiler vectorises), then the bilinear votes, with each
    /// column's cell and weight looked up rather than divided out.
    private func accumulate(_ input: UnsafePointer<Float>) {
        let bins = 2 * Self.directions
        histogram.update(repeating: 0, count: columns * rows * bins)
        let stride = inputWidth, pixels = columns * cellSize, columns = columns, rows = rows, cells = columns * rows
        let hist = histogram, magnitudes = rowMagnitudes, orientations = rowBins
        let columnCell = columnCell, columnUpper = columnUpper, columnLower = columnLower
        for y in 0..<(rows * cellSize) {
            let cellY = y / cellSize, offsetY = y - cellY * cellSize
            let y0 = cellY + lowerCell[offsetY]
            let wy1 = upperWeight[offsetY], wy0 = 1 - wy1
            let row = input + (y + 1) * stride + 1
            for x in 0..<pixels {
                let dx = row[x &+ 1] - row[x &- 1]
                let dy = row[x &+ stride] - row[x &- stride]
                magnitudes[x] = (dx * dx + dy * dy).squareRoot()
                orientations[x] = Self.signedBin(dx, dy)
            }
            let upperRow = y0 >= 0 ? hist + y0 * columns : nil
            let lowerRow = y0 + 1 < rows ? hist + (y0 + 1) * columns : nil
            for x in 0..<pixels {
                let magnitude = magnitudes[x]
                guard magnitude > 0 else { continue }
                let bin = Int(orientations[x]) * cells
                let x0 = columnCell[x]
                let wx1 = columnUpper[x], wx0 = columnLower[x]
                if let upperRow {
                    let base = upperRow + bin
                    if x0 >= 0 { base[x0] += wx0 * wy0 * magnitude }
                    if x0 + 1 < columns { base[x0 + 1] += wx1 * wy0 * magnitude }
                }
                if let lowerRow {
                    let base = lowerRow + bin
                    if x0 >= 0 { base[x0] += wx0 * wy1 * magnitude }
                    if x0 + 1 < columns { base[x0 + 1] += wx1 * wy1 * magnitude }
                }
            }
        }
    }

    /// The nearest of the 18 directions `k * 20` degrees to the gradient's direction (what
    /// FHOG finds with 9 dot products), from a polynomial arctangent accurate to ~0.2 degrees.
    /// Branch-free, so that a loop over a row vectorises: the bin position (0.5...18.5) is
    /// truncated by flooring it and reading the integer off the float's bits after adding 2^23.
    @inline(__always)
    static func signedBin(_ dx: Float, _ dy: Float) -> Int32 {
        let ax = abs(dx), ay = abs(dy)
        let ratio = min(ax, ay) / max(max(ax, ay), 1e-20)
        // atan on 0...1 (Rajan et al.'s approximation), then unfolded to 0..<2 pi.
        var angle = ratio * (Float.pi / 4 + 0.273 * (1 - ratio))
        angle = ay > ax ? Float.pi / 2 - angle : angle
        angle = dx < 0 ? Float.pi - angle : angle
        angle = dy < 0 ? 2 * Float.pi - angle : angle
        let position = (angle * (18 / (2 * Float.pi)) + 0.5).rounded(.down)
        let bin = Int32(bitPattern: (position + 8_388_608).bitPattern) &- 0x4B00_0000
        return bin >= 18 ? bin &- 18 : bin
    }

    /// Normalises the cells, one orientation plane at a time over all cells (contiguous loads and
    /// stores that vectorise): each cell's value is divided by the energy of each of the four 2x2
    /// blocks that contain it, truncated, and averaged; the texture channels add the truncated
    /// unsigned values up per block.
    private func normalise(into output: UnsafeMutablePointer<Float>, channelStride: Int) {
        let directions = Self.directions, bins = 2 * directions, cells = rows * columns
        let hist = histogram, cellEnergy = energy, norms = blockNorms, texture = blockTextures
        cellEnergy.update(repeating: 0, count: cells)
        for k in 0..<directions {
            let positive = hist + k * cells, negative = hist + (k + directions) * cells
            for cell in 0..<cells {
                let v = positive[cell] + negative[cell]
                cellEnergy[cell] += v * v
            }
        }
        let epsilon: Float = 1e-4
        for cy in 0..<rows {
            let up = max(cy - 1, 0), down = min(cy + 1, rows - 1)
            for cx in 0..<columns {
                let left = max(cx - 1, 0), right = min(cx + 1, columns - 1)
                let centre = cellEnergy[cy * columns + cx]
                let east = cellEnergy[cy * columns + right], south = cellEnergy[down * columns + cx]
                let west = cellEnergy[cy * columns + left], north = cellEnergy[up * columns + cx]
                let southEast = cellEnergy[down * columns + right], southWest = cellEnergy[down * columns + left]
                let northEast = cellEnergy[up * columns + right], northWest = cellEnergy[up * columns + left]
                // One normaliser per 2x2 block containing the cell.
                let cell = cy * columns + cx
                norms[cell] = 1 / (centre + east + south + southEast + epsilon).squareRoot()
                norms[cells + cell] = 1 / (centre + east + north + northEast + epsilon).squareRoot()
                norms[2 * cells + cell] = 1 / (centre + west + south + southWest + epsilon).squareRoot()
                norms[3 * cells + cell] = 1 / (centre + west + north + northWest + epsilon).squareRoot()
            }
        }
        let truncation: Float = 0.2
        let n0 = norms, n1 = norms + cells, n2 = norms + 2 * cells, n3 = norms + 3 * cells
        if layout == .fhog {
            for k in 0..<bins {
                let values = hist + k * cells, out = output + k * channelStride
                for cell in 0..<cells {
                    let v = values[cell]
                    out[cell] = 0.5 * (min(v * n0[cell], truncation) + min(v * n1[cell], truncation)
                        + min(v * n2[cell], truncation) + min(v * n3[cell], truncation))
                }
            }
        }
        let unsignedOffset = layout == .fhog ? bins : 0
        let textureOffset = unsignedOffset + directions
        let t0 = texture, t1 = texture + cells, t2 = texture + 2 * cells, t3 = texture + 3 * cells
        texture.update(repeating: 0, count: 4 * cells)
        for k in 0..<directions {
            let positive = hist + k * cells, negative = hist + (k + directions) * cells
            let out = output + (unsignedOffset + k) * channelStride
            for cell in 0..<cells {
                let v = positive[cell] + negative[cell]
                let a = min(v * n0[cell], truncation), b = min(v * n1[cell], truncation)
                let c = min(v * n2[cell], truncation), d = min(v * n3[cell], truncation)
                out[cell] = 0.5 * (a + b + c + d)
                t0[cell] += a
                t1[cell] += b
                t2[cell] += c
                t3[cell] += d
            }
        }
        let textureWeight: Float = 0.2357
        for j in 0..<4 {
            let sums = texture + j * cells, out = output + (textureOffset + j) * channelStride
            for cell in 0..<cells { out[cell] = textureWeight * sums[cell] }
        }
    }

}
