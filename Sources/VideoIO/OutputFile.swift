import CFFmpeg
import Files
import Foundation

/// An output container written to a temporary file beside the target (`dir/.name.PID-RANDOM.partial.mp4`
/// for `dir/name.mp4`) and renamed onto the target only by ``publish()``, after ``complete()``; `deinit` deletes the
/// temporary file when the output was never committed, so nothing half-written ever carries the
/// final name.
final class OutputFile {
    /// The path the finished file gets.
    let path: String
    /// Where the file is written until it is committed.
    let temporaryPath: String
    let context: UnsafeMutablePointer<AVFormatContext>
    private let isMP4Family: Bool
    private var isOpen = false
    private var createdFile = false
    private var committed = false

    /// Chooses the container from the extension of `path` (`.mp4`/`.m4v`: MP4, `.mov`: QuickTime,
    /// `.mkv`: Matroska). Creates no file yet.
    init(path: String) throws {
        let fileExtension = FilePath.fileExtension(of: path).lowercased()
        let containers = ["mp4": "mp4", "m4v": "mp4", "mov": "mov", "mkv": "matroska"]
        guard let container = containers[fileExtension] else {
            throw VideoError.unsupportedContainer(path: path, fileExtension: fileExtension)
        }
        let temporaryPath = TemporaryOutputs.partialPath(for: path, fileExtension: fileExtension)
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&allocated, nil, container, temporaryPath)
        guard status >= 0, let allocated else {
            throw VideoError.writeFailed(path: path, reason: ffmpegMessage(status))
        }
        self.path = path
        self.temporaryPath = temporaryPath
        self.context = allocated
        self.isMP4Family = container != "matroska"
    }

    deinit {
        if isOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
        if createdFile && !committed {
            unlink(temporaryPath)
            TemporaryOutputs.unregister(temporaryPath)
        }
    }

    /// True when the container wants codec headers out of band (`AV_CODEC_FLAG_GLOBAL_HEADER`).
    var wantsGlobalHeader: Bool {
        guard let format = context.pointee.oformat else { return false }
        return format.pointee.flags & AVFMT_GLOBALHEADER != 0
    }

    /// Adds a stream; its parameters are the caller's to fill before ``open()``.
    func addStream() throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw VideoError.writeFailed(path: path, reason: "cannot add a stream (out of memory)")
        }
        return stream
    }

    /// Whether the container can hold a stream of this codec.
    func accepts(_ codec: AVCodecID) -> Bool {
        avformat_query_codec(context.pointee.oformat, codec, FF_COMPLIANCE_NORMAL) == 1
    }

    /// Creates the temporary file and writes the container header (MP4/MOV with `+faststart`,
    /// so the index precedes the media data once finished).
    func open() throws {
        TemporaryOutputs.register(temporaryPath)
        let opened = avio_open(&context.pointee.pb, "file:" + temporaryPath, AVIO_FLAG_WRITE)
        guard opened >= 0 else {
            TemporaryOutputs.unregister(temporaryPath)
            throw VideoError.writeFailed(path: path, reason: ffmpegMessage(opened))
        }
        isOpen = true
        createdFile = true
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if isMP4Family { av_dict_set(&options, "movflags", "+faststart", 0) }
        let written = avformat_write_header(context, &options)
        guard written >= 0 else { throw VideoError.writeFailed(path: path, reason: ffmpegMessage(written)) }
    }

    /// Hands a packet (timestamps already in `stream`'s time base) to the interleaving muxer,
    /// which takes over its buffers.
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        let status = av_interleaved_write_frame(context, packet)
        guard status >= 0 else { throw VideoError.writeFailed(path: path, reason: ffmpegMessage(status)) }
    }

    /// Writes the trailer and closes the temporary file: the file is whole, not yet under ``path``.
    func complete() throws {
        let trailer = av_write_trailer(context)
        guard trailer >= 0 else { throw VideoError.writeFailed(path: path, reason: ffmpegMessage(trailer)) }
        let closed = avio_closep(&context.pointee.pb)
        isOpen = false
        guard closed >= 0 else { throw VideoError.writeFailed(path: path, reason: ffmpegMessage(closed)) }
    }

    /// Renames the completed temporary file onto ``path`` (atomic on one file system).
    func publish() throws {
        guard rename(temporaryPath, path) == 0 else {
            throw VideoError.writeFailed(path: path, reason: "renaming \(temporaryPath): " + String(cString: strerror(errno)))
        }
        TemporaryOutputs.unregister(temporaryPath)
        committed = true
    }
}
