import Imaging

/// Resamples an axis-aligned window of a frame to a fixed pixel grid with bilinear
/// interpolation, writing planar `Float` planes in 0...1.
///
/// The window is given in frame pixels (top-left origin, continuous coordinates: pixel `(i, j)`
/// covers `[i, i+1) x [j, j+1)`). Parts of the window outside the frame repeat the nearest edge
/// pixel. Output planes are `width x height`, row-major: luma first, then, when colour is asked
/// for and present, R, G and B.
///
/// When the window is shrunk by 1.5x or more, each luma sample averages 2 x 2 bilinear taps
/// spread over its footprint, which removes most aliasing before gradients are taken (colour is
/// averaged per cell later, so it keeps one tap).
final class PatchSampler {
    let width: Int
    let height: Int
    /// Planes written by ``sample(_:window:colour:)``: 1 (luma) or 4 (luma, R, G, B).
    let planeCount: Int
    /// `planeCount * width * height` floats.
    let planes: UnsafeMutablePointer<Float>
    private static let maximumTaps = 2
    private let columnTaps: SampleTaps
    private let rowTaps: SampleTaps

    init(width: Int, height: Int, colour: Bool) {
        precondition(width > 0 && height > 0, "sampler size must be positive")
        self.width = width
        self.height = height
        planeCount = colour ? 4 : 1
        planes = .allocate(capacity: planeCount * width * height)
        planes.initialize(repeating: 0, count: planeCount * width * height)
        columnTaps = SampleTaps(samples: width, maximumTaps: Self.maximumTaps)
        rowTaps = SampleTaps(samples: height, maximumTaps: Self.maximumTaps)
    }

    deinit { planes.deallocate() }

    /// Samples `window` (frame pixels, top-left origin). Colour planes are written only when
    /// `colour` is true, the sampler was made with colour, and the frame has `rgb`.
    func sample(_ frame: ImageFrame, window: PixelRect, colour: Bool) {
        let frameWidth = frame.width, frameHeight = frame.height
        let output = planes
        guard frameWidth > 0, frameHeight > 0 else {
            output.update(repeating: 0, count: planeCount * width * height)
            return
        }
        let planeSize = width * height
        let wantsColour = colour && planeCount == 4 && frame.rgb != nil
        frame.luma.pixels.withUnsafeBufferPointer { source in
            columnTaps.prepare(start: window.x, extent: window.width, limit: frameWidth, antialias: true)
            rowTaps.prepare(start: window.y, extent: window.height, limit: frameHeight, antialias: true)
            resample(source, channels: 1, channel: 0, frameWidth: frameWidth, frameHeight: frameHeight, into: output)
        }
        guard wantsColour, let rgb = frame.rgb else { return }
        columnTaps.prepare(start: window.x, extent: window.width, limit: frameWidth, antialias: false)
        rowTaps.prepare(start: window.y, extent: window.height, limit: frameHeight, antialias: false)
        rgb.pixels.withUnsafeBufferPointer { source in
            for c in 0..<3 {
                resample(source, channels: 3, channel: c, frameWidth: frameWidth, frameHeight: frameHeight,
                         into: output + (c + 1) * planeSize)
            }
        }
    }

    private func resample(_ source: UnsafeBufferPointer<UInt8>, channels: Int, channel: Int,
                          frameWidth: Int, frameHeight: Int, into output: UnsafeMutablePointer<Float>) {
        guard let base = source.baseAddress else { return }
        let stride = frameWidth * channels
        let columnStep = frameWidth > 1 ? channels : 0
        let rowStep = frameHeight > 1 ? stride : 0
        let rowTapCount = rowTaps.taps, columnTapCount = columnTaps.taps
        let scale: Float = 1.0 / (255.0 * Float(rowTapCount * columnTapCount))
        let rowIndex = rowTaps.index, rowWeight = rowTaps.weight
        let columnIndex = columnTaps.index, columnWeight = columnTaps.weight
        for r in 0..<height {
            let out = output + r * width
            out.update(repeating: 0, count: width)
            for ty in 0..<rowTapCount {
                let tap = r * rowTapCount + ty
                let upper = base + rowIndex[tap] * stride + channel
                let lower = upper + rowStep
                let wy = rowWeight[tap]
                for c in 0..<width {
                    var sum: Float = 0
                    for tx in 0..<columnTapCount {
                        let t = c * columnTapCount + tx
                        let offset = columnIndex[t] * channels
                        let wx = columnWeight[t]
                        let a = Float(upper[offset]), b = Float(upper[offset + columnStep])
                        let d = Float(lower[offset]), e = Float(lower[offset + columnStep])
                        let top = a + (b - a) * wx
                        sum += top + (d + (e - d) * wx - top) * wy
                    }
                    out[c] += sum
                }
            }
            for c in 0..<width { out[c] *= scale }
        }
    }
}

/// Source positions along one axis for each output sample: the lower neighbour's index
/// (clamped so that index + 1 is valid, or 0 for a one-pixel axis) and the upper neighbour's weight.
private final class SampleTaps {
    let samples: Int
    let maximumTaps: Int
    /// Taps per sample for the last ``prepare(start:extent:limit:antialias:)``.
    private(set) var taps = 1
    let index: UnsafeMutablePointer<Int>
    let weight: UnsafeMutablePointer<Float>

    init(samples: Int, maximumTaps: Int) {
        self.samples = samples
        self.maximumTaps = maximumTaps
        index = .allocate(capacity: samples * maximumTaps)
        index.initialize(repeating: 0, count: samples * maximumTaps)
        weight = .allocate(capacity: samples * maximumTaps)
        weight.initialize(repeating: 0, count: samples * maximumTaps)
    }

    deinit {
        index.deallocate()
        weight.deallocate()
    }

    func prepare(start: Double, extent: Double, limit: Int, antialias: Bool) {
        let step = extent / Double(samples)
        taps = antialias && step >= 1.5 ? maximumTaps : 1
        let last = Double(limit - 1)
        for i in 0..<samples {
            for k in 0..<taps {
                var position = start + (Double(i) + (Double(k) + 0.5) / Double(taps)) * step - 0.5
                if !(position > 0) { position = 0 }
                if position > last { position = last }
                var lower = Int(position)
                if lower >= limit - 1 { lower = max(0, limit - 2) }
                index[i * taps + k] = lower
                weight[i * taps + k] = limit > 1 ? Float(position - Double(lower)) : 0
            }
        }
    }
}
