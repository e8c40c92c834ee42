import Foundation
import TrackFormats

/// Orders a run's review moments by what a correction at each is expected to fix, for the review
/// page's list and for the reviewer `vtrack eval review-loop` plays.
///
///     for (moment, gain) in ReviewMomentRanking.ranked(moments, timelines: timelines) { ... }
///
/// Each frame of a track is off the object with probability ``offProbability(_:)``: one minus the
/// confidence (calibrated as the probability of being on the object), at least
/// ``offWhenDisputed`` where the forward-backward check or keyframe-guided passes dispute the box.
/// A correction (a keyframe) at frame t re-starts the tracker there, forward and backward, up to
/// the track's keyframes on either side; the passes from it hold the object on a frame d seconds
/// away with probability exp(-d / ``holdSeconds``). A moment's gain is the expected number of its
/// tracks' off frames that a keyframe on its frame would put back on the object (an overlap counts
/// both tracks). The moments are taken greedily: the one of most gain first, then the gains are
/// re-computed as if it had been corrected (the frames it governs are less likely off, and it
/// becomes a keyframe that bounds the others' reach), and so on; equal gains keep time order.
public enum ReviewMomentRanking {
    /// The probability that a frame whose box is disputed (``TrackSource/disputed``) is off the
    /// object, when its confidence gives less.
    public static let offWhenDisputed = 0.5
    /// How long, in seconds, the passes from a keyframe typically hold the object (the e-folding time).
    public static let holdSeconds = 4.0
    /// Frames farther than this many ``holdSeconds`` from a keyframe count for nothing (exp(-4) < 2%).
    static let reachHolds = 4.0

    /// The probability that a frame's box is off the object (0...1).
    public static func offProbability(_ point: TrackTimeline.Point) -> Double {
        let off = 1 - Double(min(max(point.confidence, 0), 1))
        return point.source == .disputed ? max(off, offWhenDisputed) : off
    }

    /// Each moment's gain (expected frames fixed, ≥ 0) as ranked, in the order of `moments`
    /// (``ranked(_:timelines:)``'s figures).
    public static func stakes(of moments: [ReviewMoment], timelines: [TrackTimeline]) -> [Double] {
        var stakes = [Double](repeating: 0, count: moments.count)
        for (index, gain) in rankedIndices(moments, timelines: timelines) { stakes[index] = gain }
        return stakes
    }

    /// `moments` (in time order, as ``ReviewMomentFinder`` gives them) with the gain each had when it
    /// was taken, in the order taken: most expected gain first. A track without a timeline adds nothing.
    public static func ranked(_ moments: [ReviewMoment], timelines: [TrackTimeline]) -> [(moment: ReviewMoment, stake: Double)] {
        rankedIndices(moments, timelines: timelines).map { (moments[$0.index], $0.gain) }
    }

    private static func rankedIndices(_ moments: [ReviewMoment], timelines: [TrackTimeline]) -> [(index: Int, gain: Double)] {
        var tracks = Dictionary(timelines.map { ($0.trackID, TrackResidual($0)) }, uniquingKeysWith: { first, _ in first })
        func gain(_ moment: ReviewMoment) -> Double {
            moment.trackIDs.reduce(0) { $0 + (tracks[$1]?.gain(ofKeyframeAt: moment.frame) ?? 0) }
        }
        var left = Array(moments.indices)
        var order: [(index: Int, gain: Double)] = []
        while !left.isEmpty {
            let gains = left.map { gain(moments[$0]) }
            var best = 0
            for index in gains.indices where gains[index] > gains[best] { best = index }
            order.append((left[best], gains[best]))
            for id in moments[left[best]].trackIDs { tracks[id]?.correct(at: moments[left[best]].frame) }
            left.remove(at: best)
        }
        return order
    }

    /// One track's frames, their probability of being off as corrections so far leave it, and its keyframes.
    private struct TrackResidual {
        let frames: [Int]
        let times: [Double]
        var off: [Double]
        /// Indices (into ``frames``) of the track's keyframes, in order: its first frame, the keyframes
        /// the run had, and the corrections so far.
        var keyframes: [Int]

        init(_ timeline: TrackTimeline) {
            frames = timeline.points.map(\.frame)
            times = timeline.points.map(\.time)
            off = timeline.points.map(ReviewMomentRanking.offProbability)
            keyframes = timeline.points.indices.filter { $0 == 0 || timeline.points[$0].source == .keyframe }
        }

        /// The indices a keyframe on `frame` governs (between the keyframes on either side, within
        /// the reach), with the probability that its passes hold the object on each; empty when the
        /// track has no point on `frame`.
        private func governed(by frame: Int) -> (range: Range<Int>, at: Int)? {
            guard let at = frames.firstIndex(of: frame) else { return nil }
            let before = keyframes.last { $0 <= at }.map { $0 + 1 } ?? 0
            let after = keyframes.first { $0 > at } ?? frames.count
            return (before..<after, at)
        }

        private func hold(_ index: Int, from at: Int) -> Double {
            let seconds = abs(times[index] - times[at])
            return seconds > ReviewMomentRanking.reachHolds * ReviewMomentRanking.holdSeconds
                ? 0 : exp(-seconds / ReviewMomentRanking.holdSeconds)
        }

        /// Expected off frames a keyframe on `frame` puts back on the object.
        func gain(ofKeyframeAt frame: Int) -> Double {
            // A keyframe where there is one already fixes nothing more.
            guard let (range, at) = governed(by: frame), !range.isEmpty, !keyframes.contains(at) else { return 0 }
            var sum = 0.0
            for index in range {
                let held = hold(index, from: at)
                if held == 0 { if index > at { break } else { continue } }
                sum += off[index] * held
            }
            return sum
        }

        /// Counts a correction on `frame`: the frames it governs are off only where its passes fail too.
        mutating func correct(at frame: Int) {
            guard let (range, at) = governed(by: frame) else { return }
            for index in range { off[index] *= 1 - hold(index, from: at) }
            off[at] = 0
            if let position = keyframes.firstIndex(where: { $0 > at }) { keyframes.insert(at, at: position) } else { keyframes.append(at) }
        }
    }
}
