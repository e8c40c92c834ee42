/// One regression tree of a boosted ensemble that adds to a confidence model's log-odds: a complete
/// binary tree of ``depth`` levels over the model's features, fitted by `scripts/fitting/fit-confidence.py`.
///
/// Internal node `k` of level `l` is entry `2^l - 1 + k` of ``features`` and ``thresholds`` (levels
/// in order, nodes left to right); a sample goes to child `2k + 1` when its feature
/// `features[entry]` is above `thresholds[entry]`, to child `2k` otherwise, and always to `2k` when
/// the feature index is negative (a node the fit did not split). Leaf `k` of the last level adds
/// `leaves[k]` to the log-odds.
public struct LogOddsTree: Sendable, Hashable {
    public let features: [Int]
    public let thresholds: [Float]
    public let leaves: [Float]

    /// A tree whose ``leaves`` count is a power of two, with one feature and one threshold per
    /// internal node (one fewer than the leaves).
    public init(features: [Int], thresholds: [Float], leaves: [Float]) {
        precondition(!leaves.isEmpty && leaves.count & (leaves.count - 1) == 0, "a tree has 2^depth leaves")
        precondition(features.count == leaves.count - 1 && thresholds.count == features.count, "one split per internal node")
        self.features = features
        self.thresholds = thresholds
        self.leaves = leaves
    }

    /// Levels of internal nodes.
    public var depth: Int { leaves.count.trailingZeroBitCount }

    /// The log-odds this tree adds for the feature values `x` (indexed as the model's features;
    /// a feature beyond `x` counts as 0).
    public func value(_ x: UnsafeBufferPointer<Float>) -> Float {
        var node = 0
        for level in 0..<depth {
            let entry = (1 << level) - 1 + node
            let feature = features[entry]
            let above = feature >= 0 && (feature < x.count ? x[feature] : 0) > thresholds[entry]
            node = 2 * node + (above ? 1 : 0)
        }
        return leaves[node]
    }
}
