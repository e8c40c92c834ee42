extension Image where Pixel == UInt8 {
    /// BT.601 luma of an RGB image, full range 0...255: `(77 R + 150 G + 29 B + 128) >> 8`.
    ///
    /// Uses the first three channels; an image with fewer than three channels yields its first channel.
    public func luma() -> Image<UInt8> {
        var output = Image<UInt8>(width: width, height: height, channels: 1, repeating: 0)
        luma(into: &output)
        return output
    }

    /// Writes ``luma()`` into `output`, reusing its storage when it already is a one-channel image of
    /// this size (otherwise it is replaced).
    public func luma(into output: inout Image<UInt8>) {
        if output.width != width || output.height != height || output.channels != 1 {
            output = Image<UInt8>(width: width, height: height, channels: 1, repeating: 0)
        }
        let count = width * height, channels = self.channels
        pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { destination in
                if channels >= 3 {
                    for i in 0..<count {
                        let base = i * channels
                        let weighted = 77 * UInt32(source[base]) + 150 * UInt32(source[base + 1])
                            + 29 * UInt32(source[base + 2]) + 128
                        destination[i] = UInt8(truncatingIfNeeded: weighted >> 8)
                    }
                } else {
                    for i in 0..<count { destination[i] = source[i * channels] }
                }
            }
        }
    }

    /// Converts a `Float` image: each value times `scale`, rounded to nearest, clamped to 0...255;
    /// NaN becomes 0. Use `scale: 255` for images in 0...1.
    public init(_ image: Image<Float>, scale: Float = 1) {
        let count = image.pixels.count
        let converted = [UInt8](unsafeUninitializedCapacity: count) { output, initialised in
            image.pixels.withUnsafeBufferPointer { source in
                for i in 0..<count { output[i] = UInt8(fromSample: source[i] * scale) }
            }
            initialised = count
        }
        self.init(width: image.width, height: image.height, channels: image.channels, pixels: converted)
    }
}

extension Image where Pixel == Float {
    /// Converts an 8-bit image: each value times `scale` (1 keeps 0...255, `1 / 255` maps to 0...1).
    public init(_ image: Image<UInt8>, scale: Float = 1) {
        let count = image.pixels.count
        let converted = [Float](unsafeUninitializedCapacity: count) { output, initialised in
            image.pixels.withUnsafeBufferPointer { source in
                for i in 0..<count { output[i] = Float(source[i]) * scale }
            }
            initialised = count
        }
        self.init(width: image.width, height: image.height, channels: image.channels, pixels: converted)
    }
}

extension ImageFrame {
    /// A frame from a colour picture, with luma computed by ``Image/luma()``.
    ///
    /// A three-channel image becomes `rgb`; any other channel count is used as grey only
    /// (luma from its first channel) and `rgb` is `nil`.
    public init(rgb: Image<UInt8>) {
        if rgb.channels == 3 {
            self.init(luma: rgb.luma(), rgb: rgb)
        } else {
            self.init(luma: rgb.luma())
        }
    }
}
