import VideoIO

/// A tracking run over one clip that hands every frame's records to sinks: ``ClipTrackingSession``
/// (boxes, rectangles or everyone a detector finds, from one start frame) or
/// ``KeyframeGuidedSession`` (objects given on several frames, tracked forward and backward). The
/// command builds one or the other and runs it the same way:
///
///     let session: any ClipSession = try ClipTrackingSession(clipPath: "clip.mp4", targets: targets)
///     let report = try session.run(makeSinks: {
///         try outputs.makeSinks(clip: session.clipPath, info: session.info, resultRules: session.resultRules, options: session.options)
///     }, progress: nil)
public protocol ClipSession: AnyObject {
    /// What the reader found in the clip.
    var info: VideoInfo { get }
    var clipPath: String { get }
    /// The options the session runs with, as it resolved them (the trackers it can run).
    var options: TrackingOptions { get }
    /// The rules that make this run's MOTChallenge results from its records.
    var resultRules: MOTResultRules { get }
    /// Decodes the clip, tracks, writes every frame's records to the sinks (made once, before the
    /// first records) and finishes them; `progress` gets each frame's index.
    func run(makeSinks: () throws -> [TrackSink], progress: ((Int) -> Void)?) throws -> ClipReport
}
