extension SiameseBoxDecoder {
    /// The look-alikes on the map ``decode`` last read: cells the head takes for the object (object
    /// probability at least `minimumScore`) that are the highest of the 5x5 cells around them and
    /// more than two cells from `chosen` (the cell the decoder picked), strongest first, at most
    /// `limit`. Replaces `peaks`' contents, keeping its storage.
    func lookAlikes(of response: SiameseResponse, apartFrom chosen: Int, minimumScore: Float, limit: Int,
                    into peaks: inout [Candidate]) {
        peaks.removeAll(keepingCapacity: true)
        let chosenRow = chosen / side, chosenColumn = chosen % side
        scores.withUnsafeBufferPointer { scores in
            for cell in 0..<(side * side) where scores[cell] >= minimumScore {
                let row = cell / side, column = cell % side
                guard abs(row - chosenRow) > 2 || abs(column - chosenColumn) > 2,
                      isHighestAround(cell, row: row, column: column, in: scores) else { continue }
                let peak = candidate(at: cell, of: response, sharpness: 0)
                if peaks.count < limit {
                    peaks.append(peak)
                } else if let weakest = peaks.indices.min(by: { peaks[$0].score < peaks[$1].score }),
                          peaks[weakest].score < peak.score {
                    peaks[weakest] = peak
                }
            }
        }
        peaks.sort { $0.score > $1.score }
    }

    /// Whether `cell`'s score is the highest of the 5x5 cells around it (an earlier cell wins a tie).
    private func isHighestAround(_ cell: Int, row: Int, column: Int, in scores: UnsafeBufferPointer<Float>) -> Bool {
        let score = scores[cell]
        for r in max(0, row - 2)...min(side - 1, row + 2) {
            for c in max(0, column - 2)...min(side - 1, column + 2) {
                let other = r * side + c
                if other != cell, scores[other] > score || (scores[other] == score && other < cell) { return false }
            }
        }
        return true
    }
}
