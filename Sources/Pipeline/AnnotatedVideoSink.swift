import Imaging
import VideoIO

/// Encodes each tracked frame with its records drawn on it (see ``Annotator``) into an MP4 with
/// the clip's frame rate, timestamps and audio; when the session measures the camera's motion, a
/// marker in the top-right corner shows it. The file appears under its name only after ``finish()``.
public final class AnnotatedVideoSink: TrackSink {
    private let writer: VideoWriter

    /// `info` describes the clip being tracked; the audio of `audioSourcePath`, if any, is copied.
    /// Throws `VideoError` when the file cannot be created or no encoder is available.
    public init(path: String, info: VideoInfo, audioSourcePath: String?) throws {
        writer = try VideoWriter(path: path, width: info.width, height: info.height,
                                 frameRate: info.frameRateRational, audioSourcePath: audioSourcePath)
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        var picture = frame.takeRGB()
        Annotator.draw(records, on: &picture)
        if let motion = frame.sceneMotion { Annotator.drawMotion(motion, on: &picture) }
        try writer.write(rgb: picture, time: frame.time)
    }

    public func finish() throws {
        try writer.finish()
    }
}
