/// One picture of a sequence as the trackers and detectors see it: an 8-bit luma plane and,
/// when a caller asked for it, the same picture in colour.
public struct ImageFrame: Sendable {
    /// Luma (grey), one channel, `width` x `height`.
    public let luma: Image<UInt8>
    /// RGB, three channels, same size as `luma`; `nil` when colour was not decoded.
    public let rgb: Image<UInt8>?

    /// Requires `rgb`, when given, to be a three-channel image of the luma plane's size.
    public init(luma: Image<UInt8>, rgb: Image<UInt8>? = nil) {
        precondition(luma.channels == 1, "luma must have one channel")
        if let rgb { precondition(rgb.channels == 3 && rgb.width == luma.width && rgb.height == luma.height, "rgb must match luma") }
        self.luma = luma
        self.rgb = rgb
    }

    public var width: Int { luma.width }
    public var height: Int { luma.height }
    /// The whole frame as a rectangle: pixels, origin at the top-left pixel.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: Double(width), height: Double(height)) }
}
