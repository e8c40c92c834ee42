import Foundation

/// Turns a correlation response, and how the object still agrees with the model as first learnt,
/// into the tracker's fix confidence in 0...1 (above 0.5: follow the peak and learn) and the raw
/// cues of ``TrackingEvidence``. The confidence the tracker reports is ``ConfidenceModel``'s
/// probability over those cues; this one is the control signal of tracking and re-seeding.
///
/// Cues, standard in the correlation-filter literature:
/// - the peak-to-sidelobe ratio `psr = (peak - mean) / std` of the response outside a square of
///   `exclusionRadius` cells around the peak (with wrap-around): a sharp, isolated peak means
///   the model found something, a flat or multi-modal response that it did not;
/// - the peak height relative to its running average over the frames the model learnt from:
///   another textured thing (an occluder) can give a sharp but low peak. `ratio` is
///   `peak / (0.6 * average)`, at most 1. The response score is `psr * ratio`;
/// - the agreement with the first model: the response, at the tracked position, of the model as
///   first learnt and never updated, over its first value, averaged over recent frames. A tracker
///   that drifted onto a distractor or the background and learnt it still has a sharp response
///   (its model now describes what it sits on); the first model does not.
///
/// While the confidence stays at or below 0.5 the tracker has no confident fix and its position
/// error grows as a random walk (``TrackerParameters/driftSpread``): each such frame's confidence is
/// discounted by the chance that the walk is still within one object size, so that the frames deep
/// into a long uncertain stretch, where slow drift has usually taken the box off the object, rank
/// below the first ones.
///
/// The fix confidence is a logistic model of success over `log(1 + score)` and the agreement
/// (``TrackerParameters/confidenceMidpoint``). Over the whole development set, SRE runs pooled, it
/// ranks failing frames (IoU < 0.1) below tracked ones with a mean per-sequence ROC AUC of 0.86
/// (`fast`) and 0.88 (`accurate`), against 0.78 and 0.82 for the response score with the agreement
/// as a tolerance factor; left out of the fit one sequence at a time, 0.85 and 0.87.
package struct FixConfidenceEstimator {
    let response: (midpoint: Float, width: Float)
    let reported: (midpoint: Float, width: Float)
    let agreementWeight: Float
    let agreementSmoothing: Float
    let exclusionRadius: Int
    let learningPeakTolerance: Float
    let driftSpread: Double
    /// Frames in a row whose confidence was at or below 0.5.
    package private(set) var framesWithoutFix = 0
    /// Running average of the peak height on frames the model learnt from; 0 before the first.
    private(set) var averagePeak: Float = 0
    private static let averageRate: Float = 0.1
    /// Peaks down to this fraction of the average are normal appearance change (the 10th
    /// percentile on correctly tracked development frames is ~0.6) and cost nothing.
    private static let peakTolerance: Float = 0.6
    /// The first model's agreement can exceed its first value (a sharper view of the object); above
    /// this it says nothing more.
    private static let agreementLimit: Float = 1.5
    /// Running average of the agreement with the first model; 1 before the first frame.
    private(set) var agreement: Float = 1

    package init(parameters: TrackerParameters, exclusionRadius: Int) {
        response = (parameters.responseMidpoint, parameters.responseWidth)
        reported = (parameters.confidenceMidpoint, parameters.confidenceWidth)
        agreementWeight = parameters.agreementWeight
        let smoothing = parameters.agreementSmoothing
        agreementSmoothing = smoothing.isFinite ? min(max(smoothing, 0), 1) : 0
        learningPeakTolerance = parameters.learningPeakTolerance
        driftSpread = parameters.driftSpread.isFinite ? max(parameters.driftSpread, 0) : 0
        self.exclusionRadius = exclusionRadius
    }

    /// True when the confidence uses the first model's response (one more correlation per frame).
    var usesAgreement: Bool { agreementWeight > 0 }

    /// Confidence of a `rows x columns` response whose maximum is at (`peakRow`, `peakColumn`);
    /// `reference` is the first model's response at the tracked position (ignored unless
    /// ``usesAgreement``). Updates the running agreement (the first positive `reference` becomes its
    /// scale), so call it once per frame.
    /// - `reported`: the fix confidence, a logistic model of both cues, described above;
    /// - `tracking`: the response quality alone (decides whether the box follows the peak);
    /// - `learning`: the response quality with peaks down to `learningPeakTolerance` of the average
    ///   counted as normal (the models keep adapting through appearance changes, but not to an occluder).
    /// - `sharpness`, `peakRatio`, `agreement`: the raw cues (see ``TrackingEvidence``).
    package mutating func assess(_ response: UnsafePointer<Float>, rows: Int, columns: Int, peakRow: Int,
                         peakColumn: Int, reference: Float) -> Assessment {
        let psr = max(0, peakToSidelobeRatio(response, rows: rows, columns: columns, peakRow: peakRow, peakColumn: peakColumn))
        let peak = response[peakRow * columns + peakColumn]
        let score = psr * ratio(peak, tolerance: Self.peakTolerance)
        var evidence = log1p(score)
        var current: Float = 1
        if usesAgreement {
            if initialReference == 0, reference.isFinite, reference > 0 { initialReference = reference }
            current = initialReference > 0 && reference.isFinite
                ? min(max(reference / initialReference, 0), Self.agreementLimit) : 1
            agreement += agreementSmoothing * (current - agreement)
            evidence += agreementWeight * agreement
        }
        let peakRatio = averagePeak > 0 && peak.isFinite ? min(max(peak / averagePeak, 0), 4) : 1
        return Assessment(reported: logistic(evidence, reported), tracking: logistic(score, self.response),
                          learning: logistic(psr * ratio(peak, tolerance: learningPeakTolerance), self.response),
                          sharpness: psr, peakRatio: peakRatio, agreement: current)
    }

    /// What ``assess(_:rows:columns:peakRow:peakColumn:reference:)`` finds in one response.
    package struct Assessment {
        package let reported: Float
        package let tracking: Float
        package let learning: Float
        package let sharpness: Float
        package let peakRatio: Float
        package let agreement: Float
    }

    /// `confidence` (0...1, this frame's, after any caps) discounted for the drift since the last
    /// confident fix, as described above. Counts the frames without a fix, so call it once per frame.
    package mutating func discountingDrift(_ confidence: Float) -> Float {
        guard confidence <= FixConfidence.trustedAbove else {
            framesWithoutFix = 0
            return confidence
        }
        framesWithoutFix += 1
        guard driftSpread > 0 else { return confidence }
        let withinReach = 1 - exp(-1 / (2 * driftSpread * driftSpread * Double(framesWithoutFix)))
        return confidence * Float(withinReach)
    }

    /// The first positive first-model response, the scale of later ones; 0 before it.
    private(set) var initialReference: Float = 0

    private func ratio(_ peak: Float, tolerance: Float) -> Float {
        averagePeak > 0 ? min(1, max(0, peak / (max(tolerance, 1e-3) * averagePeak))) : 1
    }

    private func logistic(_ score: Float, _ calibration: (midpoint: Float, width: Float)) -> Float {
        let value = 1 / (1 + exp(-(score - calibration.midpoint) / max(calibration.width, 1e-3)))
        return value.isFinite ? min(1, max(0, value)) : 0
    }

    /// Records the peak height of a frame the model learnt from with `weight` (0...1, the
    /// fraction of the full learning rate), so that half-trusted frames move the average less.
    package mutating func remember(peak: Float, weight: Float) {
        guard peak.isFinite, peak > 0, weight > 0 else { return }
        let rate = Self.averageRate * min(1, weight)
        averagePeak = averagePeak > 0 ? (1 - rate) * averagePeak + rate * peak : peak
    }

    /// Peak-to-sidelobe ratio of a `rows x columns` response whose maximum is at (`peakRow`, `peakColumn`).
    package func peakToSidelobeRatio(_ response: UnsafePointer<Float>, rows: Int, columns: Int,
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
