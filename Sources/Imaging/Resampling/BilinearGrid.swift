/// A regular grid of sample positions over a source image, in pixel-centre coordinates:
/// `(0, 0)` is the centre of the top-left pixel, `(width - 1, height - 1)` the centre of the bottom-right one.
/// Sample `(i, j)` lies at `(originX + i * stepX, originY + j * stepY)`.
struct BilinearGrid {
    var originX: Double
    var originY: Double
    var stepX: Double
    var stepY: Double
    var width: Int
    var height: Int
}

/// Where one sample coordinate falls between two neighbouring source pixels.
struct BilinearTap {
    var lower: Int
    var upper: Int
    var weight: Float

    /// Clamps `position` into `0...(size - 1)` (border replication); NaN clamps to 0.
    /// Requires `size >= 1`.
    @inline(__always) init(position: Double, size: Int) {
        let last = Double(size - 1)
        let clamped: Double = position > 0 ? (position < last ? position : last) : 0
        lower = Int(clamped)
        upper = lower + 1 < size ? lower + 1 : lower
        weight = Float(clamped - Double(lower))
    }
}

extension BilinearGrid {
    /// Samples `source` (`width` x `height`, `channels` interleaved) bilinearly on this grid, writing
    /// `self.width * self.height * channels` interleaved values to `output`.
    ///
    /// Interpolation uses the `a + (b - a) * t` form so constant regions and integer positions reproduce
    /// source values exactly. An empty source writes zeros. Requires `output.count` to be large enough.
    @_specialize(where Source == UInt8, Destination == Float)
    @_specialize(where Source == Float, Destination == Float)
    @_specialize(where Source == UInt8, Destination == UInt8)
    func sample<Source: ResamplablePixel, Destination: ResamplablePixel>(
        source: UnsafeBufferPointer<Source>, width: Int, height: Int, channels: Int,
        into output: UnsafeMutableBufferPointer<Destination>
    ) {
        let outWidth = max(0, self.width), outHeight = max(0, self.height)
        let needed = outWidth * outHeight * channels
        precondition(output.count >= needed, "sampling output buffer holds \(output.count) values, needs \(needed)")
        guard needed > 0 else { return }
        guard width > 0, height > 0 else {
            for i in 0..<needed { output[i] = Destination(fromSample: 0) }
            return
        }
        withUnsafeTemporaryAllocation(of: BilinearTap.self, capacity: outWidth) { columns in
            for i in 0..<outWidth {
                columns[i] = BilinearTap(position: originX + Double(i) * stepX, size: width)
            }
            let rowLength = width * channels
            for j in 0..<outHeight {
                let row = BilinearTap(position: originY + Double(j) * stepY, size: height)
                let top = row.lower * rowLength, bottom = row.upper * rowLength
                let fy = row.weight
                var out = j * outWidth * channels
                if channels == 1 {
                    for i in 0..<outWidth {
                        let c = columns[i]
                        let a = source[top + c.lower].sampleValue, b = source[top + c.upper].sampleValue
                        let d = source[bottom + c.lower].sampleValue, e = source[bottom + c.upper].sampleValue
                        let upperValue = a + (b - a) * c.weight
                        let lowerValue = d + (e - d) * c.weight
                        output[out] = Destination(fromSample: upperValue + (lowerValue - upperValue) * fy)
                        out += 1
                    }
                } else {
                    for i in 0..<outWidth {
                        let c = columns[i]
                        let left = c.lower * channels, right = c.upper * channels
                        for k in 0..<channels {
                            let a = source[top + left + k].sampleValue, b = source[top + right + k].sampleValue
                            let d = source[bottom + left + k].sampleValue, e = source[bottom + right + k].sampleValue
                            let upperValue = a + (b - a) * c.weight
                            let lowerValue = d + (e - d) * c.weight
                            output[out] = Destination(fromSample: upperValue + (lowerValue - upperValue) * fy)
                            out += 1
                        }
                    }
                }
            }
        }
    }
}

extension Image where Pixel: ResamplablePixel {
    /// The image resampled bilinearly to `width` x `height` pixels, all channels (`UInt8` results
    /// rounded to nearest).
    ///
    /// Pixel centres are aligned: output pixel `(i, j)` samples the source at pixel-centre position
    /// `((i + 0.5) * sourceWidth / width - 0.5, ...)`, replicating the border. The same size returns the
    /// same values. There is no prefilter: to shrink by more than 2, ``downscaled(by:)`` first.
    /// Non-positive sizes give an empty image; an empty source gives zeros.
    public func resized(width newWidth: Int, height newHeight: Int) -> Image<Pixel> {
        let outWidth = max(0, newWidth), outHeight = max(0, newHeight)
        let count = outWidth * outHeight * channels
        guard count > 0 else { return Image(width: outWidth, height: outHeight, channels: channels, pixels: []) }
        let stepX = Double(width) / Double(outWidth), stepY = Double(height) / Double(outHeight)
        let grid = BilinearGrid(originX: 0.5 * stepX - 0.5, originY: 0.5 * stepY - 0.5,
                                stepX: stepX, stepY: stepY, width: outWidth, height: outHeight)
        let resampled = [Pixel](unsafeUninitializedCapacity: count) { buffer, initialised in
            pixels.withUnsafeBufferPointer { source in
                grid.sample(source: source, width: width, height: height, channels: channels, into: buffer)
            }
            initialised = count
        }
        return Image(width: outWidth, height: outHeight, channels: channels, pixels: resampled)
    }
}
