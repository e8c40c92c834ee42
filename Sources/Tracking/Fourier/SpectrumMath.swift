/// Element-wise operations on interleaved complex arrays (re, im, re, im, ...) used by the
/// correlation filters. Lengths are in complex values.
enum SpectrumMath {
    /// `numerator[c] = (1 - rate) * numerator[c] + rate * conj(label) * sample[c]` for every
    /// channel `c`, and `energy = (1 - rate) * energy + rate * sum_c |sample[c]|^2`.
    static func learn(sample: UnsafePointer<Float>, label: UnsafePointer<Float>, channels: Int, count: Int,
                      rate: Float, numerator: UnsafeMutablePointer<Float>, energy: UnsafeMutablePointer<Float>,
                      scratch: UnsafeMutablePointer<Float>) {
        let keep = 1 - rate
        scratch.update(repeating: 0, count: count)
        for c in 0..<channels {
            let x = sample + 2 * c * count, a = numerator + 2 * c * count
            for i in 0..<count {
                let xr = x[2 * i], xi = x[2 * i + 1]
                let gr = label[2 * i], gi = -label[2 * i + 1]
                a[2 * i] = keep * a[2 * i] + rate * (gr * xr - gi * xi)
                a[2 * i + 1] = keep * a[2 * i + 1] + rate * (gr * xi + gi * xr)
                scratch[i] += xr * xr + xi * xi
            }
        }
        for i in 0..<count {
            energy[i] = keep * energy[i] + rate * scratch[i]
        }
    }

    /// `output = sum_c conj(numerator[c]) * sample[c] / (energy + regularisation)`.
    static func respond(sample: UnsafePointer<Float>, numerator: UnsafePointer<Float>, energy: UnsafePointer<Float>,
                        regularisation: Float, channels: Int, count: Int, output: UnsafeMutablePointer<Float>) {
        respond(sample: sample, filter: numerator, channels: channels, count: count, output: output)
        for i in 0..<count {
            let inverse = 1 / (energy[i] + regularisation)
            output[2 * i] *= inverse
            output[2 * i + 1] *= inverse
        }
    }

    /// `output = sum_c conj(filter[c]) * sample[c]`: the response spectrum of a filter solved
    /// beforehand (or, divided by the energy, of the closed-form model).
    static func respond(sample: UnsafePointer<Float>, filter: UnsafePointer<Float>, channels: Int, count: Int,
                        output: UnsafeMutablePointer<Float>) {
        output.update(repeating: 0, count: 2 * count)
        for c in 0..<channels {
            let z = sample + 2 * c * count, a = filter + 2 * c * count
            for i in 0..<count {
                let ar = a[2 * i], ai = a[2 * i + 1], zr = z[2 * i], zi = z[2 * i + 1]
                output[2 * i] += ar * zr + ai * zi
                output[2 * i + 1] += ar * zi - ai * zr
            }
        }
    }
}
