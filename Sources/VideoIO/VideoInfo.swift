/// What ``VideoReader`` found in a file, known before the first frame is returned.
///
/// Sizes are those of the upright picture, after the rotation in the file's display matrix
/// has been applied: a phone clip stored as 1920x1080 with a 90° rotation reports 1080x1920,
/// the size of every ``VideoFrame`` the reader returns.
public struct VideoInfo: Equatable, Sendable, CustomStringConvertible {
    /// The path the reader was opened with.
    public let path: String
    /// FFmpeg's name of the container format, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `image2`.
    public let containerName: String
    /// Upright width in pixels.
    public let width: Int
    /// Upright height in pixels.
    public let height: Int
    /// Frames per second: the stream's average rate, else its base rate, else 25 (FFmpeg's
    /// default for image sequences).
    public let frameRate: Double
    /// ``frameRate`` as the exact fraction the container states.
    public let frameRateRational: FrameRate
    /// Length of the video stream in seconds, or `nil` when the container does not say.
    public let duration: Double?
    /// Number of frames the container declares, else `duration * frameRate` rounded; `nil` when
    /// neither is known. An estimate: damaged or truncated files decode fewer frames.
    public let frameCount: Int?
    /// Clockwise rotation in degrees (0, 90, 180 or 270) applied to decoded pictures to make them
    /// upright, from the stream's display matrix (rounded to the nearest quarter turn; mirroring is ignored).
    public let rotationDegrees: Int
    /// FFmpeg's codec name of the video stream, e.g. `h264`, `hevc`, `mjpeg`.
    public let codecName: String
    /// Pixel format of the decoded pictures, e.g. `yuv420p`, `yuvj420p`, `rgb24`.
    public let pixelFormat: String
    /// True when the file also has an audio stream.
    public var hasAudio: Bool { audioCodecName != nil }
    /// FFmpeg's codec name of the first audio stream, e.g. `aac`, `mp3`; `nil` without audio.
    public let audioCodecName: String?

    public init(path: String, containerName: String, width: Int, height: Int, frameRate: Double,
                frameRateRational: FrameRate, duration: Double?, frameCount: Int?, rotationDegrees: Int,
                codecName: String, pixelFormat: String, audioCodecName: String?) {
        self.path = path
        self.containerName = containerName
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.frameRateRational = frameRateRational
        self.duration = duration
        self.frameCount = frameCount
        self.rotationDegrees = rotationDegrees
        self.codecName = codecName
        self.pixelFormat = pixelFormat
        self.audioCodecName = audioCodecName
    }

    /// Several `key: value` lines, as `vtrack probe` prints them.
    public var description: String {
        var lines = [
            "file: \(path)",
            "container: \(containerName)",
            "video: \(codecName), \(pixelFormat), \(width)x\(height)",
            "frame rate: \(formatted(frameRate, digits: 3)) fps (\(frameRateRational))",
            "duration: " + (duration.map { formatted($0, digits: 3) + " s" } ?? "unknown"),
            "frames: " + (frameCount.map { "\($0) (estimate)" } ?? "unknown"),
            "rotation: \(rotationDegrees)°",
        ]
        lines.append("audio: " + (audioCodecName ?? "none"))
        return lines.joined(separator: "\n")
    }
}

/// `value` with at most `digits` decimals and no trailing zeros.
private func formatted(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    guard abs(rounded) < 1e15 else { return "\(rounded)" }
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return "\(rounded)"
}
