extension Image where Pixel: ResamplablePixel {
    /// Shrinks by an integer `factor`: each output pixel is the mean of a `factor` x `factor` block
    /// (per channel; `UInt8` means rounded to nearest, halves up). The output is
    /// `ceil(width / factor)` x `ceil(height / factor)`; blocks cut by the right or bottom border average
    /// only the pixels they contain. A factor below 2 returns the image.
    @_specialize(where Pixel == UInt8)
    @_specialize(where Pixel == Float)
    public func downscaled(by factor: Int) -> Image<Pixel> {
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
