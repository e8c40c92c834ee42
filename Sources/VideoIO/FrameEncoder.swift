import CFFmpeg
import Imaging

/// Encodes RGB pictures as yuv420p video: libx264 (preset veryfast, CRF 23) or, when that is
/// absent or not wanted, FFmpeg's MPEG-4 part 2 encoder at a fixed quantiser.
///
/// yuv420p needs even sides, so an odd width or height is padded by one column or row that
/// repeats the last one: the encoded picture is at most one pixel larger, pixel coordinates are unchanged.
/// Each picture is first copied into a padded buffer owned by the encoder (reused, allocated once):
/// that does the padding and keeps swscale's SIMD reads, which run past the end of a row, inside memory it may read.
final class FrameEncoder {
    let codecName: String
    /// Input size in pixels.
    let width: Int, height: Int
    /// Encoded size: input size rounded up to even.
    let encodedWidth: Int, encodedHeight: Int
    private let codecOwner: OwnedCodecContext
    private let pictureOwner: OwnedFrame
    private let packetOwner: OwnedPacket
    private let scaler: OwnedScaleContext
    /// RGB24 at the encoded size, plus slack for swscale's over-reads.
    private var paddedRGB: [UInt8]
    /// Time-base ticks in one nominal frame period: 1000 for libx264, so pictures keep their own
    /// times (variable frame rate) to a thousandth of a frame; 1 for MPEG-4 part 2, whose time base
    /// may not be finer than 1/65535 s.
    let ticksPerFrame: Int32

    /// `rate` must be valid; `wantsGlobalHeader` comes from the container (MP4 and Matroska want one).
    init(path: String, width: Int, height: Int, rate: FrameRate, codec preference: VideoCodec,
         wantsGlobalHeader: Bool) throws {
        let encoder: UnsafePointer<AVCodec>? = preference == .h264
            ? avcodec_find_encoder_by_name("libx264") ?? avcodec_find_encoder(AV_CODEC_ID_MPEG4)
            : avcodec_find_encoder(AV_CODEC_ID_MPEG4)
        guard let encoder else { throw VideoError.encoderUnavailable(path: path) }
        let encodedWidth = width + width % 2, encodedHeight = height + height % 2
        guard let codecOwner = OwnedCodecContext(codec: encoder), let pictureOwner = OwnedFrame(),
              let packetOwner = OwnedPacket(),
              let scaler = OwnedScaleContext(width: Int32(encodedWidth), height: Int32(encodedHeight), from: AV_PIX_FMT_RGB24,
                                             to: AV_PIX_FMT_YUV420P, flags: SWS_BILINEAR | SWS_ACCURATE_RND) else {
            throw VideoError.encodingFailed(path: path, reason: "out of memory")
        }
        self.codecName = ffmpegString(encoder.pointee.name)
        self.width = width
        self.height = height
        self.encodedWidth = encodedWidth
        self.encodedHeight = encodedHeight
        self.codecOwner = codecOwner
        self.pictureOwner = pictureOwner
        self.packetOwner = packetOwner
        self.scaler = scaler
        self.paddedRGB = [UInt8](repeating: 0, count: encodedWidth * encodedHeight * 3 + 64)
        let fine: Int32 = 1000
        ticksPerFrame = codecName == "libx264" && rate.numerator <= Int32.max / fine ? fine : 1

        let context = codecOwner.pointer
        context.pointee.width = Int32(encodedWidth)
        context.pointee.height = Int32(encodedHeight)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: rate.denominator, den: rate.numerator * ticksPerFrame)
        context.pointee.framerate = AVRational(num: rate.numerator, den: rate.denominator)
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        // swscale's RGB to YUV uses BT.601 limited range; say so, so players convert back the same way.
        context.pointee.colorspace = AVCOL_SPC_SMPTE170M
        context.pointee.color_range = AVCOL_RANGE_MPEG
        if wantsGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        if codecName == "libx264" {
            _ = av_opt_set(context.pointee.priv_data, "preset", "veryfast", 0)
            _ = av_opt_set(context.pointee.priv_data, "crf", "23", 0)
        } else {
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = FF_QP2LAMBDA * 3
        }
        let opened = avcodec_open2(context, encoder, nil)
        guard opened >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(opened)) }

        let picture = pictureOwner.pointer
        picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        picture.pointee.width = Int32(encodedWidth)
        picture.pointee.height = Int32(encodedHeight)
        let allocated = av_frame_get_buffer(picture, 0)
        guard allocated >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(allocated)) }
    }

    var context: UnsafeMutablePointer<AVCodecContext> { codecOwner.pointer }

    /// Encodes one picture (`width` x `height`, three channels) at `timestamp` (in the encoder's
    /// time base) and passes every packet the encoder returns to `deliver`.
    func encode(_ rgb: Image<UInt8>, timestamp: Int64, path: String,
                deliver: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let picture = pictureOwner.pointer
        let writable = av_frame_make_writable(picture)
        guard writable >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(writable)) }
        pad(rgb)
        guard convertPaddedRGB(into: picture) else {
            throw VideoError.encodingFailed(path: path, reason: "colour conversion failed")
        }
        picture.pointee.pts = timestamp
        picture.pointee.quality = context.pointee.global_quality
        let sent = avcodec_send_frame(context, picture)
        guard sent >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(sent)) }
        try receivePackets(path: path, deliver: deliver)
    }

    /// Whether ``encode(planesOf:drawing:timestamp:path:deliver:)`` can take `source` as it is: 8-bit
    /// 4:2:0 planes (yuv420p) of the encoded size, limited range, in BT.601's colour matrix or untagged
    /// (which players take as BT.601 at this size) — what this encoder tags its pictures as.
    func canEncodePlanes(of source: UnsafePointer<AVFrame>) -> Bool {
        let frame = source.pointee
        return frame.format == AV_PIX_FMT_YUV420P.rawValue && Int(frame.width) == encodedWidth && Int(frame.height) == encodedHeight
            && width == encodedWidth && height == encodedHeight && frame.color_range != AVCOL_RANGE_JPEG
            && [AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_SMPTE170M, AVCOL_SPC_BT470BG].contains(frame.colorspace)
    }

    /// Encodes a copy of `source`'s planes (``canEncodePlanes(of:)`` must hold) with `drawing` applied
    /// to it at `timestamp`, and passes every packet the encoder returns to `deliver`: no RGB picture,
    /// no colour conversion.
    func encode(planesOf source: UnsafePointer<AVFrame>, drawing: (inout YUV420Canvas) -> Void, timestamp: Int64,
                path: String, deliver: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let picture = pictureOwner.pointer
        let writable = av_frame_make_writable(picture)
        guard writable >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(writable)) }
        let chromaWidth = encodedWidth / 2, chromaHeight = encodedHeight / 2
        let from = source.pointee, to = picture.pointee
        guard let sourceY = from.data.0, let sourceCb = from.data.1, let sourceCr = from.data.2,
              let targetY = to.data.0, let targetCb = to.data.1, let targetCr = to.data.2 else {
            throw VideoError.encodingFailed(path: path, reason: "a picture without its three planes")
        }
        Self.copyPlane(sourceY, stride: from.linesize.0, into: targetY, stride: to.linesize.0, width: encodedWidth, rows: encodedHeight)
        Self.copyPlane(sourceCb, stride: from.linesize.1, into: targetCb, stride: to.linesize.1, width: chromaWidth, rows: chromaHeight)
        Self.copyPlane(sourceCr, stride: from.linesize.2, into: targetCr, stride: to.linesize.2, width: chromaWidth, rows: chromaHeight)
        var canvas = YUV420Canvas(width: encodedWidth, height: encodedHeight, luma: targetY, lumaStride: Int(to.linesize.0),
                                  cb: targetCb, cbStride: Int(to.linesize.1), cr: targetCr, crStride: Int(to.linesize.2))
        drawing(&canvas)
        picture.pointee.pts = timestamp
        picture.pointee.quality = context.pointee.global_quality
        let sent = avcodec_send_frame(context, picture)
        guard sent >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(sent)) }
        try receivePackets(path: path, deliver: deliver)
    }

    private static func copyPlane(_ source: UnsafeMutablePointer<UInt8>, stride sourceStride: Int32,
                                  into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int32, width: Int, rows: Int) {
        for row in 0..<rows {
            (target + row * Int(targetStride)).update(from: source + row * Int(sourceStride), count: width)
        }
    }

    /// Flushes the encoder, passing the delayed packets to `deliver`.
    func finish(path: String, deliver: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let sent = avcodec_send_frame(context, nil)
        guard sent >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(sent)) }
        try receivePackets(path: path, deliver: deliver)
    }

    private func receivePackets(path: String, deliver: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let packet = packetOwner.pointer
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == FFmpegStatus.tryAgain || received == FFmpegStatus.endOfFile { return }
            guard received >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(received)) }
            defer { av_packet_unref(packet) }
            try deliver(packet)
        }
    }

    /// Copies `rgb` (`width` x `height`, three channels) into ``paddedRGB``, repeating the last
    /// column and row where the encoded size is larger.
    private func pad(_ rgb: Image<UInt8>) {
        let rowBytes = width * 3, paddedRowBytes = encodedWidth * 3
        rgb.pixels.withUnsafeBufferPointer { source in
            paddedRGB.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<height {
                    let row = to + y * paddedRowBytes
                    row.update(from: from + y * rowBytes, count: rowBytes)
                    if encodedWidth > width { (row + rowBytes).update(from: row + rowBytes - 3, count: 3) }
                }
                if encodedHeight > height {
                    (to + height * paddedRowBytes).update(from: to + (height - 1) * paddedRowBytes, count: paddedRowBytes)
                }
            }
        }
    }

    /// ``paddedRGB`` to the picture's YUV planes.
    private func convertPaddedRGB(into picture: UnsafeMutablePointer<AVFrame>) -> Bool {
        paddedRGB.withUnsafeBufferPointer { pixels in
            // swscale reads four plane pointers and strides even for packed input.
            var sourcePlanes: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
                = (pixels.baseAddress, nil, nil, nil)
            var sourceStrides: (Int32, Int32, Int32, Int32) = (Int32(encodedWidth * 3), 0, 0, 0)
            return withUnsafePointer(to: &sourcePlanes) { planes in
                planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 4) { source in
                    withUnsafePointer(to: &sourceStrides) { strides in
                        strides.withMemoryRebound(to: Int32.self, capacity: 4) { sourceStride in
                            withUnsafePointer(to: &picture.pointee.data) { targetPlanes in
                                targetPlanes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { target in
                                    withUnsafePointer(to: &picture.pointee.linesize) { targetStrides in
                                        targetStrides.withMemoryRebound(to: Int32.self, capacity: 8) { targetStride in
                                            sws_scale(scaler.pointer, source, sourceStride, 0, Int32(encodedHeight),
                                                      target, targetStride) == Int32(encodedHeight)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
