extension Image where Pixel: ResamplablePixel {
    /// Block means over `factor` x `factor` blocks; see the public wrappers.
    func boxDownscaled(by factor: Int) -> Image<Pixel> {
        guard factor > 1, width > 0, height > 0 else { return self }
        // Written without `width + factor - 1` so that a huge factor cannot overflow.
        let outWidth = width / factor + (width % factor == 0 ? 0 : 1)
        let outHeight = height / factor + (height % factor == 0 ? 0 : 1)
        let rowValues = outWidth * channels
        let channels = self.channels, width = self.width, height = self.height
        let result = [Pixel](unsafeUninitializedCapacity: rowValues * outHeight) { output, initialised in
            pixels.withUnsafeBufferPointer { source in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: rowValues) { sums in
                    for j in 0..<outHeight {
                        for k in 0..<rowValues { sums[k] = 0 }
                        let firstRow = j * factor
                        let rows = min(factor, height - firstRow)
                        for y in firstRow..<(firstRow + rows) {
                            let rowStart = y * width * channels
                            for i in 0..<outWidth {
                                let block = i * channels
                                let firstColumn = i * factor
                                let lastColumn = firstColumn + min(factor, width - firstColumn)
                                if channels == 1 {
                                    var sum: Float = 0
                                    for x in firstColumn..<lastColumn { sum += source[rowStart + x].sampleValue }
                                    sums[block] += sum
                                } else {
                                    for x in firstColumn..<lastColumn {
                                        let pixel = rowStart + x * channels
                                        for c in 0..<channels { sums[block + c] += source[pixel + c].sampleValue }
                                    }
                                }
                            }
                        }
                        for i in 0..<outWidth {
                            let columns = min(factor, width - i * factor)
                            let count = Float(rows * columns)
                            for c in 0..<channels {
                                output[j * rowValues + i * channels + c] = Pixel(fromSample: sums[i * channels + c] / count)
                            }
                        }
                    }
                }
            }
            initialised = rowValues * outHeight
        }
        return Image(width: outWidth, height: outHeight, channels: channels, pixels: result)
    }
}

extension Image where Pixel == Float {
    /// Shrinks by an integer `factor`: each output pixel is the mean of a `factor` x `factor` block
    /// (per channel). The output is `ceil(width / factor)` x `ceil(height / factor)`; blocks cut by the
    /// right or bottom border average only the pixels they contain. A factor below 2 returns the image.
    public func downscaled(by factor: Int) -> Image<Float> { boxDownscaled(by: factor) }
}

extension Image where Pixel == UInt8 {
    /// Shrinks by an integer `factor` with block means rounded to nearest (halves up); same geometry as
    /// the `Float` version.
    public func downscaled(by factor: Int) -> Image<UInt8> { boxDownscaled(by: factor) }
}
