import Tracking

/// Whether a confidence means what it says, the probability that the box is on the object
/// (IoU >= 0.5), over a set of scored frames pooled; the figures of `calibration.py`.
///
/// Only frames with a finite confidence count (the start frame never has one).
///
///     let calibration = CalibrationScore(confidences: c, ious: iou, lost: states)
///     print(calibration.expectedCalibrationError)
public struct CalibrationScore: Sendable, Equatable, Codable {
    /// One of ten equal-width confidence bins (the last includes 1).
    public struct Bin: Sendable, Equatable, Codable {
        public var lower: Double
        public var upper: Double
        public var frames: Int
        /// Mean confidence of its frames (0 when empty).
        public var meanConfidence: Double
        /// Share of its frames with IoU >= 0.5 (0 when empty).
        public var onObjectRate: Double
    }

    public var frames: Int
    /// Share of frames with IoU >= 0.5.
    public var onObject: Double
    public var meanConfidence: Double
    /// Expected calibration error: the frame-weighted mean over the bins of |mean confidence - on-object rate|.
    public var expectedCalibrationError: Double
    /// Mean of (confidence - on object)², on object being 1 or 0.
    public var brierScore: Double
    /// Share of frames drawn solid (confidence > 0.5).
    public var solidShare: Double
    /// Share of dashed frames (confidence <= 0.5) with IoU >= 0.5; 0 without dashed frames.
    public var dashedOnObject: Double
    /// Share of solid frames with IoU < 0.1; 0 without solid frames.
    public var solidFailures: Double
    /// Frames whose state is `lost`; `nil` when the states are unknown.
    public var lostFrames: Int?
    /// Share of `lost` frames with IoU >= 0.5; `nil` when the states are unknown or none is lost.
    public var lostOnObject: Double?
    public var bins: [Bin]

    enum CodingKeys: String, CodingKey {
        case frames, onObject = "on_object", meanConfidence = "mean_confidence", expectedCalibrationError = "ece"
        case brierScore = "brier", solidShare = "solid_share", dashedOnObject = "dashed_on_object"
        case solidFailures = "solid_failures", lostFrames = "lost_frames", lostOnObject = "lost_on_object", bins
    }

    /// `confidences`, `ious` and `lost` (optional) are per frame; frames without a finite confidence are skipped.
    public init(confidences: [Double], ious: [Double], lost: [Bool]? = nil) {
        var sums = [(frames: Int, confidence: Double, onObject: Int)](repeating: (0, 0, 0), count: 10)
        var count = 0, on = 0, solid = 0, dashed = 0, dashedOn = 0, solidFailed = 0, lostCount = 0, lostOn = 0
        var confidenceSum = 0.0, brier = 0.0
        for (i, (c, iou)) in zip(confidences, ious).enumerated() where c.isFinite {
            let isOn = iou >= 0.5
            let bin = min(9, max(0, Int((c * 10).rounded(.down))))
            sums[bin].frames += 1
            sums[bin].confidence += c
            if isOn { sums[bin].onObject += 1 }
            count += 1
            confidenceSum += c
            if isOn { on += 1 }
            brier += (c - (isOn ? 1 : 0)) * (c - (isOn ? 1 : 0))
            if c > Double(ConfidenceModel.solidAbove) {
                solid += 1
                if iou < OTBProtocol.failureIoU { solidFailed += 1 }
            } else {
                dashed += 1
                if isOn { dashedOn += 1 }
            }
            if let lost, i < lost.count, lost[i] {
                lostCount += 1
                if isOn { lostOn += 1 }
            }
        }
        func share(_ part: Int, _ whole: Int) -> Double { whole > 0 ? Double(part) / Double(whole) : 0 }
        frames = count
        onObject = share(on, count)
        meanConfidence = count > 0 ? confidenceSum / Double(count) : 0
        bins = sums.enumerated().map { k, s in
            Bin(lower: Double(k) / 10, upper: Double(k + 1) / 10, frames: s.frames,
                meanConfidence: s.frames > 0 ? s.confidence / Double(s.frames) : 0, onObjectRate: share(s.onObject, s.frames))
        }
        expectedCalibrationError = bins.reduce(0) { $0 + share($1.frames, count) * abs($1.meanConfidence - $1.onObjectRate) }
        brierScore = count > 0 ? brier / Double(count) : 0
        solidShare = share(solid, count)
        dashedOnObject = share(dashedOn, dashed)
        solidFailures = share(solidFailed, solid)
        lostFrames = lost == nil ? nil : lostCount
        lostOnObject = lost == nil || lostCount == 0 ? nil : share(lostOn, lostCount)
    }
}
