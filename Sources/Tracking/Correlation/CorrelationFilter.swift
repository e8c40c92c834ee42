import Foundation
import Numerics

/// A multi-channel discriminative correlation filter (the closed-form MOSSE/DSST solution)
/// over a `rows x columns` grid with `channels` feature planes; `rows == 1` gives a 1-D filter
/// (the scale filter).
///
/// Learning keeps, per frequency, the numerator `conj(G) X_c` for each channel and the shared
/// energy `sum_c |X_c|^2`, both as running averages with a learning rate; detection evaluates
/// `sum_c conj(A_c) Z_c / (B + regularisation)` and transforms it back. The desired response `G`
/// is a Gaussian peaked at grid position (0, 0) with wrap-around, so the response peak's position
/// (wrapped to `-size/2 ..< size/2`) is the displacement of the sample since training. Optionally
/// the filter is solved with its coefficients constrained to a box around the object, and
/// detection uses that filter instead.
///
/// All buffers are allocated at init; ``load()``, ``learn(rate:)`` and ``respond()`` allocate nothing.
package final class CorrelationFilter {
    let rows: Int
    let columns: Int
    let channels: Int
    let regularisation: Float
    /// Feature planes to fill before ``load(_:)``: `channels x rows x columns` floats.
    package let features: AlignedBuffer
    /// The last response (`rows x columns`, peak at the displacement), valid after ``respond()``.
    let response: AlignedBuffer
    private(set) var isTrained = false

    /// Transforms all feature planes at once.
    private let stackPlan: FFTPlan
    /// Transforms one plane (the label and the response).
    private let singlePlan: FFTPlan
    private let window: [Float]
    private let label: AlignedBuffer
    private let shiftedLabel: AlignedBuffer
    /// Per-row then per-column unit phasors for ``shiftLabel(row:column:)``.
    private let phases: AlignedBuffer
    private let sample: AlignedBuffer
    private let numerator: AlignedBuffer
    private let energy: AlignedBuffer
    private let scratch: AlignedBuffer
    private let responseSpectrum: AlignedBuffer
    /// The model after its first training, for ``referencePeak(row:column:radius:)``.
    private let referenceNumerator: AlignedBuffer
    private let referenceEnergy: AlignedBuffer
    private let referenceResponse: AlignedBuffer
    /// Present when the filter's coefficients are constrained to the object's box.
    private let constrained: SupportConstrainedFilter?

    /// `sigma`: the Gaussian label's standard deviation in grid cells along (rows, columns);
    /// `window`: `rows x columns` weights applied to every plane before the transform;
    /// `constrainedToSupport`: solve for a filter with no coefficients outside a box around the
    /// object (``SupportConstrainedFilter``) after each ``learn(rate:shift:support:)``.
    package init(rows: Int, columns: Int, channels: Int, sigma: (row: Double, column: Double),
         window: [Float], regularisation: Float, constrainedToSupport: Bool = false) {
        precondition(window.count == rows * columns, "window must cover the grid")
        self.rows = rows
        self.columns = columns
        self.channels = channels
        self.regularisation = regularisation
        self.window = window
        stackPlan = FFTPlan.shared(rows: rows, columns: columns, count: channels)
        singlePlan = FFTPlan.shared(rows: rows, columns: columns, count: 1)
        let spectrum = stackPlan.spectrumCount
        features = AlignedBuffer(count: channels * rows * columns)
        response = AlignedBuffer(count: rows * columns)
        label = AlignedBuffer(count: 2 * spectrum)
        shiftedLabel = AlignedBuffer(count: 2 * spectrum)
        phases = AlignedBuffer(count: 2 * (rows + columns / 2 + 1))
        sample = AlignedBuffer(count: 2 * spectrum * channels)
        numerator = AlignedBuffer(count: 2 * spectrum * channels)
        energy = AlignedBuffer(count: spectrum)
        scratch = AlignedBuffer(count: spectrum)
        responseSpectrum = AlignedBuffer(count: 2 * spectrum)
        referenceNumerator = AlignedBuffer(count: 2 * spectrum * channels)
        referenceEnergy = AlignedBuffer(count: spectrum)
        referenceResponse = AlignedBuffer(count: rows * columns)
        constrained = constrainedToSupport ? SupportConstrainedFilter(rows: rows, columns: columns, channels: channels) : nil
        for r in 0..<rows {
            let dr = Double(r <= rows / 2 ? r : r - rows)
            for c in 0..<columns {
                let dc = Double(c <= columns / 2 ? c : c - columns)
                let exponent = -0.5 * (dr * dr / (sigma.row * sigma.row) + dc * dc / (sigma.column * sigma.column))
                response.pointer[r * columns + c] = Float(exp(exponent))
            }
        }
        singlePlan.forward(response, label)
        response.fill(0)
    }

    /// Multiplies ``features`` by the window and transforms them; the input of ``learn(rate:)``
    /// and ``respond()``.
    package func load() {
        let planeSize = rows * columns
        window.withUnsafeBufferPointer { window in
            for c in 0..<channels {
                let plane = features.pointer + c * planeSize
                for i in 0..<planeSize { plane[i] *= window[i] }
            }
        }
        stackPlan.forward(features, sample)
    }

    /// Blends the loaded sample into the model; the first call replaces the model whatever the rate.
    /// `shift` (cells, may be fractional) moves the desired peak: pass the detected displacement to
    /// learn from the search sample itself instead of a new sample centred on the object.
    /// `support` (cells) is the size of the box, centred on the object, outside which a filter made
    /// with `constrainedToSupport` has no coefficients.
    package func learn(rate: Float, shift: (row: Double, column: Double) = (0, 0),
               support: (width: Double, height: Double) = (0, 0)) {
        var target = UnsafePointer(label.pointer)
        if shift.row != 0 || shift.column != 0 {
            shiftLabel(row: shift.row, column: shift.column)
            target = UnsafePointer(shiftedLabel.pointer)
        }
        SpectrumMath.learn(sample: sample.pointer, label: target, channels: channels,
                           count: stackPlan.spectrumCount, rate: isTrained ? rate : 1,
                           numerator: numerator.pointer, energy: energy.pointer, scratch: scratch.pointer)
        if !isTrained {
            referenceNumerator.pointer.update(from: numerator.pointer, count: numerator.count)
            referenceEnergy.pointer.update(from: energy.pointer, count: energy.count)
        }
        isTrained = true
        constrained?.solve(numerator: numerator.pointer, energy: energy.pointer, regularisation: regularisation,
                           supportWidth: support.width, supportHeight: support.height)
    }

    /// The highest response, within `radius` cells of (`row`, `column`), of the loaded sample to
    /// the model as first trained (never updated since): how much the object at the tracked
    /// position still looks like the one tracking started on. Overwrites nothing of ``response``.
    func referencePeak(row: Int, column: Int, radius: Int) -> Float {
        SpectrumMath.respond(sample: sample.pointer, numerator: referenceNumerator.pointer,
                             energy: referenceEnergy.pointer, regularisation: regularisation, channels: channels,
                             count: stackPlan.spectrumCount, output: responseSpectrum.pointer)
        singlePlan.inverse(responseSpectrum, referenceResponse)
        let values = referenceResponse.pointer
        var best = -Float.infinity
        for dr in -radius...radius {
            let r = ((row + dr) % rows + rows) % rows
            for dc in -radius...radius {
                best = max(best, values[r * columns + ((column + dc) % columns + columns) % columns])
            }
        }
        return best / Float(rows * columns)
    }

    /// `shiftedLabel = label * exp(-2 pi i (u row / rows + v column / columns))`: the label moved by
    /// (row, column) cells (Fourier shift theorem, frequencies wrapped to be symmetric).
    private func shiftLabel(row: Double, column: Double) {
        let halfColumns = columns / 2 + 1
        let rowPhase = phases.pointer, columnPhase = phases.pointer + 2 * rows
        for u in 0..<rows {
            let frequency = Double(u <= rows / 2 ? u : u - rows)
            let angle = -2 * Double.pi * frequency * row / Double(rows)
            rowPhase[2 * u] = Float(cos(angle))
            rowPhase[2 * u + 1] = Float(sin(angle))
        }
        for v in 0..<halfColumns {
            let angle = -2 * Double.pi * Double(v) * column / Double(columns)
            columnPhase[2 * v] = Float(cos(angle))
            columnPhase[2 * v + 1] = Float(sin(angle))
        }
        let source = label.pointer, target = shiftedLabel.pointer
        for u in 0..<rows {
            let ur = rowPhase[2 * u], ui = rowPhase[2 * u + 1]
            for v in 0..<halfColumns {
                let pr = ur * columnPhase[2 * v] - ui * columnPhase[2 * v + 1]
                let pi = ur * columnPhase[2 * v + 1] + ui * columnPhase[2 * v]
                let i = u * halfColumns + v
                let lr = source[2 * i], li = source[2 * i + 1]
                target[2 * i] = lr * pr - li * pi
                target[2 * i + 1] = lr * pi + li * pr
            }
        }
    }

    /// Correlates the loaded sample with the model into ``response`` and returns the peak.
    @discardableResult
    package func respond() -> CorrelationPeak {
        if let constrained {
            SpectrumMath.respond(sample: sample.pointer, filter: constrained.filter.pointer, channels: channels,
                                 count: stackPlan.spectrumCount, output: responseSpectrum.pointer)
        } else {
            SpectrumMath.respond(sample: sample.pointer, numerator: numerator.pointer, energy: energy.pointer,
                                 regularisation: regularisation, channels: channels, count: stackPlan.spectrumCount,
                                 output: responseSpectrum.pointer)
        }
        singlePlan.inverse(responseSpectrum, response)
        let scale = 1 / Float(rows * columns)
        let values = response.pointer
        for i in 0..<(rows * columns) { values[i] *= scale }
        return peak()
    }

    /// The maximum of ``response`` (which a caller may have changed since ``respond()``).
    func peak() -> CorrelationPeak {
        let values = response.pointer
        var best = -Float.infinity, bestIndex = 0
        for i in 0..<(rows * columns) where values[i] > best {
            best = values[i]
            bestIndex = i
        }
        let row = bestIndex / columns, column = bestIndex % columns
        let rowOffset = rows > 2 ? Self.parabolicOffset(
            values[((row + rows - 1) % rows) * columns + column], best, values[((row + 1) % rows) * columns + column]) : 0
        let columnOffset = columns > 2 ? Self.parabolicOffset(
            values[row * columns + (column + columns - 1) % columns], best, values[row * columns + (column + 1) % columns]) : 0
        let wrappedRow = Double(row > rows / 2 ? row - rows : row) + rowOffset
        let wrappedColumn = Double(column > columns / 2 ? column - columns : column) + columnOffset
        return CorrelationPeak(row: row, column: column, rowShift: wrappedRow, columnShift: wrappedColumn, value: best)
    }

    /// Sub-cell position of a maximum from its two neighbours, in -0.5...0.5.
    private static func parabolicOffset(_ before: Float, _ peak: Float, _ after: Float) -> Double {
        let curvature = before - 2 * peak + after
        guard curvature < 0 else { return 0 }
        return Double(max(-0.5, min(0.5, 0.5 * (before - after) / curvature)))
    }
}

/// The maximum of a correlation response.
package struct CorrelationPeak {
    /// Grid index of the maximum.
    package let row: Int
    package let column: Int
    /// Displacement in cells (wrapped, sub-cell refined).
    package let rowShift: Double
    package let columnShift: Double
    /// Response value at the maximum (1 for a perfect match of the training sample).
    package let value: Float
}
