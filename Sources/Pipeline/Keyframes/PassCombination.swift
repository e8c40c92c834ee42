import Imaging
import TrackFormats

/// Combines an object's forward pass (from the keyframe before a frame) and backward pass (from the
/// keyframe after it) into the frame's record, by their confidence.
///
/// Each pass's confidence is the probability that its box is on the object. Taking the two passes
/// as independent witnesses (they start from different keyframes and see the frames in opposite
/// orders):
/// - when their boxes agree (IoU >= ``agreementIoU``) both are on the object or both are off, so the
///   odds multiply: p = pf pb / (pf pb + (1 - pf)(1 - pb)); the box is their average weighted by
///   confidence (`combined`);
/// - when they disagree at most one is on: the more confident pass's box, with the probability
///   that it is the one on, pf (1 - pb) / (1 - pf pb) for the forward pass (`disputed`, flagged for
///   review).
package enum PassCombination {
    /// Two passes' boxes agree at this IoU or more.
    static let agreementIoU = 0.5
    /// Confidences are kept inside (0, 1) so that one pass's certainty cannot silence the other.
    private static let certainty: Float = 0.999

    /// The record of a frame that `forward` and `backward` (either may be nil, not both) tracked.
    /// States other than `reseeded` and `lost` become `tracked`.
    package static func record(forward: TrackRecord?, backward: TrackRecord?) -> TrackRecord {
        guard let forward, let backward else {
            return normalised(forward ?? backward!, confidence: (forward ?? backward!).confidence, source: .tracked)
        }
        let pf = Double(min(max(forward.confidence, 1 - certainty), certainty))
        let pb = Double(min(max(backward.confidence, 1 - certainty), certainty))
        if forward.box.iou(backward.box) >= agreementIoU {
            let p = pf * pb / (pf * pb + (1 - pf) * (1 - pb))
            let w = pf / (pf + pb)
            func mix(_ a: Double, _ b: Double) -> Double { w * a + (1 - w) * b }
            var record = forward
            record.box = PixelRect(x: mix(forward.box.x, backward.box.x), y: mix(forward.box.y, backward.box.y),
                                   width: mix(forward.box.width, backward.box.width), height: mix(forward.box.height, backward.box.height))
            if backward.state == .reseeded { record.state = .reseeded }
            return normalised(record, confidence: Float(p), source: .combined)
        }
        let chosen = pf >= pb ? forward : backward
        let (pChosen, pOther) = pf >= pb ? (pf, pb) : (pb, pf)
        let p = pChosen * (1 - pOther) / (1 - pf * pb)
        return normalised(chosen, confidence: Float(p), source: .disputed)
    }

    /// The keyframe's record: the box given, at confidence 1.
    package static func keyframeRecord(_ record: TrackRecord, box: PixelRect) -> TrackRecord {
        var keyframe = record
        keyframe.box = box
        keyframe.evidence = nil
        return normalised(keyframe, confidence: 1, source: .keyframe)
    }

    /// An absent keyframe's record: `lost` at confidence 0, `box` (the object's last box), `source` `keyframe`.
    static func absentRecord(frame: Int, time: Double, trackID: Int, label: String, box: PixelRect) -> TrackRecord {
        TrackRecord(frame: frame, time: time, trackID: trackID, label: label, box: box, confidence: 0, state: .lost, source: .keyframe)
    }

    private static func normalised(_ record: TrackRecord, confidence: Float, source: TrackSource) -> TrackRecord {
        var result = record
        result.confidence = confidence
        result.source = source
        result.evidence = nil
        if result.state != .reseeded || source == .keyframe {
            result.state = confidence < TrackState.lostBelow ? .lost : .tracked
        }
        return result
    }
}
