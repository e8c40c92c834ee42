import Foundation
import Imaging
import Pages
import Pipeline
import TrackFormats
import VideoIO

/// Plays a reviewer of `vtrack track --report` on a sequence with ground truth, to measure what the
/// review loop (run, review, correct, re-track) is worth for `K` corrections.
///
///     let result = try ReviewLoopBenchmark.run(sequence, corrections: 3, options: TrackingOptions(level: .fast))
///     print(result.firstRun, result.corrected, result.evenlySpaced, result.straightLines)
///
/// - The first run tracks from the ground truth's first box, as `vtrack track --box` does.
/// - The reviewer takes the run's moments (``ReviewMomentFinder``) in the order the review page
///   lists them (``ReviewMomentRanking``: most at stake first) and, for each moment whose box is off
///   the object (IoU < 0.5 with the ground truth, on a frame where the object is annotated), gives
///   the ground-truth box there as a keyframe, up to `K` corrections, one per frame. With
///   `alsoInTimeOrder`, a second reviewer takes them in time order, for comparison.
/// - A second reviewer gives the ground-truth box on each of the first `K` frames the page lists
///   (its moments and the frames it marks worth a keyframe), whether the run's box there was off or
///   not: `K` boxes looked at and given, the effort of `K` evenly spaced keyframes (``Result/checked``).
/// - The corrected run is keyframe-guided from the first box and those corrections, as
///   `vtrack track --keyframes` runs the page's file.
/// - Beside it, at the same `K`: a keyframe-guided run from the first box and `K` ground-truth
///   keyframes spaced evenly through the sequence, and the first box and the corrections joined by
///   straight lines (each held after the last keyframe), as an annotation tool interpolates.
///
/// Every score is the success AUC (0...1) over every annotated frame.
public enum ReviewLoopBenchmark {
    /// One sequence's scores at one `K`.
    public struct Result: Sendable, Equatable {
        public var sequence: String
        /// The corrections allowed.
        public var allowed: Int
        /// The frames corrected, in the order the reviewer met them (at most ``allowed``).
        public var correctedFrames: [Int]
        /// The first run's success AUC.
        public var firstRun: Double
        /// Re-tracked from the first box and the corrections.
        public var corrected: Double
        /// The frames a reviewer who gives the box on each of the first ``allowed`` listed frames checked
        /// (whether the run's box was off or not), in the page's order.
        public var checkedFrames: [Int] = []
        /// Re-tracked from the first box and the boxes on ``checkedFrames``.
        public var checked: Double = 0
        /// Tracked from the first box and ``allowed`` keyframes spaced evenly.
        public var evenlySpaced: Double
        /// The first box and the corrections joined by straight lines.
        public var straightLines: Double
        /// How the first run's page points at the frames where its box is off the object.
        public var cues = CueCoverage()
        /// The first run's annotated frames, in order, for fitting how failure grows from a keyframe.
        public var firstRunFrames: [FrameOutcome] = []
        /// A reviewer taking the moments in time order instead; nil unless asked for.
        public var inTimeOrder: OtherReviewer?
        /// The decoder's warnings and mismatches between the video and the ground truth, as `eval otb` gives them.
        public var warnings: [String] = []
    }

    /// How a first run's review page points at the annotated frames where its box is off the object
    /// (IoU < 0.5 with the ground truth): frame counts.
    public struct CueCoverage: Sendable, Equatable {
        /// Frames whose box is off the object.
        public var off = 0
        /// Frames whose box is off the object and drawn solid (confidence above 0.5, not `lost`).
        public var offSolid = 0
        /// Of ``offSolid``, the frames the forward-backward check disputes (``TrackSource/disputed``).
        public var offSolidDisputed = 0
        /// Annotated frames the forward-backward check disputes.
        public var disputed = 0
        /// Of ``disputed``, the frames whose box is off the object.
        public var disputedOff = 0
        /// Whether the box is off the object on the frame of the page's first moment; nil without
        /// moments (or when that frame is not annotated).
        public var firstMomentOff: Bool?
    }

    /// One annotated frame of a first run.
    public struct FrameOutcome: Sendable, Equatable {
        /// Seconds from the start keyframe.
        public var seconds: Double
        /// The run's confidence (0...1).
        public var confidence: Float
        /// Whether the forward-backward check disputes the box.
        public var disputed: Bool
        /// Whether the box is off the object (IoU < 0.5 with the ground truth).
        public var off: Bool
    }

    /// Another reviewer's corrections and the AUC of the run re-tracked from them.
    public struct OtherReviewer: Sendable, Equatable {
        /// The frames corrected, in the order the reviewer met them.
        public var frames: [Int]
        public var auc: Double
    }

    /// The order in which the reviewer takes the moments.
    enum MomentOrder {
        /// As the review page lists them: most at stake first (``ReviewMomentRanking``).
        case listed
        /// In time order.
        case time
    }

    /// Runs the loop on `sequence` with up to `allowed` corrections (≥ 0). Throws
    /// ``EvaluationError/trackingFailed(sequence:frame:reason:)`` when the sequence has no annotated
    /// frame to start from or a run fails.
    public static func run(_ sequence: OTBSequence, corrections allowed: Int, options: TrackingOptions) throws -> Result {
        try run(sequence, corrections: [allowed], options: options)[0]
    }

    /// Runs the loop on `sequence` once for each number of corrections in `allowed` (each ≥ 0), one
    /// result each, in that order. The first run is tracked once, and a keyframe-guided run once per
    /// distinct set of keyframes (a sequence with fewer moments to correct than K gives the same
    /// corrections at K and K + 1). Throws as ``run(_:corrections:options:)-swift.type.method``.
    public static func run(_ sequence: OTBSequence, corrections allowed: [Int], options: TrackingOptions,
                           alsoInTimeOrder: Bool = false) throws -> [Result] {
        let truth = sequence.groundTruth
        guard let start = truth.indices.first(where: { isAnnotated(truth[$0]) }) else {
            throw EvaluationError.trackingFailed(sequence: sequence.name, frame: 0, reason: "no annotated frame to start from")
        }
        var firstOptions = options
        firstOptions.startFrame = start
        let rate = try frameRate(of: sequence)
        // The first run is checked forward-backward, as `vtrack track --report` checks it for its page.
        let (first, report) = try track(sequence, checkedAt: rate, options: firstOptions) {
            try ClipTrackingSession(clipPath: sequence.videoPath, targets: [TrackTarget(label: sequence.name, box: truth[start])],
                                    options: firstOptions)
        }
        // Keyframes go on frames the clip has: the ground truth may run past its end.
        let frames = min(truth.count, report.framesDecoded)
        let warnings = report.warnings + [
            SequenceRun.missingFramesWarning(videoFrames: report.framesDecoded, groundTruthLines: truth.count),
            SequenceRun.unscoredFramesWarning(videoFrames: report.framesDecoded, groundTruthLines: truth.count),
        ].compactMap { $0 }
        let startKeyframe = Keyframe(frame: start, box: truth[start], origin: "ground truth")
        func keyframes(_ frames: [Int]) -> [Keyframe] {
            [startKeyframe] + frames.map { Keyframe(frame: $0, box: truth[$0], origin: "ground truth") }
        }
        func score(_ boxes: [PixelRect?]) -> Double {
            SequenceScore(predictions: boxes, groundTruth: truth, startFrame: start).curves.auc
        }
        var guidedScores: [[Int]: Double] = [:]
        func guided(_ frames: [Int]) throws -> Double {
            let key = frames.sorted()
            if let known = guidedScores[key] { return known }
            let boxes = try predictions(track(sequence, checkedAt: nil, options: options) {
                try KeyframeGuidedSession(clipPath: sequence.videoPath,
                                          targets: [KeyframedTarget(label: sequence.name, keyframes: keyframes(key))], options: options)
            }.records, frames: truth.count)
            guidedScores[key] = score(boxes)
            return guidedScores[key]!
        }
        let firstRun = score(predictions(first, frames: truth.count))
        let cues = coverage(of: first, truth: truth, frameRate: rate)
        let startTime = first.first?.time ?? 0
        let outcomes = first.compactMap { record -> FrameOutcome? in
            guard record.frame < truth.count, isAnnotated(truth[record.frame]) else { return nil }
            return FrameOutcome(seconds: record.time - startTime, confidence: record.confidence, disputed: record.source == .disputed,
                                off: record.box.iou(truth[record.frame]) < 0.5)
        }
        return try allowed.map { allowed in
            let corrections = reviewerCorrections(of: first, truth: truth, frameRate: rate, allowed: allowed, order: .listed)
            let checks = checkedFrames(of: first, truth: truth, frameRate: rate, allowed: allowed)
            var result = Result(sequence: sequence.name, allowed: allowed, correctedFrames: corrections, firstRun: firstRun,
                                corrected: try guided(corrections), checkedFrames: checks, checked: try guided(checks),
                                evenlySpaced: try guided(evenlySpacedFrames(from: start, count: allowed, truth: truth, frames: frames)),
                                straightLines: score(straightLines(through: keyframes(corrections), frames: truth.count)),
                                cues: cues, firstRunFrames: outcomes, warnings: warnings)
            if alsoInTimeOrder {
                let inTime = reviewerCorrections(of: first, truth: truth, frameRate: rate, allowed: allowed, order: .time)
                result.inTimeOrder = OtherReviewer(frames: inTime, auc: try guided(inTime))
            }
            return result
        }
    }

    /// The frames the reviewer corrects: the moments' frames, taken in `order`, where the run's box
    /// (`records`: one track, in frame order) is off the annotated object (IoU < 0.5), each once, at
    /// most `allowed`.
    static func reviewerCorrections(of records: [TrackRecord], truth: [PixelRect], frameRate: Double, allowed: Int,
                                    order: MomentOrder) -> [Int] {
        let boxes = Dictionary(records.map { ($0.frame, $0.box) }, uniquingKeysWith: { first, _ in first })
        var corrected: [Int] = []
        for moment in moments(of: records, frameRate: frameRate, order: order) where corrected.count < allowed && !corrected.contains(moment.frame) {
            guard moment.frame < truth.count, isAnnotated(truth[moment.frame]),
                  let box = boxes[moment.frame], box.iou(truth[moment.frame]) < 0.5 else { continue }
            corrected.append(moment.frame)
        }
        return corrected
    }

    /// The frames of the first `allowed` moments the page lists for `records` (one track, in frame
    /// order), frames worth a keyframe included, where the object is annotated, each once: a reviewer
    /// gives the box on each, whether the run's was off or not.
    static func checkedFrames(of records: [TrackRecord], truth: [PixelRect], frameRate: Double, allowed: Int) -> [Int] {
        var checked: [Int] = []
        for moment in moments(of: records, frameRate: frameRate, order: .listed) where checked.count < allowed && !checked.contains(moment.frame) {
            guard moment.frame < truth.count, isAnnotated(truth[moment.frame]) else { continue }
            checked.append(moment.frame)
        }
        return checked
    }

    /// The moments of `records` (one track, in frame order) in `order`; listed, with the frames the
    /// page lists as worth a keyframe.
    private static func moments(of records: [TrackRecord], frameRate: Double, order: MomentOrder) -> [ReviewMoment] {
        var finder = ReviewMomentFinder(frameRate: frameRate)
        var moments: [ReviewMoment] = []
        var timeline = TrackTimeline(trackID: records.first?.trackID ?? 1, name: "")
        for record in records {
            moments += finder.add([record])
            timeline.append(record)
        }
        return order == .listed
            ? ReviewMomentRanking.ranked(moments, timelines: [timeline], checks: ReviewMomentRanking.pageChecks).map(\.moment) : moments
    }

    /// How the page of the run `records` (one track, in frame order, checked forward-backward) points at its off frames.
    static func coverage(of records: [TrackRecord], truth: [PixelRect], frameRate: Double) -> CueCoverage {
        var cues = CueCoverage()
        func isOff(_ record: TrackRecord) -> Bool? {
            guard record.frame < truth.count, isAnnotated(truth[record.frame]) else { return nil }
            return record.box.iou(truth[record.frame]) < 0.5
        }
        for record in records {
            guard let off = isOff(record) else { continue }
            let disputed = record.source == .disputed
            if disputed { cues.disputed += 1 }
            guard off else { continue }
            cues.off += 1
            if disputed { cues.disputedOff += 1 }
            if record.state != .lost && record.style == .solid {
                cues.offSolid += 1
                if disputed { cues.offSolidDisputed += 1 }
            }
        }
        if let first = moments(of: records, frameRate: frameRate, order: .listed).first,
           let record = records.first(where: { $0.frame == first.frame }) {
            cues.firstMomentOff = isOff(record)
        }
        return cues
    }

    /// `count` annotated frames spaced evenly after `start` and before `end` (the clip's frames that
    /// have ground truth): the nearest annotated frame at or after each even step; fewer when the
    /// sequence runs out.
    static func evenlySpacedFrames(from start: Int, count: Int, truth: [PixelRect], frames end: Int) -> [Int] {
        let end = min(end, truth.count)
        guard count > 0, start < end else { return [] }
        var frames: [Int] = []
        for step in 1...count {
            let even = start + step * (end - start) / (count + 1)
            if let frame = (even..<end).first(where: { isAnnotated(truth[$0]) && !frames.contains($0) && $0 != start }) {
                frames.append(frame)
            }
        }
        return frames
    }

    /// The keyframes' boxes joined by straight lines (x, y, width and height each linear in the
    /// frame), the last held to the end; nil before the first.
    static func straightLines(through keyframes: [Keyframe], frames: Int) -> [PixelRect?] {
        let sorted = keyframes.sorted { $0.frame < $1.frame }
        var boxes = [PixelRect?](repeating: nil, count: frames)
        for (index, keyframe) in sorted.enumerated() where keyframe.frame < frames {
            let next = index + 1 < sorted.count ? sorted[index + 1] : nil
            let end = min(frames, next?.frame ?? frames)
            for frame in keyframe.frame..<end {
                guard let next else {
                    boxes[frame] = keyframe.box
                    continue
                }
                let t = Double(frame - keyframe.frame) / Double(next.frame - keyframe.frame)
                func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
                boxes[frame] = PixelRect(x: mix(keyframe.box.x, next.box.x), y: mix(keyframe.box.y, next.box.y),
                                         width: mix(keyframe.box.width, next.box.width), height: mix(keyframe.box.height, next.box.height))
            }
        }
        return boxes
    }

    /// Element `k` is the run's box on frame `k` (whatever its state, as every frame is scored); nil where it has none.
    private static func predictions(_ records: [TrackRecord], frames: Int) -> [PixelRect?] {
        var boxes = [PixelRect?](repeating: nil, count: frames)
        for record in records where record.frame < frames { boxes[record.frame] = record.box }
        return boxes
    }

    private static func isAnnotated(_ box: PixelRect) -> Bool {
        box.x.isFinite && box.y.isFinite && box.width > 0 && box.height > 0
    }

    private static func frameRate(of sequence: OTBSequence) throws -> Double {
        do {
            return try VideoReader(path: sequence.videoPath).info.frameRate
        } catch {
            throw EvaluationError.videoFailed(path: sequence.videoPath, reason: "\(error)")
        }
    }

    /// The records of the sequence's one track, from the session `makeSession` opens, and the run's report.
    /// With `checkedAt` (the clip's frame rate), the records come through the forward-backward check
    /// (``ForwardBackwardCheckedSink``) with `options`, as a review page's do.
    private static func track<Session: ReviewLoopSession>(_ sequence: OTBSequence, checkedAt frameRate: Double?, options: TrackingOptions,
                                                          _ makeSession: () throws -> Session) throws -> (records: [TrackRecord], report: ClipReport) {
        do {
            let collector = RecordCollector(trackID: 1, frameLimit: sequence.groundTruth.count)
            let report = try makeSession().run(makeSinks: {
                [try frameRate.map { try ForwardBackwardCheckedSink(collector, options: options, frameRate: $0) } ?? collector]
            }, progress: nil)
            return (collector.records, report)
        } catch let error as EvaluationError {
            throw error
        } catch {
            throw EvaluationError.trackingFailed(sequence: sequence.name, frame: 0, reason: "\(error)")
        }
    }
}

/// The sessions the benchmark runs: plain and keyframe-guided tracking.
protocol ReviewLoopSession {
    func run(makeSinks: () throws -> [TrackSink], progress: ((Int) -> Void)?) throws -> ClipReport
}

extension ClipTrackingSession: ReviewLoopSession {}
extension KeyframeGuidedSession: ReviewLoopSession {}
