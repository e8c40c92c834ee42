import CFFmpeg
import Imaging

/// Decodes the video stream of a file, frame by frame, in presentation order.
///
/// Opens whatever libavformat opens: MP4, MOV, MKV, WebM, AVI, and image sequences given as a
/// `printf`-style pattern (`img/%04d.jpg`; FFmpeg looks for a first number between 0 and 4, and
/// plays sequences at 25 fps; a sequence with a gap, such as 0001, 0002, 0005, is refused rather
/// than ended at the gap). The first video stream that is not
/// cover art is decoded, with frame threading on every core. Pictures are rotated upright by the
/// stream's display matrix, so ``info`` sizes and every ``VideoFrame`` refer to the picture as a
/// player shows it. A stream whose picture size changes mid-way (joined recordings, adaptive
/// streams) is shown as players show it: every picture scaled to the first picture's size, with a
/// warning naming the frame where the size changes.
///
///     let reader = try VideoReader(path: "clip.mp4")
///     print(reader.info)
///     while let frame = try reader.nextFrame() {
///         // frame.luma: Image<UInt8>, frame.time: seconds
///     }
///     for warning in reader.warnings { print(warning) }
///
/// Damaged input: `init` throws a ``VideoError`` when the file cannot be opened, has no video
/// stream, uses a codec this FFmpeg cannot decode, or yields no picture at all. Later damage does
/// not throw: a packet the decoder rejects is skipped, a read error (such as a truncated file) ends
/// the video after the pictures still in the decoder; both are listed in ``warnings``.
///
/// A reader is not thread-safe: call it from one thread at a time. The frames it returns are
/// independent values that may go to any thread.
public final class VideoReader {
    /// What the file holds, known before the first frame.
    public let info: VideoInfo
    private let decoder: FrameDecoder
    private let converter: PictureConverter
    /// The decoded size of the previous picture, to warn once per change of size.
    private var decodedSize: (width: Int32, height: Int32)
    private let turn: QuarterTurn
    private let secondsPerTick: Double
    private let originTimestamp: Int64
    private var nextIndex = 0
    private var lastTime: Double?
    private var firstFrame: VideoFrame?
    private var ended = false

    /// Opens `path` and decodes its first picture (so a file that cannot be decoded fails here).
    /// Throws ``VideoError``: `fileNotFound`, `notAVideoFile`, `sequenceGap`, `cannotOpen`, `noVideoStream`,
    /// `unsupportedCodec`, `decoderFailed`, `noDecodableFrames` or `unsupportedPixelFormat`.
    public init(path: String) throws {
        let input = try InputFile(path: path)
        if input.formatName == "image2", let gap = ImageSequencePattern(path)?.firstGap() {
            throw VideoError.sequenceGap(path: path, missing: gap.missing, resumesAt: gap.resumesAt)
        }
        guard let stream = input.firstVideoStream else { throw VideoError.noVideoStream(path: path) }
        let decoder = try FrameDecoder(input: input, stream: stream)
        guard decoder.decodeNext() else {
            let reason = decoder.warnings.isEmpty ? "the stream is empty" : decoder.warnings.prefix(3).joined(separator: "; ")
            throw VideoError.noDecodableFrames(path: path, reason: reason)
        }
        let first = decoder.frame.pointee
        let pixelFormat = AVPixelFormat(first.format)
        let formatName = ffmpegString(av_get_pix_fmt_name(pixelFormat))
        guard PictureConverter.canConvert(pixelFormat) else {
            throw VideoError.unsupportedPixelFormat(path: path, format: formatName)
        }
        // The display matrix holds the counter-clockwise angle a player turns the picture by.
        let turn = QuarterTurn(clockwiseDegrees: -vt_stream_display_rotation(stream))
        let rate = Self.frameRate(of: stream)
        let timeBase = stream.pointee.time_base
        let secondsPerTick = timeBase.den != 0 ? av_q2d(timeBase) : 0
        let duration = Self.duration(of: stream, in: input, secondsPerTick: secondsPerTick)
        let size = turn.rotatedSize(width: Int(first.width), height: Int(first.height))
        let audioCodec = input.firstAudioStream?.pointee.codecpar.map { ffmpegString(avcodec_get_name($0.pointee.codec_id)) }

        self.decoder = decoder
        self.converter = PictureConverter(width: Int(first.width), height: Int(first.height))
        self.decodedSize = (first.width, first.height)
        self.turn = turn
        self.secondsPerTick = secondsPerTick
        let startTime = stream.pointee.start_time
        self.originTimestamp = startTime != FFmpegStatus.noTimestamp ? startTime : first.best_effort_timestamp
        self.info = VideoInfo(
            path: path,
            containerName: input.formatName,
            width: size.width,
            height: size.height,
            frameRate: rate.framesPerSecond,
            frameRateRational: rate,
            duration: duration,
            frameCount: Self.frameCount(of: stream, duration: duration, framesPerSecond: rate.framesPerSecond),
            rotationDegrees: turn.rawValue,
            codecName: ffmpegString(avcodec_get_name(stream.pointee.codecpar?.pointee.codec_id ?? AV_CODEC_ID_NONE)),
            pixelFormat: formatName,
            audioCodecName: audioCodec)
        firstFrame = try makeFrame()
    }

    /// Problems met while decoding so far (damaged packets skipped, read errors, a stream that
    /// ended before the frame count its container declares), one line each; at most about 50
    /// lines, the last one counting those not listed.
    public var warnings: [String] { decoder.warnings }

    /// Frames decoded so far (returned or skipped); once the stream has ended, the frames the clip
    /// really has, which may be fewer than ``VideoInfo/frameCount`` (the container's count).
    public var framesDecoded: Int { nextIndex }

    /// Number of packets the decoder rejected (when sent, or when decoding their picture failed);
    /// their pictures are skipped. 0 for an undamaged file.
    public var damagedPacketCount: Int { decoder.damagedPacketCount }

    /// The next frame, or `nil` once the stream has ended (every picture buffered in the decoder
    /// has been returned by then). Throws only when memory runs out or the pixel format changes
    /// mid-stream to one that cannot be converted.
    public func nextFrame() throws -> VideoFrame? {
        if let first = firstFrame {
            firstFrame = nil
            return first
        }
        guard !ended else { return nil }
        guard decoder.decodeNext() else {
            endOfStream()
            return nil
        }
        return try makeFrame()
    }

    /// Decodes and drops frames so that the next ``nextFrame()`` returns the frame with index
    /// `frameIndex` (no effect when that frame was already passed). Returns false when the video
    /// ends first. Costs a full decode of each skipped frame, without the luma copy.
    @discardableResult
    public func skip(to frameIndex: Int) -> Bool {
        if let first = firstFrame {
            if first.index >= frameIndex { return true }
            firstFrame = nil
        }
        while nextIndex < frameIndex {
            guard !ended, decoder.decodeNext() else {
                endOfStream()
                return false
            }
            nextIndex += 1
        }
        return true
    }

    private func makeFrame() throws -> VideoFrame {
        let frame = decoder.frame
        let size = (width: frame.pointee.width, height: frame.pointee.height)
        if size != decodedSize {
            decodedSize = size
            let upright = turn.rotatedSize(width: Int(size.width), height: Int(size.height))
            decoder.warn("frame \(nextIndex): the picture size changes to \(upright.width)x\(upright.height); "
                         + "scaled to the first frame's \(info.width)x\(info.height), as players show it")
        }
        guard let luma = converter.luma(of: frame, turn: turn) else {
            let format = ffmpegString(av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format)))
            throw VideoError.unsupportedPixelFormat(path: info.path, format: format)
        }
        let time = monotonicTime(presentationTime(of: frame.pointee, index: nextIndex), index: nextIndex)
        guard let picture = DecodedPicture(takingBuffersOf: frame) else {
            throw VideoError.decoderFailed(path: info.path, reason: "out of memory")
        }
        defer { nextIndex += 1 }
        return VideoFrame(index: nextIndex, time: time, luma: luma, picture: picture, converter: converter, turn: turn)
    }

    /// `time`, or, when it is not after the previous frame's (damaged or reordered data), a time
    /// just after it, with a warning: frame times always increase.
    private func monotonicTime(_ time: Double, index: Int) -> Double {
        guard let previous = lastTime else {
            lastTime = time.isFinite ? time : 0
            return lastTime ?? 0
        }
        guard !(time > previous) || !time.isFinite else {
            lastTime = time
            return time
        }
        let shifted = previous + 0.001
        decoder.warn(String(format: "frame %d: its time %.4f s is not after the previous frame's %.4f s (damaged or reordered data); given %.4f s",
                            index, time, previous, shifted))
        lastTime = shifted
        return shifted
    }

    private func presentationTime(of frame: AVFrame, index: Int) -> Double {
        let timestamp = frame.best_effort_timestamp
        guard timestamp != FFmpegStatus.noTimestamp, originTimestamp != FFmpegStatus.noTimestamp,
              secondsPerTick > 0 else {
            return Double(index) / info.frameRate
        }
        return (Double(timestamp) - Double(originTimestamp)) * secondsPerTick
    }

    private func endOfStream() {
        guard !ended else { return }
        ended = true
        let declared = decoder.stream.pointee.nb_frames
        if declared > 0, Int64(nextIndex) < declared {
            decoder.warn("the video ended after \(nextIndex) of the \(declared) frames its container declares")
        }
    }

    /// Average rate, else base rate, else 25/1 (FFmpeg's default for image sequences).
    private static func frameRate(of stream: UnsafeMutablePointer<AVStream>) -> FrameRate {
        let average = FrameRate(stream.pointee.avg_frame_rate)
        if average.isValid { return average }
        let base = FrameRate(stream.pointee.r_frame_rate)
        return base.isValid ? base : FrameRate(numerator: 25, denominator: 1)
    }

    private static func duration(of stream: UnsafeMutablePointer<AVStream>, in input: InputFile,
                                 secondsPerTick: Double) -> Double? {
        let streamDuration = stream.pointee.duration
        if streamDuration != FFmpegStatus.noTimestamp, streamDuration > 0, secondsPerTick > 0 {
            return Double(streamDuration) * secondsPerTick
        }
        let containerDuration = input.context.pointee.duration
        if containerDuration != FFmpegStatus.noTimestamp, containerDuration > 0 {
            return Double(containerDuration) / Double(AV_TIME_BASE)
        }
        return nil
    }

    private static func frameCount(of stream: UnsafeMutablePointer<AVStream>, duration: Double?,
                                   framesPerSecond: Double) -> Int? {
        let declared = stream.pointee.nb_frames
        if declared > 0, declared < Int64(Int32.max) { return Int(declared) }
        guard let duration else { return nil }
        let estimate = (duration * framesPerSecond).rounded()
        guard estimate.isFinite, estimate >= 1, estimate < Double(Int32.max) else { return nil }
        return Int(estimate)
    }
}
