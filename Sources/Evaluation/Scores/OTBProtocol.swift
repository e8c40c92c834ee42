/// The constants of the OTB one-pass evaluation (OPE) as `tools/otb_metrics.py`, the OTB toolkit,
/// pysot and got10k use them.
public enum OTBProtocol {
    /// IoU thresholds of the success curve: 0, 0.05, ..., 1 (21 values, `numpy.linspace(0, 1, 21)`).
    /// A frame counts as a success at threshold `t` when its IoU is strictly greater than `t`, so a
    /// perfect tracker scores 20/21 (about 0.952), never 1.
    public static let successThresholds = evenlySpaced(from: 0, to: 1, count: 21)
    /// Centre-error thresholds of the precision curve, pixels: 0, 1, ..., 50.
    public static let precisionThresholds = (0...50).map(Double.init)
    /// Thresholds of the normalised precision curve (centre error in units of the ground-truth box
    /// size): 0, 0.01, ..., 0.5 (51 values, `numpy.linspace(0, 0.5, 51)`).
    public static let normalizedPrecisionThresholds = evenlySpaced(from: 0, to: 0.5, count: 51)
    /// The precision reported as "Prec@20": centre error <= 20 px.
    public static let precisionReportThreshold = 20.0
    /// Index of 0.2 in ``normalizedPrecisionThresholds`` (pysot's "normalised precision").
    public static let normalizedPrecisionReportIndex = 20
    /// A frame is a tracking failure when its IoU with the ground truth is below this.
    public static let failureIoU = 0.1
    /// Confidence split for the failure rates above / at-or-below it.
    public static let defaultConfidenceThreshold = 0.5

    /// `count` values from `start` to `stop` inclusive, computed as numpy's `linspace` does
    /// (`i * step`, the last value exactly `stop`) so that thresholds compare bit-for-bit alike.
    static func evenlySpaced(from start: Double, to stop: Double, count: Int) -> [Double] {
        guard count > 1 else { return count == 1 ? [start] : [] }
        let step = (stop - start) / Double(count - 1)
        var values = (0..<count).map { Double($0) * step + start }
        values[count - 1] = stop
        return values
    }
}
