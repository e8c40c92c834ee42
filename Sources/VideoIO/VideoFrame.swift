import Imaging

/// One decoded picture of a video, upright (the file's rotation already applied).
///
/// ``luma`` is copied out when the frame is made (one allocation of `width * height` bytes);
/// colour is produced only when ``rgb()`` is called, from the decoded picture the frame keeps
/// referenced. Holding a frame therefore keeps one decoded picture (about 1.5 bytes per pixel for
/// 4:2:0 video) alive until the frame is released; the reader does not wait for frames to be released.
///
///     while let frame = try reader.nextFrame() {
///         track(frame.luma, at: frame.time)
///     }
public struct VideoFrame: Sendable {
    /// 0-based position in decode-output (presentation) order; skipped damaged packets do not count.
    public let index: Int
    /// Presentation time in seconds from the start of the video stream, so the first frame is at
    /// about 0; `index / frameRate` when the file carries no timestamps.
    public let time: Double
    /// 8-bit grey, one channel, `width` x `height`, origin at the top-left pixel: the decoded
    /// Y plane as stored (usually 16...235 for video, 0...255 for JPEG-range and RGB sources).
    public let luma: Image<UInt8>
    /// The decoded picture, as the decoder made it (before ``turn``).
    let picture: DecodedPicture
    private let converter: PictureConverter
    /// How the decoded picture is turned upright.
    let turn: QuarterTurn

    init(index: Int, time: Double, luma: Image<UInt8>, picture: DecodedPicture, converter: PictureConverter,
         turn: QuarterTurn) {
        self.index = index
        self.time = time
        self.luma = luma
        self.picture = picture
        self.converter = converter
        self.turn = turn
    }

    /// Upright width in pixels.
    public var width: Int { luma.width }
    /// Upright height in pixels.
    public var height: Int { luma.height }

    /// The picture in colour: three channels R, G, B, `width` x `height`, full range 0...255,
    /// origin at the top-left pixel. Converted with swscale on each call (one allocation of
    /// `width * height * 3` bytes); safe to call from any thread. Should swscale fail (out of
    /// memory), the grey picture is returned in all three channels.
    public func rgb() -> Image<UInt8> {
        if let colour = converter.rgb(of: picture.frame, turn: turn) { return colour }
        var grey = [UInt8](repeating: 0, count: luma.pixels.count * 3)
        for (i, value) in luma.pixels.enumerated() {
            grey[3 * i] = value
            grey[3 * i + 1] = value
            grey[3 * i + 2] = value
        }
        return Image(width: width, height: height, channels: 3, pixels: grey)
    }

    /// The frame as trackers and detectors take it: ``luma``, plus ``rgb()`` when `colour` is true.
    public func imageFrame(colour: Bool) -> ImageFrame {
        ImageFrame(luma: luma, rgb: colour ? rgb() : nil)
    }
}
