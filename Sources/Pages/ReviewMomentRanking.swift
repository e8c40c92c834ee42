import Foundation
import TrackFormats

/// Orders a run's review moments by what a correction at each is expected to fix, for the review
/// page's list and for the reviewer `vtrack eval review-loop` plays.
///
///     for (moment, gain) in ReviewMomentRanking.ranked(moments, timelines: timelines) { ... }
///
/// Each frame of a track is off the object with the probability ``OffModel/offProbability(_:)``
/// gives from its confidence, and a correction (a keyframe) at frame t re-starts the tracker there,
/// forward and backward, up to the track's keyframes on either side; the passes from it hold the
/// object on a frame d seconds away with probability exp(-d / ``OffModel/holdSeconds``), the
/// measured growth of failure with the distance from a keyframe. Both are fitted on the development
/// set and chosen held out by benchmark (`scripts/fitting/fit-review-ranking.py`). A moment's gain
/// is the expected number of its tracks' off frames that a keyframe on its frame would put back on
/// the object (an overlap counts both tracks). The moments are taken greedily: the one of most gain
/// first, then the gains are re-computed as if it had been corrected (the frames it governs are off
/// only where its passes fail too, and it becomes a keyframe that bounds the others' reach), and so
/// on; equal gains keep time order. With a hold of tens of seconds, a keyframe is worth most near
/// the middle of the off frames it can reach, so the frames listed spread over the track like evenly
/// spaced keyframes where the confidence is even, and gather where it falls.
public enum ReviewMomentRanking {
    /// The probability that a track's box is off its object on a frame, and how long a keyframe holds
    /// the object: the ranking's fitted parameters.
    public struct OffModel: Sendable, Equatable {
        /// The log-odds of being off at confidence 0.5.
        public var intercept: Double
        /// Weight of the confidence's own log-odds of being off, log((1 - c) / c).
        public var confidenceWeight: Double
        /// How long, in seconds, the passes from a keyframe typically hold the object (the e-folding
        /// time of P(on the object d seconds away) = exp(-d / hold)); > 0.
        public var holdSeconds: Double

        public init(intercept: Double, confidenceWeight: Double, holdSeconds: Double) {
            self.intercept = intercept
            self.confidenceWeight = confidenceWeight
            self.holdSeconds = holdSeconds
        }

        /// Fitted on the first runs of the 43 development sequences at `fast`
        /// (`scripts/fitting/fit-review-ranking.py`, which prints the fits that hold each benchmark out).
        public static let fitted = OffModel(intercept: -0.007, confidenceWeight: 1.138, holdSeconds: 34.5)

        /// The probability (0...1) that `point`'s box is off the object.
        public func offProbability(_ point: TrackTimeline.Point) -> Double {
            let off = min(max(1 - Double(point.confidence), 1e-3), 1 - 1e-3)
            return 1 / (1 + exp(-(intercept + confidenceWeight * log(off / (1 - off)))))
        }

        /// The probability that the passes from a keyframe hold the object `secondsAway` (≥ 0) from it;
        /// 0 beyond ``ReviewMomentRanking/reachHolds`` hold times.
        public func hold(secondsAway: Double) -> Double {
            secondsAway > ReviewMomentRanking.reachHolds * holdSeconds ? 0 : exp(-secondsAway / holdSeconds)
        }
    }

    /// Frames farther than this many hold times from a keyframe count for nothing (exp(-4) < 2%).
    public static let reachHolds = 4.0

    /// How many frames a page lists for a keyframe where nothing looked wrong (``ReviewMoment/Kind/check``).
    public static let pageChecks = 5
    /// Seconds between the frames of a track that may be listed as a ``ReviewMoment/Kind/check``.
    public static let checkSpacingSeconds = 1.0

    /// Each moment's gain (expected frames fixed, ≥ 0) as ranked, in the order of `moments`
    /// (``ranked(_:timelines:checks:model:)``'s figures, without checks).
    public static func stakes(of moments: [ReviewMoment], timelines: [TrackTimeline], model: OffModel = .fitted) -> [Double] {
        var stakes = [Double](repeating: 0, count: moments.count)
        for (index, gain) in rankedIndices(moments, timelines: timelines, checks: 0, model: model) { stakes[index] = gain }
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
    /// `model` gives each frame's chance of being off and a keyframe's hold (the fitted one unless
    /// another is being measured).
    public static func ranked(_ moments: [ReviewMoment], timelines: [TrackTimeline], checks: Int = 0, model: OffModel = .fitted)
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
        return rankedIndices(candidates, timelines: timelines, checks: checks, model: model).map { (candidates[$0.index], $0.gain) }
    }

    /// Lazy greedy: a gain only falls as corrections are counted, so a candidate whose fresh gain
    /// still beats every other's last known gain is the best.
    private static func rankedIndices(_ candidates: [ReviewMoment], timelines: [TrackTimeline], checks: Int,
                                      model: OffModel) -> [(index: Int, gain: Double)] {
        var tracks = Dictionary(timelines.map { ($0.trackID, TrackResidual($0, model: model)) }, uniquingKeysWith: { first, _ in first })
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
        let model: OffModel
        var off: [Double]
        /// Indices (into ``frames``) of the track's keyframes, in order: its first frame, the keyframes
        /// the run had, and the corrections so far.
        var keyframes: [Int]

        init(_ timeline: TrackTimeline, model: OffModel) {
            frames = timeline.points.map(\.frame)
            times = timeline.points.map(\.time)
            self.model = model
            off = timeline.points.map(model.offProbability)
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
            model.hold(secondsAway: abs(times[index] - times[at]))
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
