/// The OTB success and precision curves of a set of scored frames and the numbers read off them.
///
/// With no frames every curve is all zeros. Fractions are in 0...1.
///
///     let curves = CurveScores(measurements)
///     print(curves.auc, curves.precisionAt20)
public struct CurveScores: Sendable, Equatable, Codable {
    /// Number of scored frames.
    public var frames: Int
    /// Fraction of frames with IoU > t for each t in ``OTBProtocol/successThresholds``.
    public var successCurve: [Double]
    /// Success AUC: the mean of ``successCurve`` (a perfect tracker scores 20/21).
    public var auc: Double
    /// Fraction of frames with centre error <= t px for each t in ``OTBProtocol/precisionThresholds``.
    public var precisionCurve: [Double]
    /// Fraction of frames with centre error <= 20 px.
    public var precisionAt20: Double
    /// Fraction of frames with normalised centre error <= t for each t in
    /// ``OTBProtocol/normalizedPrecisionThresholds``.
    public var normalizedPrecisionCurve: [Double]
    /// Normalised precision at 0.2 (pysot's convention).
    public var normalizedPrecisionAt02: Double
    /// Mean of ``normalizedPrecisionCurve`` (TrackingNet / LaSOT's "normalised precision").
    public var normalizedPrecisionAUC: Double
    /// Fraction of frames with IoU > 0.5.
    public var successAt05: Double
    /// Mean IoU over the frames, 0 with no frames.
    public var meanIoU: Double

    /// The JSON names of `otb_metrics.py`.
    enum CodingKeys: String, CodingKey {
        case frames, auc, successCurve = "success_curve", precisionCurve = "precision_curve", precisionAt20 = "prec20"
        case normalizedPrecisionCurve = "norm_precision_curve", normalizedPrecisionAt02 = "norm_prec_at_0.2"
        case normalizedPrecisionAUC = "norm_prec_auc", successAt05 = "success_at_0.5", meanIoU = "mean_iou"
    }

    public init(_ m: FrameMeasurements) {
        let n = Double(m.count)
        func fraction(_ hits: Int) -> Double { m.count > 0 ? Double(hits) / n : 0 }
        successCurve = OTBProtocol.successThresholds.map { t in fraction(m.ious.reduce(0) { $1 > t ? $0 + 1 : $0 }) }
        precisionCurve = OTBProtocol.precisionThresholds.map { t in
            fraction(m.centerErrors.reduce(0) { $1 <= t ? $0 + 1 : $0 })
        }
        normalizedPrecisionCurve = OTBProtocol.normalizedPrecisionThresholds.map { t in
            fraction(m.normalizedCenterErrors.reduce(0) { $1 <= t ? $0 + 1 : $0 })
        }
        frames = m.count
        auc = Self.mean(successCurve)
        precisionAt20 = precisionCurve[Int(OTBProtocol.precisionReportThreshold)]
        normalizedPrecisionAt02 = normalizedPrecisionCurve[OTBProtocol.normalizedPrecisionReportIndex]
        normalizedPrecisionAUC = Self.mean(normalizedPrecisionCurve)
        successAt05 = fraction(m.ious.reduce(0) { $1 > 0.5 ? $0 + 1 : $0 })
        meanIoU = m.count > 0 ? Self.mean(m.ious) : 0
    }

    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
