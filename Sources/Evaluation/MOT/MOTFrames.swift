/// The boxes of one sequence, frame by frame, as scored: ground truth or a tracker's results.
///
///     let truth = try MOTGroundTruthFile.read(path: "TUD-Campus/gt/gt.txt", frameCount: 71).scored
///     print(truth.frames[0].map(\.id))   // the ids on MOTChallenge frame 1
public struct MOTFrames: Sendable, Equatable {
    /// `frames[k]` holds the boxes of MOTChallenge frame `k + 1` (0-based decode index `k`), in file order.
    public var frames: [[MOTBox]]

    public init(frames: [[MOTBox]]) {
        self.frames = frames
    }

    /// The number of boxes over all frames.
    public var boxCount: Int { frames.reduce(0) { $0 + $1.count } }

    /// Gathers rows into `frameCount` frames. `frame` is 1-based; `line` (1-based) and `path` only
    /// name the row in errors. Throws ``EvaluationError/malformedLine(path:line:reason:)`` for a frame
    /// past `frameCount` or an id given twice on one frame (TrackEval refuses both).
    init(rows: [(line: Int, frame: Int, box: MOTBox)], frameCount: Int, path: String) throws {
        var frames = [[MOTBox]](repeating: [], count: frameCount)
        var seen = Set<[Int]>()
        for row in rows {
            guard row.frame <= frameCount else {
                throw EvaluationError.malformedLine(
                    path: path, line: row.line,
                    reason: "frame \(row.frame) is past the sequence's last frame (\(frameCount), seqLength in seqinfo.ini)")
            }
            guard seen.insert([row.frame, row.box.id]).inserted else {
                throw EvaluationError.malformedLine(path: path, line: row.line,
                                                    reason: "id \(row.box.id) appears twice on frame \(row.frame)")
            }
            frames[row.frame - 1].append(row.box)
        }
        self.frames = frames
    }
}
