import CFFmpeg
import Foundation

/// An opened container (`AVFormatContext`) with its stream information read; closed in `deinit`.
final class InputFile {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens a local file that libavformat reads, including image-sequence patterns such as
    /// `img/%04d.jpg`. The path is always a file name: `http://`, `concat:` and other FFmpeg
    /// protocols are not followed (FFmpeg may open only local files). A FIFO, a device or a folder
    /// is refused at once, so a pipe with no writer never blocks. Throws
    /// ``VideoError/fileNotFound(path:)``, ``VideoError/notARegularFile(path:kind:)``,
    /// ``VideoError/notAVideoFile(path:reason:)`` or ``VideoError/cannotOpen(path:reason:)``.
    init(path: String) throws {
        if let kind = Self.nonRegularKind(of: path) { throw VideoError.notARegularFile(path: path, kind: kind) }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        let status = avformat_open_input(&opened, "file:" + path, nil, &options)
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

    /// What the path names when it exists and is not a regular file (after symbolic links):
    /// `a folder`, `a FIFO (named pipe)`, `a device` or `a socket`; nil for a regular file or
    /// nothing (an image-sequence pattern names no file itself).
    static func nonRegularKind(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
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
