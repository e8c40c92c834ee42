/// Circular cross-correlation of two equally sized real 2-D arrays through FFTW, with the same
/// transforms and spectrum arithmetic the correlation filters use:
/// `result[r][c] = sum_{i,j} template[i][j] * signal[(i + r) % rows][(j + c) % columns]`.
/// The peak of the result is the circular shift of `template` that best matches `signal`.
///
///     let correlator = CircularCorrelator(rows: 32, columns: 32)
///     let scores = correlator.correlate(template, with: signal)   // 32 * 32 values, row-major
///
/// Not thread-safe (owns its buffers); make one per thread.
public final class CircularCorrelator {
    public let rows: Int
    public let columns: Int
    private let plan: FFTPlan
    private let real: AlignedBuffer
    private let templateSpectrum: AlignedBuffer
    private let signalSpectrum: AlignedBuffer
    private let product: AlignedBuffer
    /// All-zero energy term: with regularisation 1 the filter arithmetic is a plain correlation.
    private let zeroEnergy: AlignedBuffer

    /// Requires positive sizes.
    public init(rows: Int, columns: Int) {
        precondition(rows > 0 && columns > 0, "correlation size must be positive")
        self.rows = rows
        self.columns = columns
        plan = FFTPlan.shared(rows: rows, columns: columns, count: 1)
        real = AlignedBuffer(count: rows * columns)
        templateSpectrum = AlignedBuffer(count: 2 * plan.spectrumCount)
        signalSpectrum = AlignedBuffer(count: 2 * plan.spectrumCount)
        product = AlignedBuffer(count: 2 * plan.spectrumCount)
        zeroEnergy = AlignedBuffer(count: plan.spectrumCount)
    }

    /// Both inputs `rows * columns` values, row-major; returns `rows * columns` values, or an empty
    /// array when a size does not match.
    public func correlate(_ template: [Float], with signal: [Float]) -> [Float] {
        let count = rows * columns
        guard template.count == count, signal.count == count else { return [] }
        _ = real.buffer.update(fromContentsOf: template)
        plan.forward(real, templateSpectrum)
        _ = real.buffer.update(fromContentsOf: signal)
        plan.forward(real, signalSpectrum)
        SpectrumMath.respond(sample: signalSpectrum.pointer, numerator: templateSpectrum.pointer,
                             energy: zeroEnergy.pointer, regularisation: 1, channels: 1,
                             count: plan.spectrumCount, output: product.pointer)
        plan.inverse(product, real)
        let scale = 1 / Float(count)
        return (0..<count).map { real.pointer[$0] * scale }
    }
}
