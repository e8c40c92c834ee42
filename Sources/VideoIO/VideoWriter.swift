import CFFmpeg
import Imaging

/// Encodes RGB pictures into a video file: H.264 (libx264, yuv420p) in MP4, MOV or MKV, chosen by
/// the extension of `path`, optionally with the audio of another file copied in unchanged.
///
///     let writer = try VideoWriter(path: "out.mp4", width: info.width, height: info.height,
///                                  frameRate: info.frameRateRational, audioSourcePath: info.path)
///     while let frame = try reader.nextFrame() {
///         try writer.write(rgb: annotated(frame.rgb()), time: frame.time)
///     }
///     try writer.finish()
///
/// The file is written to a hidden temporary file beside the target, of this run alone
/// (`.out.PID-RANDOM.partial.mp4`), and renamed onto `path` by ``finish()`` (or ``publish()`` after
/// ``complete()``); a writer released before that deletes
/// its temporary file, so `path` never holds a half-written video (an existing file at `path` is
/// replaced only by a finished one).
///
/// Not thread-safe: call it from one thread at a time.
public final class VideoWriter {
    /// Where the finished file goes.
    public let path: String
    /// Size of the pictures ``write(rgb:time:)`` takes, in pixels.
    public let width: Int, height: Int
    /// The nominal frame rate; pictures keep their own times (see ``write(rgb:time:)``).
    public let frameRate: FrameRate
    /// Size of the encoded pictures: `width` and `height` rounded up to even (yuv420p needs even
    /// sides); the extra column or row repeats the last one, so pixel coordinates are unchanged.
    public var encodedWidth: Int { encoder.encodedWidth }
    /// See ``encodedWidth``.
    public var encodedHeight: Int { encoder.encodedHeight }
    /// FFmpeg's name of the encoder in use: `libx264`, or `mpeg4` as the fallback.
    public var codecName: String { encoder.codecName }
    /// FFmpeg's name of the audio codec being copied, or `nil` when the output has no sound.
    public var audioCodecName: String? { audio?.codecName }
    /// Pictures written so far.
    public private(set) var framesWritten = 0
    /// Things that did not go as asked without being errors, such as an audio source without audio.
    public private(set) var warnings: [String] = []

    private let output: OutputFile
    private let encoder: FrameEncoder
    private let videoStream: UnsafeMutablePointer<AVStream>
    private let audio: AudioPassthrough?
    private var lastTime: Double?
    private var lastTimestamp: Int64 = 0
    private var closed = false

    /// Prepares `path` (`.mp4`, `.m4v`, `.mov` or `.mkv`) for `width` x `height` pictures (1...16384
    /// each) at `frameRate`. With `audioSourcePath`, the first audio stream of that file is copied
    /// packet for packet on the source's timeline, up to the end of the last video frame.
    ///
    /// Throws ``VideoError``: `unsupportedContainer`, `invalidParameters`, `encoderUnavailable`,
    /// `encodingFailed`, `writeFailed` (e.g. the directory does not exist), `audioSourceFailed`.
    /// An audio source without audio, or with a codec the container cannot hold, is not an error:
    /// the video is written without sound and ``warnings`` says why.
    public init(path: String, width: Int, height: Int, frameRate: FrameRate, audioSourcePath: String? = nil,
                codec: VideoCodec = .h264) throws {
        let output = try OutputFile(path: path)
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw VideoError.invalidParameters(path: path, reason: "picture size \(width)x\(height) is outside 1...16384")
        }
        guard frameRate.isValid, frameRate.framesPerSecond <= 1000 else {
            throw VideoError.invalidParameters(path: path, reason: "frame rate \(frameRate) is not between 0 and 1000 fps")
        }
        let encoder = try FrameEncoder(path: path, width: width, height: height, rate: frameRate, codec: codec,
                                       wantsGlobalHeader: output.wantsGlobalHeader)
        let videoStream = try output.addStream()
        let copied = avcodec_parameters_from_context(videoStream.pointee.codecpar, encoder.context)
        guard copied >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(copied)) }
        videoStream.pointee.time_base = encoder.context.pointee.time_base
        videoStream.pointee.avg_frame_rate = encoder.context.pointee.framerate

        var audio: AudioPassthrough?
        var skippedAudio: String?
        if let audioSourcePath {
            do {
                let source = try InputFile(path: audioSourcePath)
                audio = try AudioPassthrough(input: source, into: output, skipped: &skippedAudio)
            } catch let error as VideoError {
                if case .writeFailed = error { throw error }
                throw VideoError.audioSourceFailed(path: path, source: audioSourcePath, reason: error.description)
            }
        }
        try output.open()

        self.path = path
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.output = output
        self.encoder = encoder
        self.videoStream = videoStream
        self.audio = audio
        if let skippedAudio { warnings.append(skippedAudio) }
    }

    /// Same, with the frame rate in frames per second (converted with ``FrameRate/init(_:)``).
    public convenience init(path: String, width: Int, height: Int, framesPerSecond: Double,
                            audioSourcePath: String? = nil, codec: VideoCodec = .h264) throws {
        try self.init(path: path, width: width, height: height, frameRate: FrameRate(framesPerSecond),
                      audioSourcePath: audioSourcePath, codec: codec)
    }

    /// Encodes one picture shown from `time` seconds on (the reader's ``VideoFrame/time``).
    ///
    /// Requires `rgb` to be three channels (R, G, B, top-left origin) of exactly `width` x `height`
    /// and `time` to be finite and later than the previous picture's; throws `frameMismatch` or
    /// `nonMonotonicTime` otherwise (the writer stays usable). With libx264 times are kept to a
    /// thousandth of a frame period of ``frameRate``, so a variable-frame-rate clip keeps its timing;
    /// with the MPEG-4 fallback they are rounded to the frame grid, a picture closer than one frame
    /// period to the previous one moved to the next free slot. Encoding or writing failures (`encodingFailed`, `writeFailed`) close the writer.
    public func write(rgb: Image<UInt8>, time: Double) throws {
        guard !closed else { throw VideoError.writerFinished(path: path) }
        guard rgb.channels == 3, rgb.width == width, rgb.height == height else {
            throw VideoError.frameMismatch(path: path, reason:
                "expected a \(width)x\(height) RGB picture, got \(rgb.width)x\(rgb.height) with \(rgb.channels) channel(s)")
        }
        try encodePicture(at: time) { timestamp in
            try encoder.encode(rgb, timestamp: timestamp, path: path, deliver: writeVideoPacket)
        }
    }

    /// Whether ``write(planesOf:time:drawing:)`` can take `frame`: its decoded picture is upright,
    /// of this writer's size (even sides), 8-bit 4:2:0 (yuv420p), limited range, in BT.601's colour
    /// matrix or untagged. Other frames go through ``write(rgb:time:)`` (`frame.rgb()`, drawn on).
    public func canWritePlanes(of frame: VideoFrame) -> Bool {
        frame.turn == .none && encoder.canEncodePlanes(of: frame.picture.frame)
    }

    /// Encodes `frame`'s decoded picture as it is, with `drawing` applied to a copy of its planes
    /// (``YUV420Canvas``, valid only inside `drawing`), shown from `time` seconds on: the picture a
    /// ``write(rgb:time:)`` of `frame.rgb()` with the same drawing would give, less the rounding of its
    /// two colour conversions, which are not made. Requires ``canWritePlanes(of:)``; throws
    /// `frameMismatch` otherwise, and what ``write(rgb:time:)`` throws for times and failures.
    public func write(planesOf frame: VideoFrame, time: Double, drawing: (inout YUV420Canvas) -> Void) throws {
        guard !closed else { throw VideoError.writerFinished(path: path) }
        guard canWritePlanes(of: frame) else {
            throw VideoError.frameMismatch(path: path, reason: "the frame's picture is not upright 8-bit 4:2:0 BT.601 of \(width)x\(height)")
        }
        try encodePicture(at: time) { timestamp in
            try encoder.encode(planesOf: frame.picture.frame, drawing: drawing, timestamp: timestamp, path: path,
                               deliver: writeVideoPacket)
        }
    }

    /// Checks `time` against the previous picture's, runs `encode` with its timestamp (encoder time
    /// base), then copies the audio up to it; an encoding or writing failure closes the writer.
    private func encodePicture(at time: Double, encode: (Int64) throws -> Void) throws {
        let ticks = time * frameRate.framesPerSecond * Double(encoder.ticksPerFrame)
        guard ticks.isFinite, abs(ticks) < 1e15, time > (lastTime ?? -.infinity) else {
            throw VideoError.nonMonotonicTime(path: path, previous: lastTime ?? -.infinity, time: time)
        }
        var timestamp = Int64(ticks.rounded())
        if lastTime != nil, timestamp <= lastTimestamp { timestamp = lastTimestamp + 1 }
        do {
            try encode(timestamp)
            try audio?.copy(before: time, into: output)
        } catch {
            closed = true
            throw error
        }
        lastTime = time
        lastTimestamp = timestamp
        framesWritten += 1
    }

    /// Completes the file (``complete()``) and renames it onto ``path`` (``publish()``).
    public func finish() throws {
        try complete()
        try publish()
    }

    /// Flushes the encoder, copies the remaining audio up to the end of the last picture and
    /// finalises the container: the file is whole under its temporary name, not yet under ``path``
    /// (for an output that appears together with others). Throws `noFramesWritten` when nothing was
    /// written (no file is produced), `writerFinished` when called again, or the error that stopped
    /// it; after any error the temporary file is deleted and `path` is left as it was.
    public func complete() throws {
        guard !closed else { throw VideoError.writerFinished(path: path) }
        closed = true
        guard framesWritten > 0 else { throw VideoError.noFramesWritten(path: path) }
        try encoder.finish(path: path, deliver: writeVideoPacket)
        let ticksPerSecond = frameRate.framesPerSecond * Double(encoder.ticksPerFrame)
        try audio?.copy(before: Double(lastTimestamp + Int64(encoder.ticksPerFrame)) / ticksPerSecond, into: output)
        try output.complete()
    }

    /// Renames the file ``complete()`` finished onto ``path``.
    public func publish() throws {
        try output.publish()
    }

    private func writeVideoPacket(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        if packet.pointee.duration <= 0 { packet.pointee.duration = Int64(encoder.ticksPerFrame) }
        av_packet_rescale_ts(packet, encoder.context.pointee.time_base, videoStream.pointee.time_base)
        packet.pointee.stream_index = videoStream.pointee.index
        try output.write(packet)
    }
}
