/// Circular cross-correlation of equally sized real 2-D arrays through FFTW, with the same
/// transforms the correlation filters use:
/// `result[r][c] = sum_{i,j} template[i][j] * signal[(i + r) % rows][(j + c) % columns]`.
/// The peak of the result is the circular shift of `template` that best matches `signal`.
///
///     let correlator = CircularCorrelator(rows: 32, columns: 32)
///     let scores = correlator.correlate(template, with: signal)   // 32 * 32 values, row-major
///
/// Matching several templates against many signals (tiles of a search image) transforms each
/// once: ``loadTemplates(count:fill:)`` keeps the templates' spectra, ``loadSignal(fill:)``
/// transforms one signal, and ``withResponse(toTemplate:_:)`` then costs one product and one
/// inverse transform per template.
///
/// Not thread-safe (owns its buffers); make one per thread.
public final class CircularCorrelator {
    public let rows: Int
    public let columns: Int
    private let plan: FFTPlan
    private let real: AlignedBuffer
    private var templateSpectra: [AlignedBuffer] = []
    /// Templates loaded by the last ``loadTemplates(count:fill:)``.
    public private(set) var templateCount = 0
    private let signalSpectrum: AlignedBuffer
    private let product: AlignedBuffer

    /// Requires positive sizes.
    public init(rows: Int, columns: Int) {
        precondition(rows > 0 && columns > 0, "correlation size must be positive")
        self.rows = rows
        self.columns = columns
        plan = FFTPlan.shared(rows: rows, columns: columns, count: 1)
        real = AlignedBuffer(count: rows * columns)
        signalSpectrum = AlignedBuffer(count: 2 * plan.spectrumCount)
        product = AlignedBuffer(count: 2 * plan.spectrumCount)
    }

    /// Replaces the templates with `count` new ones: `fill(index, values)` writes template `index`
    /// into `rows * columns` values, row-major, that start at zero.
    public func loadTemplates(count: Int, fill: (Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        let spectrumFloats = 2 * plan.spectrumCount
        while templateSpectra.count < count { templateSpectra.append(AlignedBuffer(count: spectrumFloats)) }
        templateCount = max(0, count)
        for index in 0..<templateCount {
            real.fill(0)
            fill(index, real.buffer)
            plan.forward(real, templateSpectra[index])
        }
    }

    /// Replaces the signal: `fill` writes it into `rows * columns` values, row-major, that start at zero.
    public func loadSignal(fill: (UnsafeMutableBufferPointer<Float>) -> Void) {
        real.fill(0)
        fill(real.buffer)
        plan.forward(real, signalSpectrum)
    }

    /// Calls `body` with the correlation of template `index` and the loaded signal: `rows * columns`
    /// values, row-major, valid only inside `body`. Does nothing for an index out of range.
    public func withResponse(toTemplate index: Int, _ body: (UnsafeBufferPointer<Float>) -> Void) {
        guard index >= 0, index < templateCount else { return }
        // Scaled here, since FFTW's inverse is unnormalised.
        Self.correlate(sample: signalSpectrum.pointer, template: templateSpectra[index].pointer,
                               scale: 1 / Float(rows * columns), count: plan.spectrumCount, output: product.pointer)
        plan.inverse(product, real)
        body(UnsafeBufferPointer(real.buffer))
    }

    /// Both inputs `rows * columns` values, row-major; returns `rows * columns` values, or an empty
    /// array when a size does not match. Replaces the loaded templates and signal.
    public func correlate(_ template: [Float], with signal: [Float]) -> [Float] {
        let count = rows * columns
        guard template.count == count, signal.count == count else { return [] }
        loadTemplates(count: 1) { _, values in _ = values.update(fromContentsOf: template) }
        loadSignal { values in _ = values.update(fromContentsOf: signal) }
        var result: [Float] = []
        withResponse(toTemplate: 0) { result = Array($0) }
        return result
    }

    /// `output = scale * conj(template) * sample`: the spectrum of a plain circular correlation.
    private static func correlate(sample: UnsafePointer<Float>, template: UnsafePointer<Float>, scale: Float, count: Int,
                                  output: UnsafeMutablePointer<Float>) {
        for i in 0..<count {
            let ar = template[2 * i], ai = template[2 * i + 1], zr = sample[2 * i], zi = sample[2 * i + 1]
            output[2 * i] = (ar * zr + ai * zi) * scale
            output[2 * i + 1] = (ar * zi - ai * zr) * scale
        }
    }
}
