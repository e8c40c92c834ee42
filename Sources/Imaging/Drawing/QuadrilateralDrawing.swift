extension DrawingCanvas {
    /// Draws the outline of `quad` (pixels, top-left origin) in `colour`: each edge a line
    /// `thickness` pixels wide (clamped to 1...1024) centred on the edge. With `.dashed`, drawn and
    /// undrawn runs alternate along the perimeter, starting with a dash at the top-left corner and
    /// running clockwise. Colours land as the canvas paints them. Anything outside
    /// the image is clipped; corners that are huge, infinite or NaN never trap (a quad with a NaN
    /// corner draws nothing).
    public mutating func drawQuadrilateral(_ quad: Quadrilateral, colour: RGBColour, thickness: Int = 1,
                                           style: LineStyle = .solid) {
        let corners = quad.corners
        guard corners.allSatisfy({ !$0.x.isNaN && !$0.y.isNaN }) else { return }
        let width = min(max(thickness, 1), 1024)
        let dash: (drawn: Double, period: Double)?
        if case let .dashed(d, gap) = style, gap > 0 {
            dash = (Double(min(max(d, 1), Int(UInt16.max))), Double(min(max(d, 1), Int(UInt16.max)) + min(gap, Int(UInt16.max))))
        } else {
            dash = nil
        }
        // Positions are clamped well outside any frame so that distances stay finite.
        let limit = Double(PixelBounds.coordinateLimit)
        func clamped(_ p: PixelPoint) -> (x: Double, y: Double) { (min(max(p.x, -limit), limit), min(max(p.y, -limit), limit)) }
        let margin = Double(width)
        var travelled = 0.0
        for i in 0..<4 {
            let a = clamped(corners[i]), b = clamped(corners[(i + 1) % 4])
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            defer { travelled += length }
            // Only the part of the edge within the image (plus the line's width) is stepped along.
            guard let span = Self.visibleSpan(from: a, to: b, width: Double(self.width), height: Double(height), margin: margin) else { continue }
            let steps = Int(((span.upper - span.lower) * length * 2).rounded(.up)) + 1
            for step in 0...steps {
                let t = span.lower + (span.upper - span.lower) * Double(step) / Double(max(1, steps))
                if let dash, (travelled + t * length).truncatingRemainder(dividingBy: dash.period) >= dash.drawn { continue }
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                let minX = Int((x - Double(width) / 2).rounded()), minY = Int((y - Double(width) / 2).rounded())
                paint(PixelBounds(minX: minX, minY: minY, maxX: minX + width - 1, maxY: minY + width - 1), colour: colour)
            }
        }
    }

    /// The parameter range `lower...upper` within 0...1 of the segment `a`-`b` that lies inside the
    /// image grown by `margin` on every side (Liang-Barsky clipping); nil when none does.
    private static func visibleSpan(from a: (x: Double, y: Double), to b: (x: Double, y: Double),
                                    width: Double, height: Double, margin: Double) -> (lower: Double, upper: Double)? {
        var lower = 0.0, upper = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x + margin), (dx, width + margin - a.x), (-dy, a.y + margin), (dy, height + margin - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { lower = max(lower, r) } else { upper = min(upper, r) }
            }
        }
        return lower <= upper ? (lower, upper) : nil
    }
}
