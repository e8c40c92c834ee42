import Foundation
import TrackFormats
import Tracking
import VideoIO

/// Tracks objects given by their boxes on several frames (keyframes) through one clip, and hands
/// every frame's records to the sinks.
///
///     let targets = try KeyframeTargets.make(boxes: ["walker=157,138,22,55@0", "walker=240,120,24,52@80"], file: nil)
///     let session = try KeyframeGuidedSession(clipPath: "clip.mp4", targets: targets)
///     let report = try session.run(makeSinks: { [try CSVTrackSink(path: "clip.csv")] })
///
/// Each object is tracked forward from each of its keyframes to the next, and backward from each
/// keyframe to the one before; its trackers are re-seeded exactly at every keyframe and, between
/// them, by the run's detector as in ``ClipTrackingSession``. Where both passes cover a frame they
/// are combined by their confidence (``PassCombination``): the record's ``TrackRecord/source`` says
/// `combined`, or `disputed` where the passes disagree (IoU < 0.5); elsewhere it is `keyframe` or
/// `tracked`. Before an object's first keyframe the backward pass gives its boxes, after its last the
/// forward pass does.
///
/// An absent keyframe (``Keyframe/isAbsent``) says the object is not in view on its frame: the
/// record there is `lost` at confidence 0 (source `keyframe`), the pass from the keyframe before
/// stops on the frame before it, the backward pass from the keyframe after stops on the frame after
/// it, and no pass starts from it. Frames after an absent keyframe that no pass from a later box
/// keyframe reaches have no record of the object.
///
/// The clip is decoded once, forward. The last ``reach`` decoded frames are kept for the backward
/// passes, which therefore reach at most that far back from a keyframe: frames further from the next
/// keyframe have the forward pass only (and, before the first keyframe, no record). Memory stays
/// bounded by ``reach`` frames however long the clip; the sinks receive each frame once no backward
/// pass can reach it any more, so they run ``reach`` frames behind the decoder. Every frame of the
/// clip goes to the sinks, from frame 0. Boxes are pixels with the origin at the top-left pixel.
public final class KeyframeGuidedSession: ClipSession {
    /// The decoded frames kept for backward passes may take about this many bytes by default.
    public static let defaultWindowBytes = 1 << 30

    /// What the reader found in the clip.
    public let info: VideoInfo
    public let clipPath: String
    public let options: TrackingOptions
    /// The objects, their keyframes' boxes clipped to the frame; track ids follow this order.
    public let targets: [KeyframedTarget]
    /// How many frames a backward pass reaches at most, counting its keyframe: the frames kept decoded.
    public let reach: Int
    let reader: VideoReader
    /// Why the session runs other trackers than asked for (no neural runtime), for the report's warnings.
    let runtimeWarning: String?

    /// Opens the clip and checks the keyframes against it. `windowBytes` bounds the memory of the
    /// frames kept for backward passes (about 5.5 bytes a pixel each), which sets ``reach``. Throws
    /// `VideoError` for an unreadable clip, ``SessionError`` for more than 16 objects, and
    /// ``KeyframeError`` for a keyframe past the clip's end (when the clip states its length) or a
    /// box that is empty or outside the frame.
    public init(clipPath: String, targets: [KeyframedTarget], options: TrackingOptions = TrackingOptions(),
                windowBytes: Int = defaultWindowBytes) throws {
        let opening = try SessionOpening(clipPath: clipPath, boxes: targets.count, options: options)
        let info = opening.reader.info
        (reader, self.info, self.clipPath) = (opening.reader, info, clipPath)
        (self.options, runtimeWarning) = (opening.options, opening.runtimeWarning)
        self.targets = try targets.map { try $0.clipped(toWidth: info.width, height: info.height) }
        if let frames = info.frameCount {
            try Self.checkKeyframes(of: self.targets, before: frames, clip: clipPath)
        }
        let bytesPerFrame = max(1, info.width * info.height * 11 / 2)
        reach = max(2, windowBytes / bytesPerFrame)
    }

    /// Decodes the clip once, tracks every object forward and backward from its keyframes, and
    /// writes every frame's records to the sinks, then finishes them. `makeSinks` is called once, on
    /// the first frame; `progress` after each decoded frame with its index. Throws ``KeyframeError``
    /// when the clip ends before a keyframe (nothing is finished), `DetectionError` when the
    /// detector cannot be loaded, and `VideoError` when decoding fails.
    public func run(makeSinks: () throws -> [TrackSink], progress: ((Int) -> Void)? = nil) throws -> ClipReport {
        let clock = ContinuousClock()
        let started = clock.now
        let run = try KeyframeGuidedRun(session: self)
        let frames = FramePrefetcher(reader: reader)
        defer { frames.cancel() }
        var upcoming = try frames.next()?.frame
        var framesDecoded = 0
        while let frame = upcoming {
            upcoming = try frames.next()?.frame
            framesDecoded += 1
            try run.track(frame, isLastFrame: upcoming == nil, makeSinks: makeSinks)
            progress?(frame.index)
        }
        try Self.checkKeyframes(of: targets, before: framesDecoded, clip: clipPath)
        return try run.finish(framesDecoded: framesDecoded, seconds: (clock.now - started).seconds, warnings: reader.warnings + [runtimeWarning].compactMap { $0 })
    }

    /// The MOTChallenge rules of a keyframe-guided run: the standard ones (it runs no automatic tracking).
    public var resultRules: MOTResultRules { .standard }

    /// Throws ``KeyframeError`` for the first keyframe on frame `frames` or later.
    private static func checkKeyframes(of targets: [KeyframedTarget], before frames: Int, clip: String) throws {
        for target in targets {
            if let late = target.keyframes.first(where: { $0.frame >= frames }) {
                throw KeyframeError(origin: late.origin, reason: "frame \(late.frame) is past the end of \(clip) (\(frames) frames)")
            }
        }
    }
}
