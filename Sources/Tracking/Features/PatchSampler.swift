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
    private let rows: HorizontalRows

    init(width: Int, height: Int, colour: Bool) {
        precondition(width > 0 && height > 0, "sampler size must be positive")
        self.width = width
        self.height = height
        planeCount = colour ? 4 : 1
        planes = .allocate(capacity: planeCount * width * height)
        planes.initialize(repeating: 0, count: planeCount * width * height)
        columnTaps = SampleTaps(samples: width, maximumTaps: Self.maximumTaps)
        rowTaps = SampleTaps(samples: height, maximumTaps: Self.maximumTaps)
        rows = HorizontalRows(taps: width * Self.maximumTaps)
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
            resample(source, channels: 1, frameWidth: frameWidth, frameHeight: frameHeight, into: output)
        }
        guard wantsColour, let rgb = frame.rgb else { return }
        columnTaps.prepare(start: window.x, extent: window.width, limit: frameWidth, antialias: false)
        rowTaps.prepare(start: window.y, extent: window.height, limit: frameHeight, antialias: false)
        rgb.pixels.withUnsafeBufferPointer { source in
            resample(source, channels: 3, frameWidth: frameWidth, frameHeight: frameHeight, into: output + planeSize)
        }
    }

    /// Bilinear taps of each of the `channels` interleaved channels of `source` into a plane each,
    /// `width * height` floats apart from `output` on: each source row the taps reach is interpolated
    /// along the row once (``HorizontalRows``) and shared by every output row that reads it; each
    /// output sample then blends its rows' values, `top + (bottom - top) * wy`, summed over its taps
    /// and scaled to 0...1.
    private func resample(_ source: UnsafeBufferPointer<UInt8>, channels: Int,
                          frameWidth: Int, frameHeight: Int, into output: UnsafeMutablePointer<Float>) {
        guard let base = source.baseAddress else { return }
        let stride = frameWidth * channels
        let rowStep = frameHeight > 1 ? 1 : 0
        let rowTapCount = rowTaps.taps, columnTapCount = columnTaps.taps
        let scale: Float = 1.0 / (255.0 * Float(rowTapCount * columnTapCount))
        let rowIndex = rowTaps.index, rowWeight = rowTaps.weight
        let tapsPerRow = rows.prepare(columns: columnTaps, channels: channels, stepsAcross: frameWidth > 1)
        let width = width, planeSize = width * height
        for r in 0..<height {
            for channel in 0..<channels {
                (output + channel * planeSize + r * width).update(repeating: 0, count: width)
            }
            for ty in 0..<rowTapCount {
                let tap = r * rowTapCount + ty
                let (upperRow, lowerRow) = rows.pair(rowIndex[tap], rowIndex[tap] + rowStep, of: base, stride: stride)
                let wy = rowWeight[tap]
                for channel in 0..<channels {
                    let out = output + channel * planeSize + r * width
                    let top = upperRow + channel * tapsPerRow, bottom = lowerRow + channel * tapsPerRow
                    if columnTapCount == 1 {
                        for c in 0..<width {
                            let upper = top[c]
                            out[c] += upper + (bottom[c] - upper) * wy
                        }
                    } else {
                        for c in 0..<width {
                            var sum: Float = 0
                            for tx in 0..<columnTapCount {
                                let t = c &* columnTapCount &+ tx
                                let upper = top[t]
                                sum += upper + (bottom[t] - upper) * wy
                            }
                            out[c] += sum
                        }
                    }
                }
            }
            for channel in 0..<channels {
                let out = output + channel * planeSize + r * width
                for c in 0..<width { out[c] *= scale }
            }
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

/// Source rows interpolated along the row at a sampler's column taps (`a + (b - a) * wx` per tap),
/// kept in a few slots so that the output rows and row taps that read the same source row share one
/// interpolation. Taps reach rows in non-decreasing order, so a handful of slots suffices.
private final class HorizontalRows {
    private static let slotCount = 4
    static let maximumChannels = 3
    /// Floats per slot: the most taps a row can have, per channel.
    private let capacity: Int
    private let values: UnsafeMutablePointer<Float>
    /// The source row each slot holds; -1: none.
    private let sourceRows: UnsafeMutablePointer<Int>
    /// Byte offset of each tap's left neighbour within a source row.
    private let offsets: UnsafeMutablePointer<Int>
    private var weights: UnsafePointer<Float>
    private var count = 0
    private var channels = 1
    private var step = 0
    private var oldest = 0

    /// Room for rows of at most `taps` taps of at most ``maximumChannels`` channels.
    init(taps: Int) {
        capacity = taps * Self.maximumChannels
        values = .allocate(capacity: Self.slotCount * capacity)
        values.initialize(repeating: 0, count: Self.slotCount * capacity)
        sourceRows = .allocate(capacity: Self.slotCount)
        sourceRows.initialize(repeating: -1, count: Self.slotCount)
        offsets = .allocate(capacity: taps)
        offsets.initialize(repeating: 0, count: taps)
        weights = UnsafePointer(values)
    }

    deinit {
        values.deallocate()
        sourceRows.deallocate()
        offsets.deallocate()
    }

    /// Takes the column taps of the next picture (`channels` interleaved, 1 or 3); `stepsAcross`:
    /// the right neighbour is the next pixel (false for a one-pixel-wide frame). Returns the taps per
    /// row: a slot holds each channel's taps, that many floats apart.
    func prepare(columns: SampleTaps, channels: Int, stepsAcross: Bool) -> Int {
        count = columns.samples * columns.taps
        self.channels = channels
        for t in 0..<count { offsets[t] = columns.index[t] &* channels }
        weights = UnsafePointer(columns.weight)
        step = stepsAcross ? channels : 0
        sourceRows.update(repeating: -1, count: Self.slotCount)
        oldest = 0
        return count
    }

    /// The interpolated source rows `upper` and `lower` of the frame at `base` (`stride` bytes per row).
    func pair(_ upper: Int, _ lower: Int, of base: UnsafePointer<UInt8>, stride: Int) -> (UnsafePointer<Float>, UnsafePointer<Float>) {
        let top = slot(for: upper, keeping: -1, base: base, stride: stride)
        let bottom = slot(for: lower, keeping: top, base: base, stride: stride)
        return (UnsafePointer(values + top * capacity), UnsafePointer(values + bottom * capacity))
    }

    private func slot(for row: Int, keeping kept: Int, base: UnsafePointer<UInt8>, stride: Int) -> Int {
        for slot in 0..<Self.slotCount where sourceRows[slot] == row { return slot }
        if oldest == kept { oldest = (oldest + 1) % Self.slotCount }
        let slot = oldest
        oldest = (oldest + 1) % Self.slotCount
        let line = base + row * stride, out = values + slot * capacity
        let offsets = offsets, weights = weights, step = step, count = count
        if channels == 1 {
            for t in 0..<count {
                let offset = offsets[t]
                let a = Float(line[offset]), b = Float(line[offset &+ step])
                out[t] = a + (b - a) * weights[t]
            }
        } else {
            let green = out + count, blue = green + count
            for t in 0..<count {
                let offset = offsets[t], weight = weights[t]
                let r0 = Float(line[offset]), r1 = Float(line[offset &+ step])
                let g0 = Float(line[offset &+ 1]), g1 = Float(line[offset &+ 1 &+ step])
                let b0 = Float(line[offset &+ 2]), b1 = Float(line[offset &+ 2 &+ step])
                out[t] = r0 + (r1 - r0) * weight
                green[t] = g0 + (g1 - g0) * weight
                blue[t] = b0 + (b1 - b0) * weight
            }
        }
        sourceRows[slot] = row
        return slot
    }
}
