/// Everything that can go wrong while reading or writing video.
///
/// Every case carries the path of the file concerned; ``description`` is one line of the form
/// `clip.mp4: not a video file (Invalid data found when processing input)`, where the text in
/// parentheses is FFmpeg's own message.
public enum VideoError: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at the path (for an image-sequence pattern: no file matches it).
    case fileNotFound(path: String)
    /// The path names a FIFO, a device, a folder or a socket; clips are read from regular files.
    case notARegularFile(path: String, kind: String)
    /// The file exists but FFmpeg recognises no container in it (text file, zero bytes, cut before its index).
    case notAVideoFile(path: String, reason: String)
    /// An image sequence skips a number: FFmpeg would stop at `missing` though pictures go on at
    /// `resumesAt`.
    case sequenceGap(path: String, missing: String, resumesAt: String)
    /// The file could not be opened or its streams could not be read for another reason (permissions, I/O).
    case cannotOpen(path: String, reason: String)
    /// The container holds no video stream (audio-only file; cover art does not count).
    case noVideoStream(path: String)
    /// This FFmpeg build has no decoder for the video codec.
    case unsupportedCodec(path: String, codec: String)
    /// The decoded pictures use a pixel format that cannot be converted to grey or RGB.
    case unsupportedPixelFormat(path: String, format: String)
    /// The decoder could not be started.
    case decoderFailed(path: String, reason: String)
    /// The stream ended or failed before a single picture could be decoded.
    case noDecodableFrames(path: String, reason: String)
    /// The output extension names no container the writer supports.
    case unsupportedContainer(path: String, fileExtension: String)
    /// Invalid writer settings: size or frame rate out of range.
    case invalidParameters(path: String, reason: String)
    /// Neither libx264 nor the MPEG-4 part 2 encoder is available.
    case encoderUnavailable(path: String)
    /// The encoder rejected its settings or a frame.
    case encodingFailed(path: String, reason: String)
    /// Creating, writing, finalising or renaming the output failed.
    case writeFailed(path: String, reason: String)
    /// A frame given to the writer does not match its size or is not three-channel RGB.
    case frameMismatch(path: String, reason: String)
    /// A frame's time is not later than the previous frame's, or is not finite.
    case nonMonotonicTime(path: String, previous: Double, time: Double)
    /// The writer was already finished (or failed while finishing).
    case writerFinished(path: String)
    /// `finish()` was called before any frame was written; no file was produced.
    case noFramesWritten(path: String)
    /// The audio source given to the writer could not be opened.
    case audioSourceFailed(path: String, source: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): file not found"
        case .notARegularFile(let path, let kind):
            return "\(path): is \(kind), not a video file (vtrack reads clips from regular files; save a stream to a file first)"
        case .notAVideoFile(let path, let reason):
            return "\(path): not a video file (\(reason))"
        case .sequenceGap(let path, let missing, let resumesAt):
            return "\(path): \(missing) is missing but the sequence goes on at \(resumesAt) "
                + "(FFmpeg would stop at the gap); number the pictures without gaps"
        case .cannotOpen(let path, let reason):
            return "\(path): cannot open (\(reason))"
        case .noVideoStream(let path):
            return "\(path): no video stream"
        case .unsupportedCodec(let path, let codec):
            return "\(path): no decoder for video codec \(codec)"
        case .unsupportedPixelFormat(let path, let format):
            return "\(path): unsupported pixel format \(format)"
        case .decoderFailed(let path, let reason):
            return "\(path): cannot start the video decoder (\(reason))"
        case .noDecodableFrames(let path, let reason):
            return "\(path): no decodable video frame (\(reason))"
        case .unsupportedContainer(let path, let fileExtension):
            let shown = fileExtension.isEmpty ? "files without an extension" : ".\(fileExtension) files"
            return "\(path): cannot write \(shown) (use .mp4, .m4v, .mov or .mkv)"
        case .invalidParameters(let path, let reason):
            return "\(path): \(reason)"
        case .encoderUnavailable(let path):
            return "\(path): this FFmpeg build has neither the libx264 nor the mpeg4 encoder"
        case .encodingFailed(let path, let reason):
            return "\(path): encoding failed (\(reason))"
        case .writeFailed(let path, let reason):
            return "\(path): cannot write (\(reason))"
        case .frameMismatch(let path, let reason):
            return "\(path): \(reason)"
        case .nonMonotonicTime(let path, let previous, let time):
            return "\(path): frame time \(time) s is not after the previous frame's \(previous) s"
        case .writerFinished(let path):
            return "\(path): the writer is already finished"
        case .noFramesWritten(let path):
            return "\(path): no frames were written, so no file was produced"
        case .audioSourceFailed(let path, let source, let reason):
            return "\(path): cannot copy audio from \(source) (\(reason))"
        }
    }
}
