/// A named curve to put on an OTB plot.
public struct PlottedTracker: Sendable {
    /// Legend name, e.g. `vtrack fast` or `CSRT`.
    public var name: String
    /// Mean success curve over the sequences (21 values, see ``OTBProtocol/successThresholds``).
    public var successCurve: [Double]
    /// Mean precision curve over the sequences (51 values, 0...50 px).
    public var precisionCurve: [Double]
    /// Draw dashed (a reference, e.g. a peer) rather than solid.
    public var isReference: Bool

    public init(name: String, successCurve: [Double], precisionCurve: [Double], isReference: Bool = false) {
        self.name = name
        self.successCurve = successCurve
        self.precisionCurve = precisionCurve
        self.isReference = isReference
    }
}

/// The two standard OTB figures. Curves are ranked best first, and each legend entry carries the
/// ranking number as OTB figures do: `name [AUC]` on the success plot, `name [Prec@20]` on the
/// precision plot.
public enum OTBPlots {
    /// Success rate against IoU threshold 0...1.
    public static func success(_ trackers: [PlottedTracker]) -> CurvePlot {
        var plot = CurvePlot(title: "Success plots of OPE", xLabel: "Overlap threshold (IoU)", yLabel: "Success rate",
                             xTicks: stride(from: 0.0, through: 1.0, by: 0.1).map { $0 })
        let ranked = trackers.enumerated().map { ($0, $1, CurveScores.mean($1.successCurve)) }.sorted { $0.2 > $1.2 }
        plot.series = ranked.map { index, tracker, auc in
            CurvePlot.Series(label: "\(tracker.name) [\(format(auc))]", xs: OTBProtocol.successThresholds,
                             ys: tracker.successCurve, dashed: tracker.isReference, colourIndex: index)
        }
        return plot
    }

    /// Precision against centre-error threshold 0...50 px.
    public static func precision(_ trackers: [PlottedTracker]) -> CurvePlot {
        var plot = CurvePlot(title: "Precision plots of OPE", xLabel: "Location error threshold (pixels)",
                             yLabel: "Precision", xTicks: stride(from: 0.0, through: 50.0, by: 5.0).map { $0 })
        let at20 = Int(OTBProtocol.precisionReportThreshold)
        let ranked = trackers.enumerated()
            .map { ($0, $1, at20 < $1.precisionCurve.count ? $1.precisionCurve[at20] : 0) }
            .sorted { $0.2 > $1.2 }
        plot.series = ranked.map { index, tracker, precision in
            CurvePlot.Series(label: "\(tracker.name) [\(format(precision))]", xs: OTBProtocol.precisionThresholds,
                             ys: tracker.precisionCurve, dashed: tracker.isReference, colourIndex: index)
        }
        return plot
    }

    /// Reliability diagram: per level, the on-object rate (IoU >= 0.5) of each confidence bin
    /// against the bin's mean confidence, beside the diagonal a calibrated confidence follows; the
    /// notes give each bin's frame count.
    public static func calibration(_ levels: [(name: String, calibration: CalibrationScore)]) -> CurvePlot {
        var plot = CurvePlot(title: "Reliability of the confidence", xLabel: "Confidence (bin mean)",
                             yLabel: "Frames on the object (IoU >= 0.5)", xTicks: stride(from: 0.0, through: 1.0, by: 0.1).map { $0 })
        for (index, level) in levels.enumerated() {
            let bins = level.calibration.bins.filter { $0.frames > 0 }
            plot.series.append(CurvePlot.Series(label: "\(level.name) [ECE \(format(level.calibration.expectedCalibrationError))]",
                                                xs: bins.map(\.meanConfidence), ys: bins.map(\.onObjectRate), colourIndex: index))
            plot.notes.append("\(level.name) frames per bin:")
            plot.notes.append("  " + level.calibration.bins.map { "\($0.frames)" }.joined(separator: " "))
        }
        plot.series.append(CurvePlot.Series(label: "calibrated", xs: [0, 1], ys: [0, 1], dashed: true, colourIndex: 8))
        return plot
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
