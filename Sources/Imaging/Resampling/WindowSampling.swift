// Sub-window sampling for trackers and detectors: read a patch at a subpixel position and scale
// straight into a caller-owned Float buffer (for example an FFT input), with no allocation.

extension Image where Pixel: ResamplablePixel {
    /// Samples a regular grid bilinearly into `output`, channels interleaved like the source
    /// (values as they are: 0...255 for `UInt8` images).
    ///
    /// Coordinates are pixel centres, origin top-left: `(0, 0)` is the centre of the top-left pixel.
    /// Sample `(i, j)` (0 <= i < `outputWidth`, 0 <= j < `outputHeight`) is the source value at
    /// `(originX + i * stepX, originY + j * stepY)`; positions outside the image take the nearest
    /// border pixel, NaN positions the top-left pixel. An empty source writes zeros. No prefilter: steps
    /// above 2 alias, so use ``downscaled(by:)`` first for large reductions.
    ///
    /// Requires `output.count >= outputWidth * outputHeight * channels` (a programming error otherwise).
    public func sampleBilinear(originX: Double, originY: Double, stepX: Double, stepY: Double,
                               outputWidth: Int, outputHeight: Int,
                               into output: UnsafeMutableBufferPointer<Float>) {
        let grid = BilinearGrid(originX: originX, originY: originY, stepX: stepX, stepY: stepY,
                                width: outputWidth, height: outputHeight)
        pixels.withUnsafeBufferPointer { source in
            grid.sample(source: source, width: width, height: height, channels: channels, into: output)
        }
    }

    /// Samples `region` (pixels, top-left origin, pixel `(x, y)` covering `[x, x + 1) x [y, y + 1)`)
    /// onto the grid of `output`: the region is split into `output.width` x `output.height` equal cells
    /// and each output pixel takes the bilinear value at its cell's centre.
    ///
    /// A region equal to the whole image with an output of the same size copies the image. `output`
    /// keeps its size; when its channel count differs from the source it is replaced by an image of the
    /// same size with the source's channel count. Outside the image, border replication; a region with
    /// NaN coordinates samples the top-left pixel.
    public func sampleBilinear(region: PixelRect, into output: inout Image<Float>) {
        prepareWindowOutput(&output, channels: channels)
        let (outputWidth, outputHeight) = (output.width, output.height)
        output.pixels.withUnsafeMutableBufferPointer { destination in
            sampleBilinear(region: region, outputWidth: outputWidth, outputHeight: outputHeight, into: destination)
        }
    }

    /// Samples `region` like ``sampleBilinear(region:into:)`` onto `outputWidth` x `outputHeight`
    /// cells, writing the values (channels interleaved like the source) to `output`, converted to
    /// `Destination` (`UInt8` rounds to nearest and clamps to 0...255).
    ///
    /// Requires `output.count >= outputWidth * outputHeight * channels` (a programming error otherwise).
    @_specialize(where Pixel == UInt8, Destination == UInt8)
    @_specialize(where Pixel == UInt8, Destination == Float)
    @_specialize(where Pixel == Float, Destination == Float)
    public func sampleBilinear<Destination: ResamplablePixel>(region: PixelRect, outputWidth: Int, outputHeight: Int,
                                                              into output: UnsafeMutableBufferPointer<Destination>) {
        let grid = windowGrid(region: region, outputWidth: outputWidth, outputHeight: outputHeight)
        pixels.withUnsafeBufferPointer { source in
            grid.sample(source: source, width: width, height: height, channels: channels, into: output)
        }
    }
}

/// Gives `output` the source's channel count, keeping its size.
private func prepareWindowOutput(_ output: inout Image<Float>, channels: Int) {
    if output.channels != channels {
        output = Image(width: output.width, height: output.height, channels: channels, repeating: 0)
    }
}

/// The grid whose samples sit at the centres of `outputWidth` x `outputHeight` cells of `region`.
private func windowGrid(region: PixelRect, outputWidth: Int, outputHeight: Int) -> BilinearGrid {
    let stepX = region.width / Double(max(1, outputWidth))
    let stepY = region.height / Double(max(1, outputHeight))
    return BilinearGrid(originX: region.x + 0.5 * stepX - 0.5, originY: region.y + 0.5 * stepY - 0.5,
                        stepX: stepX, stepY: stepY, width: outputWidth, height: outputHeight)
}
