/// Scores over several sequences, both ways OTB reports them: the unweighted mean of the
/// per-sequence numbers (the OTB convention, "mean") and the curves of all frames pooled
/// ("frame-weighted"). Matches the `summary` of `otb_metrics.py`.
///
///     let summary = ScoreSummary(scores)
///     print(summary.meanAUC, summary.meanPrecisionAt20)
public struct ScoreSummary: Sendable, Equatable, Codable {
    /// Number of sequences.
    public var sequences: Int
    /// Scored frames over all sequences.
    public var frames: Int
    public var meanAUC: Double
    public var meanPrecisionAt20: Double
    public var meanNormalizedPrecisionAt02: Double
    public var meanNormalizedPrecisionAUC: Double
    public var meanSuccessAt05: Double
    public var meanIoU: Double
    /// Element-wise mean of the per-sequence success curves (what OTB plots).
    public var meanSuccessCurve: [Double]
    /// Element-wise mean of the per-sequence precision curves.
    public var meanPrecisionCurve: [Double]
    /// Curves of all frames pooled.
    public var frameWeighted: CurveScores
    /// Confidence analysis over the pooled frames of the sequences that have confidences; `nil` when none has.
    public var pooledConfidence: ConfidenceScore?
    /// Mean of the per-sequence confidence ROC AUCs that are defined; `nil` when none is.
    public var meanSequenceConfidenceROCAUC: Double?
    /// How many sequences have a defined confidence ROC AUC.
    public var sequencesWithDefinedConfidenceROCAUC: Int
    /// Calibration of the confidence over the pooled frames of the sequences that have confidences; `nil` when none has.
    public var pooledCalibration: CalibrationScore?

    /// The JSON names of `otb_metrics.py`'s summary, flattened.
    enum CodingKeys: String, CodingKey {
        case sequences, frames, meanAUC = "mean_auc", meanPrecisionAt20 = "mean_prec20"
        case meanNormalizedPrecisionAt02 = "mean_norm_prec_at_0.2", meanNormalizedPrecisionAUC = "mean_norm_prec_auc"
        case meanSuccessAt05 = "mean_success_at_0.5", meanIoU = "mean_iou", meanSuccessCurve = "mean_success_curve"
        case meanPrecisionCurve = "mean_precision_curve", frameWeighted = "frame_weighted"
        case pooledConfidence = "confidence_pooled", meanSequenceConfidenceROCAUC = "confidence_mean_seq_roc_auc"
        case sequencesWithDefinedConfidenceROCAUC = "confidence_seqs_with_defined_auc"
        case pooledCalibration = "calibration_pooled"
    }

    /// With no scores every number is 0 and every curve all zeros.
    public init(_ scores: [SequenceScore], confidenceThreshold: Double = OTBProtocol.defaultConfidenceThreshold) {
        func mean(_ value: (CurveScores) -> Double) -> Double { CurveScores.mean(scores.map { value($0.curves) }) }
        func meanCurve(_ curve: (CurveScores) -> [Double], length: Int) -> [Double] {
            (0..<length).map { i in CurveScores.mean(scores.map { curve($0.curves)[i] }) }
        }
        sequences = scores.count
        frames = scores.reduce(0) { $0 + $1.measurements.count }
        meanAUC = mean(\.auc)
        meanPrecisionAt20 = mean(\.precisionAt20)
        meanNormalizedPrecisionAt02 = mean(\.normalizedPrecisionAt02)
        meanNormalizedPrecisionAUC = mean(\.normalizedPrecisionAUC)
        meanSuccessAt05 = mean(\.successAt05)
        meanIoU = mean(\.meanIoU)
        meanSuccessCurve = meanCurve(\.successCurve, length: OTBProtocol.successThresholds.count)
        meanPrecisionCurve = meanCurve(\.precisionCurve, length: OTBProtocol.precisionThresholds.count)
        frameWeighted = CurveScores(FrameMeasurements(pooling: scores.map(\.measurements)))
        let withConfidence = scores.filter { $0.measurements.confidences != nil }
        if withConfidence.isEmpty {
            pooledConfidence = nil
            pooledCalibration = nil
        } else {
            let confidences = withConfidence.flatMap { $0.measurements.confidences ?? [] }
            let ious = withConfidence.flatMap(\.measurements.ious)
            let states = withConfidence.map(\.measurements.lost)
            pooledCalibration = CalibrationScore(confidences: confidences, ious: ious,
                                                 lost: states.contains { $0 == nil } ? nil : states.flatMap { $0 ?? [] })
            pooledConfidence = ConfidenceScore(confidences: confidences, ious: ious, threshold: confidenceThreshold)
        }
        let aucs = withConfidence.compactMap { $0.confidence?.rocAUC }
        meanSequenceConfidenceROCAUC = aucs.isEmpty ? nil : CurveScores.mean(aucs)
        sequencesWithDefinedConfidenceROCAUC = aucs.count
    }
}
