import Foundation
import Numerics

/// A template with its mean removed, ready for normalised cross-correlation.
struct ZeroMeanTemplate {
    let width: Int
    let height: Int
    /// `width * height` values, row-major, summing to zero.
    let values: [Float]
    /// Square root of the sum of squared values; 0 for a flat template (it never matches).
    let norm: Float

    /// Requires `pixels.count == width * height`.
    init(width: Int, height: Int, pixels: [Float]) {
        self.width = width
        self.height = height
        let mean = pixels.isEmpty ? 0 : pixels.reduce(0, +) / Float(pixels.count)
        values = pixels.map { $0 - mean }
        let energy = values.reduce(0) { $0 + $1 * $1 }
        // Below a standard deviation of 1 grey level a patch is too flat to match reliably.
        norm = energy >= Float(max(pixels.count, 1)) ? energy.squareRoot() : 0
    }
}

/// A local maximum of a normalised cross-correlation map.
struct CorrelationPeak {
    /// Template's top-left corner in the search image, pixels, with subpixel refinement.
    let x: Double
    let y: Double
    /// Normalised cross-correlation, -1...1.
    let score: Float
}

/// Normalised cross-correlation of templates over a search image, computed through FFTs
/// (Numerics' ``CircularCorrelator``, whose FFTW plans are cached per size and planned under
/// the process-wide planning lock), with window energies from summed-area tables.
///
/// `ncc(x, y) = Σ T'(i, j) · I(x + i, y + j) / (‖T'‖ · sqrt(Σ (I - Ī)²))` over the window at (x, y),
/// where `T'` is the zero-mean template; windows flatter than one grey level of standard deviation score 0.
///
/// The image is processed in overlapping square tiles (overlap-save). The tile side is a power of
/// two from 64 to 512 chosen per image by the transforms' cost (a small image gets one small tile, a
/// large one a few large tiles), so only four FFT sizes are ever planned and cached. Each tile is
/// transformed once for all templates, and each template once per tile size for as long as the
/// templates stay loaded.
struct CorrelationSearch {
    private static let tileSides = [64, 128, 256, 512]
    /// Templates being searched for: the usable ones of the last ``load(_:)``, all of one size.
    private var templates: [ZeroMeanTemplate] = []
    private var correlators: [Int: CircularCorrelator] = [:]
    /// Tile sides whose correlator holds the loaded templates' spectra.
    private var loadedSides: Set<Int> = []
    private var sums: [Double] = []
    private var squares: [Double] = []
    private var scores: [Float] = []
    /// Per offset, 1 / sqrt(Σ (I - Ī)²) over the window there; 0 for windows too flat to match.
    private var inverseDeviations: [Float] = []

    init() {}

    /// Sets the templates later ``peaks(in:width:height:minimumScore:perTemplate:)`` calls search
    /// for. Flat templates, and templates of another size than the first usable one, are skipped.
    mutating func load(_ candidates: [ZeroMeanTemplate]) {
        let first = candidates.first { $0.norm > 0 }
        templates = candidates.filter { $0.norm > 0 && $0.width == first?.width && $0.height == first?.height }
        loadedSides = []
    }

    /// Peaks of every loaded template's score map with a score of at least `minimumScore`, the best
    /// `perTemplate` of each.
    /// `image` holds `width * height` values, row-major. Nothing is found when the templates are
    /// larger than the image or than the largest tile.
    mutating func peaks(in image: UnsafeBufferPointer<Float>, width: Int, height: Int,
                        minimumScore: Float, perTemplate: Int) -> [CorrelationPeak] {
        guard width > 0, height > 0, image.count >= width * height, let size = templates.first,
              size.width <= width, size.height <= height else { return [] }
        let validColumns = width - size.width + 1, validRows = height - size.height + 1
        guard let side = Self.tileSide(validColumns: validColumns, validRows: validRows, templateWidth: size.width,
                                       templateHeight: size.height, templateCount: templates.count) else { return [] }
        let correlator = correlator(side: side)
        let mapCount = validColumns * validRows
        buildSummedAreaTables(image, width: width, height: height)
        buildInverseDeviations(width: width, windowWidth: size.width, windowHeight: size.height,
                               validColumns: validColumns, validRows: validRows)
        if scores.count < templates.count * mapCount { scores = [Float](repeating: 0, count: templates.count * mapCount) }
        // Each tile yields the scores of offsets whose window lies inside the tile (overlap-save).
        let stepX = side - size.width + 1, stepY = side - size.height + 1
        var tileY = 0
        while tileY < validRows {
            var tileX = 0
            while tileX < validColumns {
                correlator.loadSignal { out in
                    let columns = min(side, width - tileX), rows = min(side, height - tileY)
                    for y in 0..<rows {
                        let source = (tileY + y) * width + tileX
                        for x in 0..<columns { out[y * side + x] = image[source + x] }
                    }
                }
                for slot in templates.indices {
                    correlator.withResponse(toTemplate: slot) { response in
                        fillScores(response, side: side, template: templates[slot], map: slot * mapCount,
                                   originX: tileX, originY: tileY,
                                   columns: min(stepX, validColumns - tileX), rows: min(stepY, validRows - tileY),
                                   validColumns: validColumns)
                    }
                }
                tileX += stepX
            }
            tileY += stepY
        }
        return templates.indices.flatMap { slot in
            localMaxima(map: slot * mapCount, validColumns: validColumns, validRows: validRows,
                        minimumScore: minimumScore, limit: perTemplate)
        }
    }

    /// The tile side whose transforms cost least for a `validColumns x validRows` map of offsets:
    /// tiles needed x (one forward + one inverse transform per template) x `side² log side`.
    /// nil when the template does not fit the largest tile.
    private static func tileSide(validColumns: Int, validRows: Int, templateWidth: Int, templateHeight: Int,
                                 templateCount: Int) -> Int? {
        var best: (side: Int, cost: Double)?
        for side in tileSides where side > templateWidth && side > templateHeight {
            let stepX = side - templateWidth + 1, stepY = side - templateHeight + 1
            let tiles = ((validColumns + stepX - 1) / stepX) * ((validRows + stepY - 1) / stepY)
            let cost = Double(tiles * (1 + templateCount)) * Double(side * side) * log2(Double(side))
            if let current = best, current.cost <= cost { continue }
            best = (side, cost)
        }
        return best?.side
    }

    /// The correlator for `side`-pixel tiles, holding the loaded templates' spectra.
    private mutating func correlator(side: Int) -> CircularCorrelator {
        let correlator = correlators[side] ?? CircularCorrelator(rows: side, columns: side)
        correlators[side] = correlator
        if !loadedSides.contains(side) {
            correlator.loadTemplates(count: templates.count) { slot, out in
                let template = templates[slot]
                template.values.withUnsafeBufferPointer { values in
                    for j in 0..<template.height {
                        for i in 0..<template.width { out[j * side + i] = values[j * template.width + i] }
                    }
                }
            }
            loadedSides.insert(side)
        }
        return correlator
    }

    private mutating func buildSummedAreaTables(_ image: UnsafeBufferPointer<Float>, width: Int, height: Int) {
        let stride = width + 1, count = stride * (height + 1)
        if sums.count != count {
            sums = [Double](repeating: 0, count: count)
            squares = [Double](repeating: 0, count: count)
        }
        sums.withUnsafeMutableBufferPointer { sum in
            squares.withUnsafeMutableBufferPointer { square in
                for x in 0..<stride { sum[x] = 0; square[x] = 0 }
                for y in 0..<height {
                    var rowSum = 0.0, rowSquares = 0.0
                    sum[(y + 1) * stride] = 0
                    square[(y + 1) * stride] = 0
                    for x in 0..<width {
                        let v = Double(image[y * width + x])
                        rowSum += v
                        rowSquares += v * v
                        sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + rowSum
                        square[(y + 1) * stride + x + 1] = square[y * stride + x + 1] + rowSquares
                    }
                }
            }
        }
    }

    /// `1 / sqrt(Σ (I - Ī)²)` of every `windowWidth x windowHeight` window, from the summed-area
    /// tables; 0 where the window's standard deviation is under one grey level.
    private mutating func buildInverseDeviations(width: Int, windowWidth: Int, windowHeight: Int, validColumns: Int, validRows: Int) {
        let stride = width + 1, tw = windowWidth, th = windowHeight, n = Double(tw * th)
        if inverseDeviations.count < validColumns * validRows {
            inverseDeviations = [Float](repeating: 0, count: validColumns * validRows)
        }
        sums.withUnsafeBufferPointer { sum in
            squares.withUnsafeBufferPointer { square in
                inverseDeviations.withUnsafeMutableBufferPointer { out in
                    for y in 0..<validRows {
                        for x in 0..<validColumns {
                            let a = y * stride + x, b = (y + th) * stride + x
                            let s = sum[a] - sum[a + tw] - sum[b] + sum[b + tw]
                            let q = square[a] - square[a + tw] - square[b] + square[b + tw]
                            let energy = q - s * s / n
                            out[y * validColumns + x] = energy >= n ? Float(1 / energy.squareRoot()) : 0
                        }
                    }
                }
            }
        }
    }

    /// Scores of the offsets `originX ..< originX + columns` x `originY ..< originY + rows` into the
    /// score map starting at `scores[map]`, from a `side`-pixel tile's correlation response (offset
    /// (u, v) of the tile at numerator[v * side + u]).
    private mutating func fillScores(_ numerator: UnsafeBufferPointer<Float>, side: Int, template: ZeroMeanTemplate, map: Int,
                                     originX: Int, originY: Int, columns: Int, rows: Int, validColumns: Int) {
        let inverseNorm = 1 / template.norm
        inverseDeviations.withUnsafeBufferPointer { deviation in
            scores.withUnsafeMutableBufferPointer { out in
                for v in 0..<rows {
                    let row = (originY + v) * validColumns + originX
                    for u in 0..<columns {
                        let value = numerator[v * side + u] * deviation[row + u] * inverseNorm
                        out[map + row + u] = min(max(value, -1), 1)
                    }
                }
            }
        }
    }

    /// Local maxima of the score map starting at `scores[map]`.
    private func localMaxima(map: Int, validColumns: Int, validRows: Int, minimumScore: Float,
                             limit: Int) -> [CorrelationPeak] {
        var peaks: [CorrelationPeak] = []
        scores.withUnsafeBufferPointer { scores in
            func at(_ x: Int, _ y: Int) -> Float { scores[map + y * validColumns + x] }
            for y in 0..<validRows {
                for x in 0..<validColumns {
                    let centre = at(x, y)
                    guard centre >= minimumScore else { continue }
                    var isPeak = true
                    for dy in -1...1 where isPeak {
                        for dx in -1...1 where !(dx == 0 && dy == 0) {
                            let nx = x + dx, ny = y + dy
                            guard nx >= 0, ny >= 0, nx < validColumns, ny < validRows else { continue }
                            let neighbour = at(nx, ny)
                            // Ties go to the first position in scan order.
                            if neighbour > centre || (neighbour == centre && (ny < y || (ny == y && nx < x))) {
                                isPeak = false
                                break
                            }
                        }
                    }
                    guard isPeak else { continue }
                    let offsetX = x > 0 && x + 1 < validColumns ? Self.vertexOffset(at(x - 1, y), centre, at(x + 1, y)) : 0
                    let offsetY = y > 0 && y + 1 < validRows ? Self.vertexOffset(at(x, y - 1), centre, at(x, y + 1)) : 0
                    peaks.append(CorrelationPeak(x: Double(x) + offsetX, y: Double(y) + offsetY,
                                                 score: centre))
                }
            }
        }
        return Array(peaks.sorted { $0.score > $1.score }.prefix(limit))
    }

    /// Offset (-0.5...0.5) of the vertex of the parabola through three equally spaced samples.
    private static func vertexOffset(_ left: Float, _ centre: Float, _ right: Float) -> Double {
        let curvature = Double(left) - 2 * Double(centre) + Double(right)
        guard curvature < 0 else { return 0 }
        return min(max(0.5 * (Double(left) - Double(right)) / curvature, -0.5), 0.5)
    }
}
