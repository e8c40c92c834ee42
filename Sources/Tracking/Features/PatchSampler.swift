import Imaging

/// Resamples an axis-aligned window of a frame to a fixed pixel grid with bilinear
/// interpolation, writing planar `Float` planes in 0...1.
///
/// The window is given in frame pixels (top-left origin, continuous coordinates: pixel `(i, j)`
/// covers `[i, i+1) x [j, j+1)`). Parts of the window outside the frame repeat the nearest edge
/// pixel. Output planes are `width x height`, row-major: luma first, then, when colour is asked
/// for and present, R, G and B.
final class PatchSampler {
    let width: Int
    let height: Int
    /// Planes written by ``sample(_:window:colour:)``: 1 (luma) or 4 (luma, R, G, B).
    let planeCount: Int
    /// `planeCount * width * height` floats.
    let planes: UnsafeMutableBufferPointer<Float>
    private let columnIndex: UnsafeMutableBufferPointer<Int>
    private let columnWeight: UnsafeMutableBufferPointer<Float>
    private let rowIndex: UnsafeMutableBufferPointer<Int>
    private let rowWeight: UnsafeMutableBufferPointer<Float>

    init(width: Int, height: Int, colour: Bool) {
        precondition(width > 0 && height > 0, "sampler size must be positive")
        self.width = width
        self.height = height
        planeCount = colour ? 4 : 1
        planes = .allocate(capacity: planeCount * width * height)
        planes.initialize(repeating: 0)
        columnIndex = .allocate(capacity: width)
        columnIndex.initialize(repeating: 0)
        columnWeight = .allocate(capacity: width)
        columnWeight.initialize(repeating: 0)
        rowIndex = .allocate(capacity: height)
        rowIndex.initialize(repeating: 0)
        rowWeight = .allocate(capacity: height)
        rowWeight.initialize(repeating: 0)
    }

    deinit {
        planes.deallocate()
        columnIndex.deallocate()
        columnWeight.deallocate()
        rowIndex.deallocate()
        rowWeight.deallocate()
    }

    /// Samples `window` (frame pixels, top-left origin). Colour planes are written only when
    /// `colour` is true, the sampler was made with colour, and the frame has `rgb`.
    func sample(_ frame: ImageFrame, window: PixelRect, colour: Bool) {
        let frameWidth = frame.width, frameHeight = frame.height
        guard frameWidth > 0, frameHeight > 0 else {
            planes.update(repeating: 0)
            return
        }
        Self.interpolation(start: window.x, extent: window.width, samples: width, limit: frameWidth,
                           index: columnIndex, weight: columnWeight)
        Self.interpolation(start: window.y, extent: window.height, samples: height, limit: frameHeight,
                           index: rowIndex, weight: rowWeight)
        let planeSize = width * height
        frame.luma.pixels.withUnsafeBufferPointer { source in
            resample(source, channels: 1, channel: 0, frameWidth: frameWidth, into: planes.baseAddress!)
        }
        guard colour, planeCount == 4, let rgb = frame.rgb else { return }
        rgb.pixels.withUnsafeBufferPointer { source in
            for c in 0..<3 {
                resample(source, channels: 3, channel: c, frameWidth: frameWidth,
                         into: planes.baseAddress! + (c + 1) * planeSize)
            }
        }
    }

    /// For each output sample along one axis, the lower source index (clamped so that index + 1
    /// is valid) and the weight of the upper neighbour.
    private static func interpolation(start: Double, extent: Double, samples: Int, limit: Int,
                                      index: UnsafeMutableBufferPointer<Int>,
                                      weight: UnsafeMutableBufferPointer<Float>) {
        let step = extent / Double(samples)
        let last = Double(limit - 1)
        for i in 0..<samples {
            var position = start + (Double(i) + 0.5) * step - 0.5
            if !(position > 0) { position = 0 }
            if position > last { position = last }
            var lower = Int(position)
            if lower >= limit - 1 { lower = max(0, limit - 2) }
            index[i] = lower
            weight[i] = limit > 1 ? Float(position - Double(lower)) : 0
        }
    }

    private func resample(_ source: UnsafeBufferPointer<UInt8>, channels: Int, channel: Int,
                          frameWidth: Int, into output: UnsafeMutablePointer<Float>) {
        guard let base = source.baseAddress else { return }
        let stride = frameWidth * channels
        let columnStep = frameWidth > 1 ? channels : 0
        let verticalStep = source.count > stride ? stride : 0
        let scale: Float = 1.0 / 255.0
        for r in 0..<height {
            let upper = base + rowIndex[r] * stride + channel
            let lower = upper + verticalStep
            let wy = rowWeight[r]
            let out = output + r * width
            for c in 0..<width {
                let offset = columnIndex[c] * channels
                let wx = columnWeight[c]
                let a = Float(upper[offset]), b = Float(upper[offset + columnStep])
                let d = Float(lower[offset]), e = Float(lower[offset + columnStep])
                let top = a + (b - a) * wx
                let bottom = d + (e - d) * wx
                out[c] = (top + (bottom - top) * wy) * scale
            }
        }
    }
}
