/// A picture annotations are drawn on: rectangles, quadrilaterals, text and label tags
/// (``drawRectangle(_:colour:thickness:style:)``, ``drawQuadrilateral(_:colour:thickness:style:)``,
/// ``drawText(_:x:y:colour:scale:)``, ``drawLabel(_:at:colour:scale:)``) reach the picture only
/// through ``paintRow(_:columns:colour:)``, so the same drawing lands on an RGB ``Image`` or
/// straight on an encoder's YUV planes (``YUV420Canvas``).
///
///     var frame = Image<UInt8>(width: 176, height: 144, channels: 3, repeating: 0)
///     frame.drawRectangle(PixelRect(x: 20, y: 30, width: 40, height: 50), colour: .yellow)
///
/// Pixels, top-left origin.
public protocol DrawingCanvas {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// Paints the pixels `columns` of row `row` with `colour`. Callers keep `row` in `0..<height`
    /// and `columns` in `0..<width`.
    mutating func paintRow(_ row: Int, columns: ClosedRange<Int>, colour: RGBColour)
}

extension DrawingCanvas {
    /// Paints the pixels of `bounds` that lie inside the canvas (all of them, or those `dash` selects)
    /// with `colour`, one run of pixels at a time.
    mutating func paint(_ bounds: PixelBounds, colour: RGBColour, dash: DashPattern? = nil) {
        guard let visible = bounds.clipped(width: width, height: height) else { return }
        for y in visible.minY...visible.maxY {
            guard let dash else {
                paintRow(y, columns: visible.minX...visible.maxX, colour: colour)
                continue
            }
            var runStart: Int?
            for x in visible.minX...visible.maxX {
                if dash.isDrawn(x: x, y: y) {
                    if runStart == nil { runStart = x }
                } else if let start = runStart {
                    paintRow(y, columns: start...(x - 1), colour: colour)
                    runStart = nil
                }
            }
            if let start = runStart { paintRow(y, columns: start...visible.maxX, colour: colour) }
        }
    }
}

extension Image: DrawingCanvas where Pixel == UInt8 {
    /// Three-channel images get the RGB colour, others its luma (``RGBColour/luma``) in every channel.
    public mutating func paintRow(_ row: Int, columns: ClosedRange<Int>, colour: RGBColour) {
        let channels = self.channels, start = (row * width + columns.lowerBound) * channels
        let end = (row * width + columns.upperBound + 1) * channels
        pixels.withUnsafeMutableBufferPointer { buffer in
            if channels == 3 {
                var index = start
                while index < end {
                    buffer[index] = colour.red
                    buffer[index + 1] = colour.green
                    buffer[index + 2] = colour.blue
                    index += 3
                }
            } else {
                let grey = colour.luma
                for index in start..<end { buffer[index] = grey }
            }
        }
    }
}
