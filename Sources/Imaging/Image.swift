/// An image in contiguous row-major storage, channels interleaved.
///
/// Pixel `(x, y)` has its origin at the top-left pixel; channel `c` of that pixel is
/// `pixels[(y * width + x) * channels + c]`. Grey images have one channel; colour images
/// have three, in R, G, B order.
///
///     var grey = Image<UInt8>(width: 4, height: 2, channels: 1, repeating: 0)
///     grey[1, 0] = 255
public struct Image<Pixel>: Sendable where Pixel: Sendable {
    /// Width in pixels, at least 0.
    public let width: Int
    /// Height in pixels, at least 0.
    public let height: Int
    /// Interleaved channels per pixel, at least 1.
    public let channels: Int
    /// `width * height * channels` values.
    public var pixels: [Pixel]

    /// Wraps existing storage. Requires `pixels.count == width * height * channels`.
    public init(width: Int, height: Int, channels: Int = 1, pixels: [Pixel]) {
        precondition(width >= 0 && height >= 0 && channels >= 1, "invalid image shape")
        precondition(pixels.count == width * height * channels, "pixel count does not match the shape")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// An image filled with `value`.
    public init(width: Int, height: Int, channels: Int = 1, repeating value: Pixel) {
        self.init(width: width, height: height, channels: channels,
                  pixels: [Pixel](repeating: value, count: max(0, width) * max(0, height) * max(1, channels)))
    }

    /// Values per row (`width * channels`).
    @inlinable public var rowLength: Int { width * channels }

    /// Channel 0 of pixel `(x, y)`; requires `0 <= x < width`, `0 <= y < height`.
    @inlinable public subscript(x: Int, y: Int) -> Pixel {
        get { pixels[(y * width + x) * channels] }
        set { pixels[(y * width + x) * channels] = newValue }
    }

    /// Channel `c` of pixel `(x, y)`.
    @inlinable public subscript(x: Int, y: Int, c: Int) -> Pixel {
        get { pixels[(y * width + x) * channels + c] }
        set { pixels[(y * width + x) * channels + c] = newValue }
    }
}
