/// A logistic model over the features of some evidence: the probability that a box is on its
/// object is `1 / (1 + exp(-z))` with the log-odds `z = w · features` (a logistic regression, the
/// default ``logOdds(_:)``; ``ConfidenceModel`` adds boosted trees). ``ConfidenceModel`` (the
/// tracker's cues) and the pipeline's model of a re-seeded track are two; each names its features
/// and computes them, and shares the weighted sum and the feature table here.
public protocol LogisticConfidenceModel {
    associatedtype Evidence
    /// Names of the features, in the order of ``weights``, as `vtrack eval --evidence` writes them.
    static var featureNames: [String] { get }
    /// One weight per feature of ``featureNames``; missing ones count as 0.
    var weights: [Float] { get }
    /// Calls `body` with each feature's index and value, in the order of ``featureNames``.
    static func forEachFeature(of evidence: Evidence, _ body: (Int, Float) -> Void)
    /// The log-odds that the box is on the object given `evidence`.
    func logOdds(_ evidence: Evidence) -> Float
}

extension LogisticConfidenceModel {
    /// `w · features`: the log-odds that the box is on the object given `evidence`.
    public func logOdds(_ evidence: Evidence) -> Float {
        var z: Float = 0
        Self.forEachFeature(of: evidence) { index, value in
            if index < weights.count { z += weights[index] * value }
        }
        return z
    }

    /// The feature values of `evidence`, in the order of ``featureNames`` (for fitting).
    public static func features(of evidence: Evidence) -> [Float] {
        var values = [Float](repeating: 0, count: featureNames.count)
        forEachFeature(of: evidence) { values[$0] = $1 }
        return values
    }
}
