import Imaging

/// Per-frame agreement between a tracker's boxes and the ground truth of one sequence: the raw
/// material of every OTB score.
///
/// Only frames from the start frame on whose ground-truth box is valid (finite, width and height > 0)
/// are scored; the start frame (the initialisation frame, 0 in OPE) is scored like any other, as in
/// the OTB toolkit. A missing or invalid
/// prediction (`nil`, NaN, width or height <= 0) scores IoU 0 and an infinite centre error.
///
///     let m = FrameMeasurements(predictions: boxes, groundTruth: truth, confidences: scores)
///     let curves = CurveScores(m)
public struct FrameMeasurements: Sendable, Equatable {
    /// 0-based frame index (ground-truth line - 1) of every scored frame.
    public var frames: [Int]
    /// IoU in 0...1 per scored frame.
    public var ious: [Double]
    /// Distance between box centres, pixels; `+infinity` when the prediction is missing.
    public var centerErrors: [Double]
    /// Centre offset divided by the ground-truth width and height per axis, then its length;
    /// `+infinity` when the prediction is missing.
    public var normalizedCenterErrors: [Double]
    /// Confidence per scored frame, NaN where there is none and on the start frame (the
    /// initialisation is not a tracking output); `nil` when the predictions carry no confidence at all.
    public var confidences: [Double]?
    /// Whether each scored frame's state is `lost` (false on the start frame); `nil` when the
    /// predictions carry no state.
    public var lost: [Bool]?
    /// Scored frames whose prediction is missing or invalid.
    public var missingPredictionFrames: Int
    /// Ground-truth frames from the start frame on that were not scored because their box is NaN or empty.
    public var unscoredGroundTruthFrames: Int

    /// Measures predictions against ground truth.
    /// - Parameters:
    ///   - predictions: boxes in pixels, top-left origin; element `k` is frame `k`. `nil` = no
    ///     prediction. Extra elements beyond the ground truth are ignored; missing ones count as `nil`.
    ///   - groundTruth: element `k` is frame `k` (line `k + 1` of `groundtruth_rect.txt`).
    ///   - confidences: optional confidence per frame (any monotonic scale; `nil` or NaN = none).
    ///   - fillInitialFrame: when the start frame's prediction is missing or not finite, use the
    ///     ground-truth box there (the run initialises on it), as `otb_metrics.py` does unless `--no-fill-init`.
    ///   - startFrame: the run's first frame (0 in OPE; a TRE run's start). Earlier frames are not
    ///     scored; `otb_metrics.py` scores such a run the same way on the ground truth from line
    ///     `startFrame + 1` on with `--frame-offset -startFrame`.
    ///   - lost: optional per frame: the state is `lost`.
    public init(predictions: [PixelRect?], groundTruth: [PixelRect], confidences: [Double?]? = nil, lost: [Bool]? = nil,
                fillInitialFrame: Bool = true, startFrame: Int = 0) {
        var frames: [Int] = [], ious: [Double] = [], errors: [Double] = [], normalized: [Double] = []
        var scoredConfidences: [Double] = [], scoredLost: [Bool] = []
        var missing = 0, unscored = 0
        for (k, truth) in groundTruth.enumerated() where k >= startFrame {
            guard truth.isValid else {
                unscored += 1
                continue
            }
            var prediction = k < predictions.count ? predictions[k] : nil
            if k == startFrame, fillInitialFrame, !(prediction.map(Self.isFinite) ?? false) {
                prediction = truth
            }
            frames.append(k)
            if let box = prediction, box.isValid {
                ious.append(min(1, max(0, box.iou(truth))))
                let dx = box.centerX - truth.centerX, dy = box.centerY - truth.centerY
                errors.append((dx * dx + dy * dy).squareRoot())
                let nx = dx / truth.width, ny = dy / truth.height
                normalized.append((nx * nx + ny * ny).squareRoot())
            } else {
                missing += 1
                ious.append(0)
                errors.append(.infinity)
                normalized.append(.infinity)
            }
            if let confidences {
                let value = k < confidences.count ? confidences[k] : nil
                scoredConfidences.append(k == startFrame ? .nan : (value ?? .nan))
            }
            if let lost { scoredLost.append(k != startFrame && k < lost.count && lost[k]) }
        }
        self.frames = frames
        self.ious = ious
        centerErrors = errors
        normalizedCenterErrors = normalized
        self.confidences = confidences == nil ? nil : scoredConfidences
        self.lost = lost == nil ? nil : scoredLost
        missingPredictionFrames = missing
        unscoredGroundTruthFrames = unscored
    }

    /// Frames of several sequences, or of several runs on one sequence, pooled into one list (for
    /// frame-weighted scores, and SRE/TRE's per-sequence scores). Confidences
    /// are kept only when every part has them.
    public init(pooling parts: [FrameMeasurements]) {
        frames = parts.flatMap(\.frames)
        ious = parts.flatMap(\.ious)
        centerErrors = parts.flatMap(\.centerErrors)
        normalizedCenterErrors = parts.flatMap(\.normalizedCenterErrors)
        let withConfidence = parts.compactMap(\.confidences)
        confidences = withConfidence.count == parts.count ? withConfidence.flatMap { $0 } : nil
        let withState = parts.compactMap(\.lost)
        lost = withState.count == parts.count ? withState.flatMap { $0 } : nil
        missingPredictionFrames = parts.reduce(0) { $0 + $1.missingPredictionFrames }
        unscoredGroundTruthFrames = parts.reduce(0) { $0 + $1.unscoredGroundTruthFrames }
    }

    /// Number of scored frames.
    public var count: Int { ious.count }

    private static func isFinite(_ box: PixelRect) -> Bool {
        box.x.isFinite && box.y.isFinite && box.width.isFinite && box.height.isFinite
    }
}
