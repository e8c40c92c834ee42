/// Every multi-object tracking figure of one sequence, or of several pooled: CLEAR MOT
/// (``CLEARScore``), identity (``IdentityScore``) and HOTA (``HOTAScore``).
///
///     let score = MOTScore(truth: sequence.groundTruth, predictions: try MOTResultFile.read(path: file, frameCount: sequence.info.length))
///     let pooled = MOTScore(pooling: [score, other])
public struct MOTScore: Sendable, Equatable {
    public var clear: CLEARScore
    public var identity: IdentityScore
    public var hota: HOTAScore

    /// Scores `predictions` against `truth`; both must have the same number of frames.
    public init(truth: MOTFrames, predictions: MOTFrames) {
        clear = CLEARScore(truth: truth, predictions: predictions)
        identity = IdentityScore(truth: truth, predictions: predictions)
        hota = HOTAScore(truth: truth, predictions: predictions)
    }

    /// Several sequences pooled (counts added; HOTA as TrackEval's combined row).
    public init(pooling scores: [MOTScore]) {
        clear = CLEARScore(pooling: scores.map(\.clear))
        identity = IdentityScore(pooling: scores.map(\.identity))
        hota = HOTAScore(pooling: scores.map(\.hota))
    }
}
