import CFFmpeg
import Imaging

/// Encodes an RGB picture as a PNG file with libavcodec's PNG encoder (deflate-compressed, each
/// row filtered by whichever of PNG's predictors suits it), for stills such as thumbnails and the
/// frames of a pick page.
///
///     let bytes = try PNGEncoder.bytes(of: still, for: "out/clip.thumb.png")
public enum PNGEncoder {
    /// The PNG file of `image` (three channels, R, G, B, 8 bits each; origin at the top-left pixel).
    /// `path` is the file the bytes are for, named in errors. Throws
    /// ``VideoError/encoderUnavailable(path:)`` when this FFmpeg has no PNG encoder and
    /// ``VideoError/encodingFailed(path:reason:)`` when it fails.
    public static func bytes(of image: Image<UInt8>, for path: String) throws -> [UInt8] {
        precondition(image.channels == 3, "PNGEncoder encodes RGB images")
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw VideoError.encoderUnavailable(path: path) }
        guard let codecOwner = OwnedCodecContext(codec: encoder), let pictureOwner = OwnedFrame(),
              let packetOwner = OwnedPacket() else {
            throw VideoError.encodingFailed(path: path, reason: "out of memory")
        }
        let context = codecOwner.pointer, picture = pictureOwner.pointer, packet = packetOwner.pointer
        context.pointee.width = Int32(image.width)
        context.pointee.height = Int32(image.height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 1)
        _ = av_opt_set(context.pointee.priv_data, "pred", "mixed", 0)
        try check(avcodec_open2(context, encoder, nil), path)

        picture.pointee.format = AV_PIX_FMT_RGB24.rawValue
        picture.pointee.width = Int32(image.width)
        picture.pointee.height = Int32(image.height)
        try check(av_frame_get_buffer(picture, 0), path)
        let rowBytes = image.width * 3, stride = Int(picture.pointee.linesize.0)
        guard let plane = picture.pointee.data.0 else { throw VideoError.encodingFailed(path: path, reason: "no picture buffer") }
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let source = pixels.baseAddress else { return }
            for y in 0..<image.height { (plane + y * stride).update(from: source + y * rowBytes, count: rowBytes) }
        }
        try check(avcodec_send_frame(context, picture), path)
        try check(avcodec_send_frame(context, nil), path)
        var bytes: [UInt8] = []
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == FFmpegStatus.endOfFile { break }
            try check(received, path)
            bytes += UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size))
            av_packet_unref(packet)
        }
        guard !bytes.isEmpty else { throw VideoError.encodingFailed(path: path, reason: "the PNG encoder returned nothing") }
        return bytes
    }

    private static func check(_ status: Int32, _ path: String) throws {
        guard status >= 0 else { throw VideoError.encodingFailed(path: path, reason: ffmpegMessage(status)) }
    }
}
