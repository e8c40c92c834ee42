import CFFmpeg

/// An opened container (`AVFormatContext`) with its stream information read; closed in `deinit`.
final class InputFile {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens anything libavformat opens, including image-sequence patterns such as `img/%04d.jpg`.
    /// Throws ``VideoError/fileNotFound(path:)``, ``VideoError/notAVideoFile(path:reason:)`` or
    /// ``VideoError/cannotOpen(path:reason:)``.
    init(path: String) throws {
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&opened, path, nil, nil)
        guard status >= 0, let opened else {
            if status == FFmpegStatus.fileNotFound { throw VideoError.fileNotFound(path: path) }
            if status == FFmpegStatus.invalidData {
                throw VideoError.notAVideoFile(path: path, reason: ffmpegMessage(status))
            }
            throw VideoError.cannotOpen(path: path, reason: ffmpegMessage(status))
        }
        self.path = path
        self.context = opened
        let probed = avformat_find_stream_info(opened, nil)
        guard probed >= 0 else {
            throw VideoError.cannotOpen(path: path, reason: "reading stream information: " + ffmpegMessage(probed))
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    /// The container's streams, in file order.
    var streams: [UnsafeMutablePointer<AVStream>] {
        guard let list = context.pointee.streams else { return [] }
        return (0..<Int(context.pointee.nb_streams)).compactMap { list[$0] }
    }

    /// The first video stream that is not cover art, if any.
    var firstVideoStream: UnsafeMutablePointer<AVStream>? {
        streams.first { stream in
            stream.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
    }

    /// The first audio stream, if any.
    var firstAudioStream: UnsafeMutablePointer<AVStream>? {
        streams.first { $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
    }

    /// FFmpeg's short name of the container format.
    var formatName: String {
        ffmpegString(context.pointee.iformat?.pointee.name)
    }
}
