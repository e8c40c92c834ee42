import Imaging

/// Intersection over union of MOTChallenge boxes, computed as TrackEval computes it (corners
/// `x + width`, `y + height`; 0 when either box or the union has no area), so that scores agree with
/// it to the last bit on the IoU thresholds.
enum MOTOverlap {
    /// IoU in 0...1.
    static func iou(_ a: PixelRect, _ b: PixelRect) -> Double {
        let ax1 = a.x + a.width, ay1 = a.y + a.height, bx1 = b.x + b.width, by1 = b.y + b.height
        let intersection = max(min(ax1, bx1) - max(a.x, b.x), 0) * max(min(ay1, by1) - max(a.y, b.y), 0)
        let areaA = (ax1 - a.x) * (ay1 - a.y), areaB = (bx1 - b.x) * (by1 - b.y)
        let union = areaA + areaB - intersection
        guard areaA > Double.ulpOfOne, areaB > Double.ulpOfOne, union > Double.ulpOfOne else { return 0 }
        return intersection / union
    }

    /// `matrix[i][j]` = IoU of `truth[i]` and `predictions[j]`.
    static func matrix(_ truth: [MOTBox], _ predictions: [MOTBox]) -> [[Double]] {
        truth.map { t in predictions.map { iou(t.box, $0.box) } }
    }

}
