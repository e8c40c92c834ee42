import Foundation

/// Turns a correlation response into a confidence in 0...1.
///
/// Two cues, both standard in the correlation-filter literature:
/// - the peak-to-sidelobe ratio `psr = (peak - mean) / std` of the response outside a square of
///   `exclusionRadius` cells around the peak (with wrap-around): a sharp, isolated peak means
///   the model found something, a flat or multi-modal response that it did not;
/// - the peak height relative to its running average over the frames the model learnt from:
///   another textured thing (an occluder) can give a sharp but low peak. `ratio` is
///   `peak / (0.6 * average)`, at most 1.
///
/// The score `psr * ratio` is mapped by the logistic `1 / (1 + exp(-(score - midpoint) / width))`,
/// calibrated on the development sequences so that 0.5 separates frames where the box still
/// overlaps the object from frames where it does not.
struct ConfidenceEstimator {
    let midpoint: Float
    let width: Float
    let exclusionRadius: Int
    let learningPeakTolerance: Float
    let referenceTolerance: Float
    /// Running average of the peak height on frames the model learnt from; 0 before the first.
    private(set) var averagePeak: Float = 0
    private static let averageRate: Float = 0.1
    /// Peaks down to this fraction of the average are normal appearance change (the 10th
    /// percentile on correctly tracked development frames is ~0.6) and cost nothing.
    private static let peakTolerance: Float = 0.6

    init(midpoint: Float, width: Float, exclusionRadius: Int, learningPeakTolerance: Float, referenceTolerance: Float) {
        self.learningPeakTolerance = learningPeakTolerance
        self.referenceTolerance = referenceTolerance
        self.midpoint = midpoint
        self.width = width
        self.exclusionRadius = exclusionRadius
    }

    /// Confidence of a `rows x columns` response whose maximum is at (`peakRow`, `peakColumn`):
    /// - `reported`: as described above, further scaled (when `referenceTolerance > 0`) by
    ///   `min(1, reference / (referenceTolerance * first reference))`, where `reference` is the
    ///   response of the model as first trained at the tracked position: a tracker that drifted
    ///   onto something else and learnt it is confident by the other cues, not by this one;
    /// - `tracking`: without the reference cue (decides whether the box follows the peak);
    /// - `learning`: with peaks down to `learningPeakTolerance` of the average counted as
    ///   normal (the models keep adapting through appearance changes, but not to an occluder).
    func assess(_ response: UnsafePointer<Float>, rows: Int, columns: Int, peakRow: Int,
                peakColumn: Int, reference: Float) -> (reported: Float, tracking: Float, learning: Float) {
        let psr = peakToSidelobeRatio(response, rows: rows, columns: columns, peakRow: peakRow, peakColumn: peakColumn)
        let peak = response[peakRow * columns + peakColumn]
        let referenceFactor = initialReference > 0 && referenceTolerance > 0
            ? min(1, max(0, reference / (referenceTolerance * initialReference))) : 1
        return (logistic(psr * ratio(peak, tolerance: Self.peakTolerance) * referenceFactor),
                logistic(psr * ratio(peak, tolerance: Self.peakTolerance)),
                logistic(psr * ratio(peak, tolerance: learningPeakTolerance)))
    }

    /// The reference peak of the first update, the scale of later ones.
    private(set) var initialReference: Float = 0

    /// Records a reference peak (see ``assess(_:rows:columns:peakRow:peakColumn:reference:)``);
    /// the first positive one becomes the scale.
    mutating func rememberReference(_ value: Float) {
        if initialReference == 0, value.isFinite, value > 0 { initialReference = value }
    }

    private func ratio(_ peak: Float, tolerance: Float) -> Float {
        averagePeak > 0 ? min(1, max(0, peak / (max(tolerance, 1e-3) * averagePeak))) : 1
    }

    private func logistic(_ score: Float) -> Float {
        let value = 1 / (1 + exp(-(score - midpoint) / max(width, 1e-3)))
        return value.isFinite ? min(1, max(0, value)) : 0
    }

    /// Records the peak height of a frame the model learnt from with `weight` (0...1, the
    /// fraction of the full learning rate), so that half-trusted frames move the average less.
    mutating func remember(peak: Float, weight: Float) {
        guard peak.isFinite, peak > 0, weight > 0 else { return }
        let rate = Self.averageRate * min(1, weight)
        averagePeak = averagePeak > 0 ? (1 - rate) * averagePeak + rate * peak : peak
    }

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
}
