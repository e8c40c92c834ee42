import Imaging

/// How a network takes its image: size, memory layout, channel order and value range.
public struct ImageInputFormat: Sendable, Equatable {
    /// Channels last (`[1, height, width, 3]`) or first (`[1, 3, height, width]`).
    public enum Layout: Sendable { case channelsLast, channelsFirst }

    public var width: Int
    public var height: Int
    public var layout: Layout
    /// Blue, green, red instead of red, green, blue.
    public var bgr: Bool
    /// Factor applied to 0...255 values (1/255 for networks that take 0...1).
    public var scale: Float
    /// Value (0...255, before `scale`) of the padding around a letterboxed picture.
    public var padding: Float

    public init(width: Int, height: Int, layout: Layout, bgr: Bool = false, scale: Float = 1, padding: Float = 0) {
        self.width = width
        self.height = height
        self.layout = layout
        self.bgr = bgr
        self.scale = scale
        self.padding = padding
    }
}

/// Where a frame region was put in the network's input, to map the network's boxes back to the frame.
public struct InputPlacement: Sendable, Equatable {
    /// The frame region (pixels, top-left origin) that was sampled.
    public var region: PixelRect
    /// The rectangle of the input (input pixels) that holds the region; the rest is padding.
    public var content: PixelRect

    /// Maps a box in input pixels to frame pixels (top-left origin).
    public func frameBox(_ box: PixelRect) -> PixelRect {
        let sx = region.width / max(content.width, 1e-9), sy = region.height / max(content.height, 1e-9)
        return PixelRect(x: region.x + (box.x - content.x) * sx, y: region.y + (box.y - content.y) * sy,
                         width: box.width * sx, height: box.height * sy)
    }
}

/// Reusable storage for a network input, filled from a frame region by bilinear resampling.
final class ImageInputBuffer {
    let format: ImageInputFormat
    var bytes: [UInt8] = []
    var floats: [Float] = []
    private var scratch = Image<Float>(width: 0, height: 0, channels: 3, repeating: 0)

    init(format: ImageInputFormat, takesBytes: Bool) {
        self.format = format
        let count = format.width * format.height * 3
        if takesBytes { bytes = [UInt8](repeating: 0, count: count) } else { floats = [Float](repeating: 0, count: count) }
    }

    /// Samples `region` of `frame` (colour when it has colour, else grey in all three channels) into the
    /// input. With `letterbox` the region keeps its aspect ratio, centred, with padding around it;
    /// without, it is stretched to the whole input.
    func fill(from frame: ImageFrame, region: PixelRect, letterbox: Bool) -> InputPlacement {
        let width = format.width, height = format.height
        var contentWidth = width, contentHeight = height
        if letterbox {
            let scale = min(Double(width) / max(region.width, 1), Double(height) / max(region.height, 1))
            contentWidth = min(width, max(1, Int((region.width * scale).rounded())))
            contentHeight = min(height, max(1, Int((region.height * scale).rounded())))
        }
        let offsetX = (width - contentWidth) / 2, offsetY = (height - contentHeight) / 2
        let source = frame.rgb ?? frame.luma
        if takesPictureAsIs(channels: source.channels, contentWidth: contentWidth, contentHeight: contentHeight) {
            bytes.withUnsafeMutableBufferPointer { sample(source, region: region, width: width, height: height, into: $0) }
        } else {
            if scratch.width != contentWidth || scratch.height != contentHeight || scratch.channels != source.channels {
                scratch = Image(width: contentWidth, height: contentHeight, channels: source.channels, repeating: 0)
            }
            scratch.pixels.withUnsafeMutableBufferPointer {
                sample(source, region: region, width: contentWidth, height: contentHeight, into: $0)
            }
            pack(offsetX: offsetX, offsetY: offsetY)
        }
        return InputPlacement(region: region, content: PixelRect(x: Double(offsetX), y: Double(offsetY),
                                                                  width: Double(contentWidth), height: Double(contentHeight)))
    }

    /// Whether the resampled picture is the input itself: 8-bit RGB, channels last, unscaled, filling
    /// the input (no padding), so it is sampled straight into it with no intermediate copy.
    private func takesPictureAsIs(channels: Int, contentWidth: Int, contentHeight: Int) -> Bool {
        !bytes.isEmpty && channels == 3 && format.layout == .channelsLast && !format.bgr && format.scale == 1
            && contentWidth == format.width && contentHeight == format.height
    }

    /// Resamples the region onto `width` x `height` (channels interleaved like `source`) into
    /// `output`; a reduction by more than 3 goes through an integer box downscale first, so that
    /// bilinear sampling does not alias.
    private func sample<Element: ResamplablePixel>(_ source: Image<UInt8>, region: PixelRect, width: Int, height: Int,
                                                   into output: UnsafeMutableBufferPointer<Element>) {
        let reduction = Int(min(region.width / Double(width), region.height / Double(height)) / 1.5)
        if reduction >= 2 {
            let factor = Double(reduction)
            source.downscaled(by: reduction).sampleBilinear(
                region: PixelRect(x: region.x / factor, y: region.y / factor, width: region.width / factor,
                                  height: region.height / factor), outputWidth: width, outputHeight: height, into: output)
        } else {
            source.sampleBilinear(region: region, outputWidth: width, outputHeight: height, into: output)
        }
    }

    private func pack(offsetX: Int, offsetY: Int) {
        if bytes.isEmpty {
            floats.withUnsafeMutableBufferPointer { pack(into: $0, offsetX: offsetX, offsetY: offsetY) { $0 } }
        } else {
            bytes.withUnsafeMutableBufferPointer {
                pack(into: $0, offsetX: offsetX, offsetY: offsetY) { UInt8(max(0, min(255, $0.rounded()))) }
            }
        }
    }

    /// Writes the scratch picture at (`offsetX`, `offsetY`) of the input, `padding` around it, each
    /// value scaled and then converted by `convert` (bytes round to nearest and clamp to 0...255).
    @inline(__always)
    private func pack<Element>(into out: UnsafeMutableBufferPointer<Element>, offsetX: Int, offsetY: Int,
                               convert: (Float) -> Element) {
        let width = format.width, height = format.height
        let channels = scratch.channels, contentWidth = scratch.width, contentHeight = scratch.height
        let scale = format.scale
        // Where input channel c of pixel p goes, and which scratch channel feeds it (grey repeats its one channel).
        let channelsFirst = format.layout == .channelsFirst
        let pixelStride = channelsFirst ? 1 : 3, channelStride = channelsFirst ? width * height : 1
        let order = format.bgr ? (2, 1, 0) : (0, 1, 2)
        let sources = (min(order.0, channels - 1), min(order.1, channels - 1), min(order.2, channels - 1))
        if contentWidth < width || contentHeight < height {
            let padding = convert(format.padding * scale)
            for i in 0..<out.count { out[i] = padding }
        }
        scratch.pixels.withUnsafeBufferPointer { source in
            for y in 0..<contentHeight {
                var from = y * contentWidth * channels
                var to = ((y + offsetY) * width + offsetX) * pixelStride
                for _ in 0..<contentWidth {
                    out[to] = convert(source[from + sources.0] * scale)
                    out[to + channelStride] = convert(source[from + sources.1] * scale)
                    out[to + 2 * channelStride] = convert(source[from + sources.2] * scale)
                    from += channels
                    to += pixelStride
                }
            }
        }
    }
}
