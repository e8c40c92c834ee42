import Imaging

/// Greedy non-maximum suppression: keeps the highest-scoring detection, drops every other one that
/// overlaps it by more than `overlap` (intersection over union, 0...1), and repeats.
///
///     let kept = NonMaximumSuppression.apply(candidates, overlap: 0.3, limit: 5)
public enum NonMaximumSuppression {
    /// Returns at most `limit` detections sorted by decreasing score; NaN scores sort last.
    public static func apply(_ detections: [Detection], overlap: Double, limit: Int = .max) -> [Detection] {
        let sorted = detections.sorted { lhs, rhs in
            lhs.score.isNaN ? false : (rhs.score.isNaN ? true : lhs.score > rhs.score)
        }
        var kept: [Detection] = []
        for candidate in sorted where kept.count < limit {
            if !kept.contains(where: { $0.box.iou(candidate.box) > overlap }) { kept.append(candidate) }
        }
        return kept
    }
}
