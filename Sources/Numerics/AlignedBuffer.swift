import CFFTW

/// Float storage allocated with `fftwf_malloc`, so FFTW's SIMD code paths accept it for any plan
/// of the process-wide cache. Owns its memory and frees it in `deinit`; zero-filled at creation.
package final class AlignedBuffer {
    /// Number of `Float` values.
    package let count: Int
    package let pointer: UnsafeMutablePointer<Float>

    package init(count: Int) {
        let size = max(1, count)
        let raw = fftwf_malloc(size * MemoryLayout<Float>.stride)
        guard let raw else { fatalError("fftwf_malloc failed for \(size) floats") }
        pointer = raw.bindMemory(to: Float.self, capacity: size)
        pointer.initialize(repeating: 0, count: size)
        self.count = count
    }

    deinit { fftwf_free(pointer) }

    /// The storage viewed as interleaved complex numbers (`count / 2` of them), for FFTW calls.
    package var complexPointer: UnsafeMutablePointer<fftwf_complex> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: fftwf_complex.self)
    }

    package var buffer: UnsafeMutableBufferPointer<Float> { UnsafeMutableBufferPointer(start: pointer, count: count) }

    package func fill(_ value: Float) { pointer.update(repeating: value, count: count) }
}
