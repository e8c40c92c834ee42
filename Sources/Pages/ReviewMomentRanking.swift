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
    public static let reachHolds = 4.0

    /// The probability that a frame's box is off the object (0...1).
    public static func offProbability(_ point: TrackTimeline.Point) -> Double {
        let off = 1 - Double(min(max(point.confidence, 0), 1))
        return point.source == .disputed ? max(off, offWhenDisputed) : off
    }

    /// How many frames a page lists for a keyframe where nothing looked wrong (``ReviewMoment/Kind/check``).
    public static let pageChecks = 5
    /// Seconds between the frames of a track that may be listed as a ``ReviewMoment/Kind/check``.
    public static let checkSpacingSeconds = 2.0

    /// Each moment's gain (expected frames fixed, ≥ 0) as ranked, in the order of `moments`
    /// (``ranked(_:timelines:checks:)``'s figures, without checks).
    public static func stakes(of moments: [ReviewMoment], timelines: [TrackTimeline]) -> [Double] {
        var stakes = [Double](repeating: 0, count: moments.count)
        for (index, gain) in rankedIndices(moments, timelines: timelines, checks: 0) { stakes[index] = gain }
        return stakes
    }

    /// The frames of `timeline` that may be listed as a check (``CheckSchedule``).
    public static func checkFrames(of timeline: TrackTimeline) -> [Int] {
        var schedule = CheckSchedule()
        return timeline.points.filter { schedule.admits($0.time) }.map(\.frame)
    }

    /// Which frames of one track may be listed as a check, as they come: one every
    /// ``checkSpacingSeconds`` after the track's first (which is a keyframe already).
    public struct CheckSchedule: Sendable {
        private var due: Double?

        public init() {}

        /// Whether the track's next point, at `time` (seconds, increasing), may be listed as a check.
        public mutating func admits(_ time: Double) -> Bool {
            guard let due else {
                due = time + ReviewMomentRanking.checkSpacingSeconds
                return false
            }
            guard time >= due - 1e-9 else { return false }
            self.due = time + ReviewMomentRanking.checkSpacingSeconds
            return true
        }
    }

    /// `moments` (in time order, as ``ReviewMomentFinder`` gives them) and up to `checks` frames
    /// where nothing looked wrong but a keyframe is expected to fix much (``checkFrames(of:)``, as
    /// ``ReviewMoment/Kind/check`` moments of one track), with the gain each had when it was taken,
    /// in the order taken: most expected gain first. A track without a timeline adds nothing.
    public static func ranked(_ moments: [ReviewMoment], timelines: [TrackTimeline], checks: Int = 0)
        -> [(moment: ReviewMoment, stake: Double)] {
        var candidates = moments
        if checks > 0 {
            for timeline in timelines {
                let taken = Set(moments.filter { $0.trackIDs.contains(timeline.trackID) }.map(\.frame))
                let times = Dictionary(timeline.points.map { ($0.frame, $0.time) }, uniquingKeysWith: { first, _ in first })
                for frame in checkFrames(of: timeline) where !taken.contains(frame) {
                    candidates.append(ReviewMoment(kind: .check, frame: frame, time: times[frame]!, trackIDs: [timeline.trackID],
                                                   names: [timeline.name]))
                }
            }
        }
        return rankedIndices(candidates, timelines: timelines, checks: checks).map { (candidates[$0.index], $0.gain) }
    }

    /// Lazy greedy: a gain only falls as corrections are counted, so a candidate whose fresh gain
    /// still beats every other's last known gain is the best.
    private static func rankedIndices(_ candidates: [ReviewMoment], timelines: [TrackTimeline], checks: Int) -> [(index: Int, gain: Double)] {
        var tracks = Dictionary(timelines.map { ($0.trackID, TrackResidual($0)) }, uniquingKeysWith: { first, _ in first })
        func gain(_ moment: ReviewMoment) -> Double {
            moment.trackIDs.reduce(0) { $0 + (tracks[$1]?.gain(ofKeyframeAt: moment.frame) ?? 0) }
        }
        /// Whether `a` comes before `b`: more gain, or as much and earlier in `candidates`.
        func precedes(_ a: (index: Int, gain: Double), _ b: (index: Int, gain: Double)) -> Bool {
            a.gain > b.gain || (a.gain == b.gain && a.index < b.index)
        }
        // Sorted by last known gain, best last.
        var queue: [(index: Int, gain: Double)] = candidates.indices.map { ($0, gain(candidates[$0])) }.sorted { precedes($1, $0) }
        var order: [(index: Int, gain: Double)] = []
        var checksTaken = 0
        while let top = queue.popLast() {
            let moment = candidates[top.index]
            if moment.kind == .check && checksTaken >= checks { continue }
            let fresh = (index: top.index, gain: gain(moment))
            if let next = queue.last, precedes(next, fresh) {
                var low = 0, high = queue.count
                while low < high {
                    let middle = (low + high) / 2
                    if precedes(queue[middle], fresh) { high = middle } else { low = middle + 1 }
                }
                queue.insert(fresh, at: low)
                continue
            }
            order.append(fresh)
            if moment.kind == .check { checksTaken += 1 }
            for id in moment.trackIDs { tracks[id]?.correct(at: moment.frame) }
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
