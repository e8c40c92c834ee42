import Imaging

/// All OTB scores of one tracker on one sequence: the curves and, when the predictions carry a
/// confidence, how well it predicts failures. Agrees with `tools/otb_metrics.py` on the same boxes.
///
///     let score = SequenceScore(predictions: boxes, groundTruth: sequence.groundTruth, confidences: conf)
///     print(score.curves.auc, score.curves.precisionAt20, score.confidence?.rocAUC as Any)
public struct SequenceScore: Sendable, Equatable {
    public var measurements: FrameMeasurements
    public var curves: CurveScores
    /// `nil` when no confidences were given.
    public var confidence: ConfidenceScore?

    /// Scores predictions (pixels, top-left origin, element `k` = frame `k`, `nil` = missing)
    /// against ground truth; see ``FrameMeasurements/init(predictions:groundTruth:confidences:fillInitialFrame:startFrame:)``
    /// for which frames count.
    public init(predictions: [PixelRect?], groundTruth: [PixelRect], confidences: [Double?]? = nil,
                fillInitialFrame: Bool = true, startFrame: Int = 0,
                confidenceThreshold: Double = OTBProtocol.defaultConfidenceThreshold) {
        self.init(FrameMeasurements(predictions: predictions, groundTruth: groundTruth, confidences: confidences,
                                    fillInitialFrame: fillInitialFrame, startFrame: startFrame),
                  confidenceThreshold: confidenceThreshold)
    }

    public init(_ measurements: FrameMeasurements, confidenceThreshold: Double = OTBProtocol.defaultConfidenceThreshold) {
        self.measurements = measurements
        curves = CurveScores(measurements)
        confidence = ConfidenceScore(measurements, threshold: confidenceThreshold)
    }
}
