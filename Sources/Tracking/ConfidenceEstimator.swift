import Foundation

/// Turns a correlation response into a confidence in 0...1.
///
/// The measure is the peak-to-sidelobe ratio `(peak - mean) / std` of the response outside a
/// square of `exclusionRadius` cells around the peak (with wrap-around): a sharp, isolated peak
/// means the model found the object, a flat or multi-modal response that it did not. The ratio is
/// mapped by the logistic `1 / (1 + exp(-(psr - midpoint) / width))`, calibrated on the
/// development sequences so that 0.5 separates frames where the box still overlaps the object
/// from frames where it does not.
struct ConfidenceEstimator {
    let midpoint: Float
    let width: Float
    let exclusionRadius: Int

    /// Peak-to-sidelobe ratio of a `rows x columns` response whose maximum is at (`peakRow`, `peakColumn`).
    func peakToSidelobeRatio(_ response: UnsafePointer<Float>, rows: Int, columns: Int,
                             peakRow: Int, peakColumn: Int) -> Float {
        var sum: Double = 0, squares: Double = 0
        let total = rows * columns
        for i in 0..<total {
            let v = Double(response[i])
            sum += v
            squares += v * v
        }
        let radiusRows = min(exclusionRadius, (rows - 1) / 2), radiusColumns = min(exclusionRadius, (columns - 1) / 2)
        var excluded = 0
        for dr in -radiusRows...radiusRows {
            let r = (peakRow + dr + rows) % rows
            for dc in -radiusColumns...radiusColumns {
                let v = Double(response[r * columns + (peakColumn + dc + columns) % columns])
                sum -= v
                squares -= v * v
                excluded += 1
            }
        }
        let count = Double(total - excluded)
        guard count > 1 else { return 0 }
        let mean = sum / count
        let variance = max(squares / count - mean * mean, 1e-12)
        let psr = (Double(response[peakRow * columns + peakColumn]) - mean) / variance.squareRoot()
        return psr.isFinite ? Float(psr) : 0
    }

    /// The calibrated confidence of a peak-to-sidelobe ratio, in 0...1.
    func confidence(psr: Float) -> Float {
        let value = 1 / (1 + exp(-(psr - midpoint) / max(width, 1e-3)))
        return value.isFinite ? min(1, max(0, value)) : 0
    }
}
