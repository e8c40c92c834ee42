import Imaging
import TrackFormats
import Tracking

/// TLD's forward-backward check of a run: a cue that the box left its object which does not come
/// from the confidence.
///
///     let check = try ForwardBackwardCheck(options: options, frameRate: 30)
///     for (frame, records) in run { for checked in try check.add(frame, records: records) { ... } }
///     for checked in try check.finish() { ... }
///
/// Frames are kept in windows of ``windowSeconds`` (consecutive windows share one frame). When a
/// window is full, each track drawn on its last frame is tracked backward over the window from its
/// forward box there, by the run's own tracker without re-seeding (and without the appearance
/// describer, which only feeds the confidence). If the backward pass does not
/// come back to the forward box on the window's first frame (IoU below ``agreementIoU``), the
/// forward box changed objects in between: after the last frame where the passes disagree they
/// follow the same thing only because the backward pass started on it. Those frames' records come
/// out with ``TrackSource/disputed``; nothing else about a record changes.
///
/// Cost: one backward tracking step per frame and track (at most the forward pass's tracking, and
/// no second decode); memory: one window of frames. Frames come out one window late, in order.
final class ForwardBackwardCheck {
    /// A frame with its records as checked.
    struct CheckedFrame {
        let context: FrameContext
        var records: [TrackRecord]
    }

    /// Length of a window, seconds.
    static let windowSeconds = 2.0
    /// The backward pass agrees with the forward box at this IoU or more.
    static let agreementIoU = 0.5

    /// Frames per window (≥ 2).
    let window: Int
    private let options: TrackingOptions
    private let handler: SequenceRequestHandler
    private let reseeder: TrackReseeder
    private var kept: [CheckedFrame] = []

    /// `options` are the run's (the check tracks with its level and tracker, never re-seeding);
    /// `frameRate` sets the window (a rate that is not positive gives windows of 60 frames).
    /// Throws as a session does when its trackers cannot be loaded.
    init(options: TrackingOptions, frameRate: Double) throws {
        var own = options
        own.reseedEvery = 0
        self.options = own
        // Only the backward boxes count, not their confidence: no appearance cue to describe.
        let runtime = try TrackingRuntime(describesAppearance: false)
        handler = runtime.makeHandler()
        reseeder = try TrackReseeder(policy: ReseedPolicy(interval: 0, minimumScore: own.detectionMinimumScore), detector: own.detector)
        window = frameRate > 0 ? max(2, Int((frameRate * Self.windowSeconds).rounded())) : 60
    }

    /// Takes the next frame of the run and its records; returns the frames whose check is done, in order.
    func add(_ context: FrameContext, records: [TrackRecord]) throws -> [CheckedFrame] {
        kept.append(CheckedFrame(context: context, records: records))
        guard kept.count >= window else { return [] }
        try checkWindow()
        let done = Array(kept.dropLast())
        kept.removeFirst(kept.count - 1)
        return done
    }

    /// Checks the frames left and returns them.
    func finish() throws -> [CheckedFrame] {
        if kept.count > 1 { try checkWindow() }
        defer { kept.removeAll() }
        return kept
    }

    /// Whether `record` shows a box the backward pass can start from or be compared with.
    private static func isShown(_ record: TrackRecord) -> Bool {
        record.state == .tracked || record.state == .reseeded
    }

    /// One track in the window: the kept frames where it is shown, up to the window's last frame it is
    /// shown on, and the index of its record on each.
    private struct Stretch {
        let trackID: Int
        let label: String
        /// (index in `kept`, index of the record in that frame's records), oldest first.
        var frames: [(frame: Int, record: Int)]
        var backward: [PixelRect?]
        let pass: KeyframePass
    }

    private func checkWindow() throws {
        var stretches: [Stretch] = []
        for record in kept[kept.count - 1].records where Self.isShown(record) {
            var frames: [(frame: Int, record: Int)] = []
            for index in kept.indices.reversed() {
                guard let position = kept[index].records.firstIndex(where: { $0.trackID == record.trackID }),
                      Self.isShown(kept[index].records[position]) else { break }
                frames.append((index, position))
            }
            guard frames.count > 1 else { continue }
            let keyframe = Keyframe(frame: kept[kept.count - 1].context.index, box: record.box, origin: "forward pass")
            stretches.append(Stretch(trackID: record.trackID, label: record.label, frames: frames.reversed(),
                                     backward: Array(repeating: nil, count: frames.count),
                                     pass: KeyframePass(trackID: record.trackID, label: record.label, keyframe: keyframe,
                                                        options: options, reseeder: reseeder, appearanceCue: false)))
        }
        guard !stretches.isEmpty else { return }
        let longest = stretches.map(\.frames.count).max()!
        // Newest first; step `back` is the frame `back` frames before the window's last.
        for back in 0..<longest {
            let index = kept.count - 1 - back
            let later = kept[min(index + 1, kept.count - 1)].context
            // Going backward, the picture moves by the opposite of its forward motion into the later frame.
            let motion = back == 0 ? nil : later.cameraMotion.map {
                ImageTranslationObservation(dx: -$0.dx, dy: -$0.dy, confidence: $0.confidence)
            }
            let view = FrameContext(sharing: kept[index].context, cameraMotion: motion)
            let active = stretches.indices.filter { back < stretches[$0].frames.count }
            for s in active { try stretches[s].pass.prepare(on: view, isLast: back == stretches[s].frames.count - 1) }
            let requests = active.flatMap { stretches[$0].pass.requests }
            try handler.perform(requests, on: handler.needsColour(for: requests) ? view.colour : view.image)
            for s in active {
                let record = stretches[s].pass.record(on: view)
                stretches[s].backward[stretches[s].frames.count - 1 - back] = record?.box
            }
        }
        for stretch in stretches { mark(stretch) }
    }

    /// Flags the stretch's frames after the passes' last disagreement, when they disagree on its first frame.
    private func mark(_ stretch: Stretch) {
        func agrees(_ position: Int) -> Bool {
            let (frame, record) = stretch.frames[position]
            guard let backward = stretch.backward[position] else { return false }
            return kept[frame].records[record].box.iou(backward) >= Self.agreementIoU
        }
        guard !agrees(0), let lastDisagreement = stretch.frames.indices.last(where: { !agrees($0) }) else { return }
        for (frame, record) in stretch.frames[(lastDisagreement + 1)...] {
            kept[frame].records[record].source = .disputed
        }
    }
}
