extension DrawingCanvas {
    /// Draws the outline of `rect` (pixels, top-left origin) in `colour`.
    ///
    /// The outline's outer edge follows the rectangle rounded to whole pixels (see ``fillRectangle(_:colour:)``)
    /// and it grows `thickness` pixels inwards (clamped to 1...1024); a rectangle thinner than twice the
    /// thickness comes out filled. With `.dashed`, every edge alternates drawn and undrawn runs, starting
    /// with a dash at its corner, edges running clockwise from the top-left corner.
    /// Colours land as the canvas paints them (``DrawingCanvas/paintRow(_:columns:colour:)``). Anything outside the
    /// image is clipped; rectangles partly or wholly outside, huge, infinite or with NaN coordinates
    /// never trap (NaN draws nothing).
    public mutating func drawRectangle(_ rect: PixelRect, colour: RGBColour, thickness: Int = 1,
                                       style: LineStyle = .solid) {
        guard let box = PixelBounds(rect) else { return }
        let inset = min(max(thickness, 1), 1024) - 1
        let top = PixelBounds(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: min(box.minY + inset, box.maxY))
        let right = PixelBounds(minX: max(box.maxX - inset, box.minX), minY: box.minY, maxX: box.maxX, maxY: box.maxY)
        let bottom = PixelBounds(minX: box.minX, minY: max(box.maxY - inset, box.minY), maxX: box.maxX, maxY: box.maxY)
        let left = PixelBounds(minX: box.minX, minY: box.minY, maxX: min(box.minX + inset, box.maxX), maxY: box.maxY)

        guard case let .dashed(dash, gap) = style, gap > 0 else {
            paint(top, colour: colour)
            paint(right, colour: colour)
            paint(bottom, colour: colour)
            paint(left, colour: colour)
            return
        }
        // Capped so that the period cannot overflow; runs this long exceed any frame anyway.
        let drawn = min(max(dash, 1), Int(UInt16.max)), period = drawn + min(gap, Int(UInt16.max))
        // Distance along each edge measured from the corner where that edge starts, going clockwise.
        paint(top, colour: colour,
              dash: DashPattern(dash: drawn, period: period, alongX: 1, alongY: 0, offset: -box.minX))
        paint(right, colour: colour,
              dash: DashPattern(dash: drawn, period: period, alongX: 0, alongY: 1, offset: -box.minY))
        paint(bottom, colour: colour,
              dash: DashPattern(dash: drawn, period: period, alongX: -1, alongY: 0, offset: box.maxX))
        paint(left, colour: colour,
              dash: DashPattern(dash: drawn, period: period, alongX: 0, alongY: -1, offset: box.maxY))
    }

    /// Fills `rect` (pixels, top-left origin) with `colour`.
    ///
    /// Edges are rounded to whole pixels: columns `round(x) ..< round(x + width)` and the matching rows,
    /// at least one pixel each way. Clipped to the image; NaN coordinates draw nothing.
    public mutating func fillRectangle(_ rect: PixelRect, colour: RGBColour) {
        guard let box = PixelBounds(rect) else { return }
        paint(box, colour: colour)
    }
}
