import CFFmpeg

// One small owner per FFmpeg object type, so that every object is freed exactly once in `deinit`
// however far an initialiser got before it threw.

/// Owns an `AVFrame`.
final class OwnedFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// `nil` when FFmpeg cannot allocate.
    init?() {
        guard let frame = av_frame_alloc() else { return nil }
        pointer = frame
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&owned)
    }
}

/// Owns an `AVPacket`.
final class OwnedPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// `nil` when FFmpeg cannot allocate.
    init?() {
        guard let packet = av_packet_alloc() else { return nil }
        pointer = packet
    }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&owned)
    }
}

/// Owns an `AVCodecContext` (decoder or encoder).
final class OwnedCodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>

    /// `nil` when FFmpeg cannot allocate.
    init?(codec: UnsafePointer<AVCodec>) {
        guard let context = avcodec_alloc_context3(codec) else { return nil }
        pointer = context
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&owned)
    }
}

/// Owns a `SwsContext`.
final class OwnedScaleContext {
    let pointer: OpaquePointer

    /// A fixed-size converter; `nil` when swscale does not support the formats or cannot allocate.
    init?(width: Int32, height: Int32, from source: AVPixelFormat, to target: AVPixelFormat, flags: Int32) {
        guard let context = sws_getContext(width, height, source, width, height, target, flags, nil, nil, nil) else {
            return nil
        }
        pointer = context
    }

    deinit {
        sws_freeContext(pointer)
    }
}
