import Foundation
import Imaging

/// How much each part of a frame changed since the previous frame once the camera's motion is taken
/// out, and that motion: the evidence, from outside a tracker's model, that a box holds something
/// moving against the scene (an object) rather than a patch of the scene (a box left behind).
///
/// Made by ``SequenceRequestHandler`` once per frame from its own registration of consecutive
/// frames (``PhaseCorrelationRegistration``, pictures box-averaged to at most 320 px on the longer
/// side): the change is `|current − previous moved by the registered shift|` in grey levels over
/// the part of the picture both frames cover, kept as an integral image so that any box's mean
/// costs four lookups. Buffers are allocated once per frame size and refilled every frame.
public final class SceneChange {
    /// How the content moved since the previous frame, frame pixels (+x right, +y down), always
    /// finite; (0, 0) when the registration found no significant shift or there is no previous frame.
    public private(set) var shift: (dx: Double, dy: Double) = (0, 0)
    /// False before the second frame (nothing to compare with): ``relativeChange(in:)`` is then 0.
    public private(set) var isAvailable = false
    private var factor = 1
    /// The overlap of the two pictures, working pixels: origin and size.
    private var originX = 0, originY = 0, width = 0, height = 0
    /// Integral image of the change over the overlap, `(width + 1) x (height + 1)`.
    private var integral: [Double] = []
    /// Mean change over the overlap, grey levels.
    private var meanChange: Double = 0

    public init() {}

    /// log((mean change inside `box` + 1) / (mean change over the picture + 1)): above 0 where the
    /// box changed more than the scene (something moves in it), about 0 where it changed like the
    /// rest of the picture. `box` in frame pixels; clipped to the compared part, at least one
    /// working pixel. 0 when ``isAvailable`` is false or `box` is not finite.
    public func relativeChange(in box: PixelRect) -> Float {
        guard isAvailable, width > 0, height > 0,
              box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return 0 }
        let scale = 1 / Double(factor)
        let x0 = Self.clamp(box.x * scale - Double(originX), 0, width - 1)
        let y0 = Self.clamp(box.y * scale - Double(originY), 0, height - 1)
        let x1 = max(x0 + 1, Self.clamp((box.x + box.width) * scale - Double(originX), 0, width))
        let y1 = max(y0 + 1, Self.clamp((box.y + box.height) * scale - Double(originY), 0, height))
        let stride = width + 1
        let sum = integral[y1 * stride + x1] - integral[y0 * stride + x1] - integral[y1 * stride + x0] + integral[y0 * stride + x0]
        let mean = sum / Double((x1 - x0) * (y1 - y0))
        let ratio = log((max(mean, 0) + 1) / (meanChange + 1))
        return ratio.isFinite ? Float(ratio) : 0
    }

    /// Marks the change unknown (first frame of a sequence, or a frame of another size).
    func reset() {
        isAvailable = false
        shift = (0, 0)
    }

    /// Measures the change between `current` and `previous` (row-major `pictureWidth x pictureHeight`
    /// working pictures, grey levels, `factor` frame pixels per working pixel) moved by
    /// `shift` (frame pixels; rounded to working pixels for the comparison).
    func measure(previous: UnsafeBufferPointer<Float>, current: UnsafeBufferPointer<Float>,
                 pictureWidth: Int, pictureHeight: Int, factor: Int, shift: (dx: Double, dy: Double)) {
        let scale = Double(max(1, factor))
        let shift: (dx: Double, dy: Double) = shift.dx.isFinite && shift.dy.isFinite ? shift : (0, 0)
        let dx = Self.clamp(shift.dx / scale, -pictureWidth, pictureWidth)
        let dy = Self.clamp(shift.dy / scale, -pictureHeight, pictureHeight)
        let xStart = max(0, dx), xEnd = min(pictureWidth, pictureWidth + dx)
        let yStart = max(0, dy), yEnd = min(pictureHeight, pictureHeight + dy)
        guard xEnd - xStart >= 1, yEnd - yStart >= 1, previous.count >= pictureWidth * pictureHeight,
              current.count >= pictureWidth * pictureHeight else {
            reset()
            return
        }
        self.factor = max(1, factor)
        self.shift = shift
        originX = xStart
        originY = yStart
        width = xEnd - xStart
        height = yEnd - yStart
        let stride = width + 1
        let count = stride * (height + 1)
        if integral.count != count { integral = [Double](repeating: 0, count: count) }
        let width = width, height = height
        integral.withUnsafeMutableBufferPointer { sums in
            for x in 0..<stride { sums[x] = 0 }
            for y in 0..<height {
                let currentRow = (y + yStart) * pictureWidth + xStart
                let previousRow = (y + yStart - dy) * pictureWidth + xStart - dx
                var rowSum: Float = 0
                let above = y * stride, here = (y + 1) * stride
                sums[here] = 0
                for x in 0..<width {
                    rowSum += abs(current[currentRow &+ x] - previous[previousRow &+ x])
                    sums[here &+ x &+ 1] = sums[above &+ x &+ 1] + Double(rowSum)
                }
            }
            meanChange = sums[count - 1] / Double(width * height)
        }
        isAvailable = true
    }

    /// `value` rounded and limited to `low...high` (NaN counts as `low`).
    private static func clamp(_ value: Double, _ low: Int, _ high: Int) -> Int {
        guard value.isFinite else { return value == .infinity ? high : low }
        return Int(min(max(value.rounded(), Double(low)), Double(high)))
    }
}
