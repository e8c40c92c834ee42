import Tracking

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
    /// Which template matched.
    let template: Int
    /// Template's top-left corner in the search image, pixels, with subpixel refinement.
    let x: Double
    let y: Double
    /// Normalised cross-correlation, -1...1.
    let score: Float
}

/// Normalised cross-correlation of templates over a search image, computed through FFTs
/// (Tracking's ``CircularCorrelator``, whose FFTW plans are cached per size and planned under
/// the process-wide planning lock), with window energies from summed-area tables.
///
/// `ncc(x, y) = Σ T'(i, j) · I(x + i, y + j) / (‖T'‖ · sqrt(Σ (I - Ī)²))` over the window at (x, y),
/// where `T'` is the zero-mean template; windows flatter than one grey level of standard deviation score 0.
///
/// The image is processed in overlapping square tiles of one fixed size (overlap-save), so a single
/// FFT size is planned and cached, whatever the frame and object sizes, and the transforms stay
/// small and cache-friendly.
struct CorrelationSearch {
    /// Side of the FFT tiles; templates must be smaller.
    let tileSide: Int
    private let correlator: CircularCorrelator
    private var signal: [Float] = []
    private var kernel: [Float] = []
    private var sums: [Double] = []
    private var squares: [Double] = []
    private var scores: [Float] = []

    /// `largestTemplateSide`: the longest template side searched (tiles are at least twice as large).
    init(largestTemplateSide: Int) {
        var side = 128
        while side < 2 * largestTemplateSide && side < 1024 { side *= 2 }
        tileSide = side
        correlator = CircularCorrelator(rows: side, columns: side)
    }

    /// Peaks of every template's score map with a score of at least `minimumScore`, the best
    /// `perTemplate` of each. `image` holds `width * height` values, row-major. Templates larger
    /// than the image or than a tile are skipped.
    mutating func peaks(in image: UnsafeBufferPointer<Float>, width: Int, height: Int, templates: [ZeroMeanTemplate],
                        minimumScore: Float, perTemplate: Int) -> [CorrelationPeak] {
        guard width > 0, height > 0, image.count >= width * height else { return [] }
        buildSummedAreaTables(image, width: width, height: height)
        var found: [CorrelationPeak] = []
        for (index, template) in templates.enumerated() {
            guard template.norm > 0, template.width <= width, template.height <= height,
                  template.width < tileSide, template.height < tileSide else { continue }
            let validColumns = width - template.width + 1, validRows = height - template.height + 1
            if scores.count < validColumns * validRows { scores = [Float](repeating: 0, count: validColumns * validRows) }
            prepareKernel(template)
            // Each tile yields the scores of offsets whose window lies inside the tile.
            let stepX = tileSide - template.width + 1, stepY = tileSide - template.height + 1
            var tileY = 0
            while tileY < validRows {
                var tileX = 0
                while tileX < validColumns {
                    fillSignal(image, width: width, height: height, originX: tileX, originY: tileY)
                    let response = correlator.correlate(kernel, with: signal)
                    if response.count == tileSide * tileSide {
                        fillScores(response, template: template, originX: tileX, originY: tileY,
                                   columns: min(stepX, validColumns - tileX), rows: min(stepY, validRows - tileY),
                                   validColumns: validColumns, imageWidth: width)
                    }
                    tileX += stepX
                }
                tileY += stepY
            }
            found += localMaxima(template: index, validColumns: validColumns, validRows: validRows,
                                 minimumScore: minimumScore, limit: perTemplate)
        }
        return found
    }

    private mutating func prepareKernel(_ template: ZeroMeanTemplate) {
        let count = tileSide * tileSide
        if kernel.count != count { kernel = [Float](repeating: 0, count: count) }
        kernel.withUnsafeMutableBufferPointer { out in
            for k in 0..<count { out[k] = 0 }
            template.values.withUnsafeBufferPointer { values in
                for j in 0..<template.height {
                    for i in 0..<template.width { out[j * tileSide + i] = values[j * template.width + i] }
                }
            }
        }
    }

    /// The tile of the image whose top-left pixel is (originX, originY), zero outside the image.
    private mutating func fillSignal(_ image: UnsafeBufferPointer<Float>, width: Int, height: Int, originX: Int, originY: Int) {
        let side = tileSide, count = side * side
        if signal.count != count { signal = [Float](repeating: 0, count: count) }
        signal.withUnsafeMutableBufferPointer { out in
            for k in 0..<count { out[k] = 0 }
            let columns = min(side, width - originX), rows = min(side, height - originY)
            for y in 0..<rows {
                let source = (originY + y) * width + originX
                for x in 0..<columns { out[y * side + x] = image[source + x] }
            }
        }
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

    /// Scores of the offsets `originX ..< originX + columns` x `originY ..< originY + rows`, from the
    /// tile's correlation response (offset (u, v) of the tile at response[v * tileSide + u]).
    private mutating func fillScores(_ response: [Float], template: ZeroMeanTemplate, originX: Int, originY: Int,
                                     columns: Int, rows: Int, validColumns: Int, imageWidth: Int) {
        let stride = imageWidth + 1, tw = template.width, th = template.height, side = tileSide
        let n = Double(tw * th), norm = Double(template.norm)
        response.withUnsafeBufferPointer { numerator in
            sums.withUnsafeBufferPointer { sum in
                squares.withUnsafeBufferPointer { square in
                    scores.withUnsafeMutableBufferPointer { out in
                        for v in 0..<rows {
                            let y = originY + v
                            for u in 0..<columns {
                                let x = originX + u
                                let a = y * stride + x, b = (y + th) * stride + x
                                let s = sum[a] - sum[a + tw] - sum[b] + sum[b + tw]
                                let q = square[a] - square[a + tw] - square[b] + square[b + tw]
                                let energy = q - s * s / n
                                var value: Float = 0
                                if energy >= n {
                                    value = Float(Double(numerator[v * side + u]) / (energy.squareRoot() * norm))
                                    value = min(max(value, -1), 1)
                                }
                                out[y * validColumns + x] = value
                            }
                        }
                    }
                }
            }
        }
    }

    private func localMaxima(template: Int, validColumns: Int, validRows: Int, minimumScore: Float,
                             limit: Int) -> [CorrelationPeak] {
        var peaks: [CorrelationPeak] = []
        scores.withUnsafeBufferPointer { map in
            func at(_ x: Int, _ y: Int) -> Float { map[y * validColumns + x] }
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
                    peaks.append(CorrelationPeak(template: template, x: Double(x) + offsetX, y: Double(y) + offsetY,
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
