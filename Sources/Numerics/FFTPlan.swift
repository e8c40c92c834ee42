import CFFTW
import Foundation

/// A real-to-complex / complex-to-real pair of FFTW plans (single precision) for a stack of
/// `count` equally sized real arrays laid out one after another, `rows x columns` each
/// (`rows == 1` for 1-D transforms).
///
/// Plans are made once per shape for the whole process and shared by every tracker: FFTW's
/// new-array execute functions are thread-safe, planning is not, so `FFTPlan.shared` serialises
/// planning behind one process-wide lock. Buffers passed to ``forward(_:_:)`` and ``inverse(_:_:)``
/// must come from ``AlignedBuffer`` (FFTW requires the planning alignment).
///
/// Spectra use FFTW's half-spectrum layout: `rows x (columns / 2 + 1)` complex values per array,
/// interleaved re/im. The inverse is unnormalised (multiply by `1 / (rows * columns)`).
package final class FFTPlan: @unchecked Sendable {
    package struct Shape: Hashable {
        package let rows: Int
        package let columns: Int
        package let count: Int
    }

    package let shape: Shape
    /// Complex values per array in the half spectrum.
    package let spectrumCount: Int
    private let forwardPlan: OpaquePointer
    private let inversePlan: OpaquePointer

    /// The one lock around every `fftwf_plan_*` call in the process.
    private static let planningLock = NSLock()
    /// Guarded by ``planningLock``.
    nonisolated(unsafe) private static var cache: [Shape: FFTPlan] = [:]

    /// The cached plan for a shape, planned on first use and reused for the life of the process.
    /// `FFTW_ESTIMATE`: planning takes microseconds; `FFTW_MEASURE` made updates only ~4% faster
    /// but cost ~100 ms per new shape, and trackers start often (re-seeding). Requires positive sizes.
    package static func shared(rows: Int, columns: Int, count: Int) -> FFTPlan {
        let shape = Shape(rows: rows, columns: columns, count: count)
        planningLock.lock()
        defer { planningLock.unlock() }
        if let plan = cache[shape] { return plan }
        let plan = FFTPlan(shape: shape)
        cache[shape] = plan
        return plan
    }

    /// Runs only under `planningLock`.
    private init(shape: Shape) {
        precondition(shape.rows > 0 && shape.columns > 0 && shape.count > 0, "FFT shape must be positive")
        self.shape = shape
        let halfColumns = shape.columns / 2 + 1
        let spectrumCount = shape.rows * halfColumns
        self.spectrumCount = spectrumCount
        let realCount = shape.rows * shape.columns
        let real = AlignedBuffer(count: realCount * shape.count)
        let complex = AlignedBuffer(count: 2 * spectrumCount * shape.count)
        var dims: [Int32] = shape.rows == 1 ? [Int32(shape.columns)] : [Int32(shape.rows), Int32(shape.columns)]
        let rank = Int32(dims.count)
        let flags = UInt32(FFTW_ESTIMATE)
        let made: (OpaquePointer?, OpaquePointer?) = dims.withUnsafeMutableBufferPointer { n in
            let f = fftwf_plan_many_dft_r2c(rank, n.baseAddress, Int32(shape.count),
                                            real.pointer, nil, 1, Int32(realCount),
                                            complex.complexPointer, nil, 1, Int32(spectrumCount), flags)
            let i = fftwf_plan_many_dft_c2r(rank, n.baseAddress, Int32(shape.count),
                                            complex.complexPointer, nil, 1, Int32(spectrumCount),
                                            real.pointer, nil, 1, Int32(realCount), flags)
            return (f, i)
        }
        guard let forward = made.0, let inverse = made.1 else {
            fatalError("FFTW could not plan a \(shape.rows)x\(shape.columns)x\(shape.count) transform")
        }
        forwardPlan = forward
        inversePlan = inverse
    }

    deinit {
        FFTPlan.planningLock.lock()
        fftwf_destroy_plan(forwardPlan)
        fftwf_destroy_plan(inversePlan)
        FFTPlan.planningLock.unlock()
    }

    /// Real arrays (`count * rows * columns` floats) to half spectra (`count * spectrumCount` complex).
    package func forward(_ real: AlignedBuffer, _ spectrum: AlignedBuffer) {
        fftwf_execute_dft_r2c(forwardPlan, real.pointer, spectrum.complexPointer)
    }

    /// Half spectra to real arrays, unnormalised. Destroys the contents of `spectrum`
    /// (FFTW's multi-dimensional c2r overwrites its input).
    package func inverse(_ spectrum: AlignedBuffer, _ real: AlignedBuffer) {
        fftwf_execute_dft_c2r(inversePlan, spectrum.complexPointer, real.pointer)
    }
}
