import Imaging
import TrackFormats
import VideoIO

/// Encodes each tracked frame with its records drawn on it (see ``Annotator``; on the decoded
/// picture's planes, with no RGB round trip, when the clip allows) into an MP4 with
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

    /// Draws on the decoded picture's own planes when the encoder can take them as they are (an
    /// upright yuv420p BT.601 clip, the usual case), else on the frame's RGB picture.
    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        let motion = frame.sceneMotion
        if writer.canWritePlanes(of: frame.frame) {
            try writer.write(planesOf: frame.frame, time: frame.time) { canvas in
                Annotator.draw(records, on: &canvas)
                if let motion { Annotator.drawMotion(motion, on: &canvas) }
            }
            return
        }
        var picture = frame.takeRGB()
        Annotator.draw(records, on: &picture)
        if let motion { Annotator.drawMotion(motion, on: &picture) }
        try writer.write(rgb: picture, time: frame.time)
    }

    public func finish() throws {
        try writer.complete()
    }

    public func publish() throws {
        try writer.publish()
    }
}
