/// Orders a run's review moments by what each puts at stake, for the review page's list and for
/// the reviewer `vtrack eval review-loop` plays.
///
///     for (moment, stake) in ReviewMomentRanking.ranked(moments, timelines: timelines) { ... }
///
/// A moment's stake is the expected number of frames, from its frame to the frame before its
/// track's next moment (or to the track's last frame), on which the box is off the object: the sum
/// of one minus the confidence over those frames, since the confidence is calibrated as the
/// probability that the box is on the object. An overlap moment counts both tracks' stretches.
/// A moment that opens a long doubtful or lost stretch comes first; one that a later moment follows
/// at once (a `lost` a frame before `found again`) or that opens a confident stretch comes last.
/// Nothing is fitted: the order follows from the confidence's meaning.
public enum ReviewMomentRanking {
    /// Each moment's stake (frames, ≥ 0), in the order of `moments`. `moments` are in time order,
    /// as ``ReviewMomentFinder`` gives them; a track without a timeline adds nothing.
    public static func stakes(of moments: [ReviewMoment], timelines: [TrackTimeline]) -> [Double] {
        let byTrack = Dictionary(timelines.map { ($0.trackID, $0) }, uniquingKeysWith: { first, _ in first })
        // Per track: its frames and the running sum of (1 - confidence) before each point.
        var frames: [Int: [Int]] = [:], sums: [Int: [Double]] = [:]
        for (id, timeline) in byTrack {
            frames[id] = timeline.points.map(\.frame)
            sums[id] = timeline.points.reduce(into: [0]) { $0.append($0.last! + Double(1 - min(max($1.confidence, 0), 1))) }
        }
        /// The index of the first of `sorted` at or after `frame`.
        func index(of frame: Int, in sorted: [Int]) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < frame { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return moments.map { moment in
            moment.trackIDs.reduce(0) { stake, id in
                guard let trackFrames = frames[id], let trackSums = sums[id] else { return stake }
                let next = moments.first { $0.frame > moment.frame && $0.trackIDs.contains(id) }?.frame ?? Int.max
                let from = index(of: moment.frame, in: trackFrames), to = index(of: next, in: trackFrames)
                return stake + trackSums[to] - trackSums[from]
            }
        }
    }

    /// `moments` (in time order) with their stakes, most at stake first; equal stakes keep their time order.
    public static func ranked(_ moments: [ReviewMoment], timelines: [TrackTimeline]) -> [(moment: ReviewMoment, stake: Double)] {
        let stakes = stakes(of: moments, timelines: timelines)
        return moments.indices.sorted { stakes[$0] > stakes[$1] || (stakes[$0] == stakes[$1] && $0 < $1) }.map { (moments[$0], stakes[$0]) }
    }
}
