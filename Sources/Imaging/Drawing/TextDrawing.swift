extension DrawingCanvas {
    /// Draws `text` with the built-in 5x7 font (``BitmapFont``) in `colour`, no background.
    ///
    /// `(x, y)` is the top-left pixel of the first glyph (top-left origin); each font pixel becomes a
    /// `scale` x `scale` block (scale clamped to 1...64). Glyphs advance `6 * scale` pixels. Clipped to
    /// the image; positions far outside it draw nothing and never trap.
    public mutating func drawText(_ text: String, x: Int, y: Int, colour: RGBColour, scale: Int = 1) {
        let scale = BitmapFont.clampedScale(scale)
        let originY = PixelBounds.clamped(y)
        var originX = PixelBounds.clamped(x)
        let step = BitmapFont.advance * scale
        guard originY < height, originY + BitmapFont.glyphHeight * scale > 0 else { return }
        for scalar in text.unicodeScalars {
            if originX >= width { break }
            if originX + BitmapFont.glyphWidth * scale > 0 {
                drawGlyph(BitmapFont.glyphStart(for: scalar), x: originX, y: originY, colour: colour, scale: scale)
            }
            originX += step
        }
    }

    /// Draws a label tag for a box: `text` in the built-in font on a filled rectangle of `colour`,
    /// with the text in `colour.contrastingTextColour`, and returns the tag's rectangle (pixels,
    /// top-left origin), or `nil` when nothing was drawn.
    ///
    /// The tag is `textSize + 2 * scale` pixels each way (a `scale`-pixel margin around the text).
    /// It sits on top of `anchor`'s upper edge, left-aligned with it; when that would leave the image
    /// it goes just below the box, and when that does not fit either, inside the box at its top. It is
    /// then shifted as needed to stay inside the image. Nothing is drawn for empty text, for an anchor
    /// with NaN coordinates, or for an anchor entirely outside the image.
    @discardableResult
    public mutating func drawLabel(_ text: String, at anchor: PixelRect, colour: RGBColour,
                                   scale: Int = 1) -> PixelRect? {
        let scale = BitmapFont.clampedScale(scale)
        let size = BitmapFont.textSize(text, scale: scale)
        guard size.width > 0, let box = PixelBounds(anchor),
              box.clipped(width: width, height: height) != nil else { return nil }
        let tagWidth = size.width + 2 * scale, tagHeight = size.height + 2 * scale

        var top = box.minY - tagHeight
        if top < 0 {
            top = box.maxY + 1 + tagHeight <= height ? box.maxY + 1 : box.minY
        }
        top = max(0, min(top, height - tagHeight))
        let left = max(0, min(box.minX, width - tagWidth))

        let tag = PixelBounds(minX: left, minY: top, maxX: left + tagWidth - 1, maxY: top + tagHeight - 1)
        paint(tag, colour: colour)
        drawText(text, x: left + scale, y: top + scale, colour: colour.contrastingTextColour, scale: scale)
        return tag.clipped(width: width, height: height)?.rect
    }

    /// Draws the glyph whose rows start at `start` in ``BitmapFont/glyphRows`` with its top-left at `(x, y)`.
    private mutating func drawGlyph(_ start: Int, x: Int, y: Int, colour: RGBColour, scale: Int) {
        for row in 0..<BitmapFont.glyphHeight {
            let bits = BitmapFont.glyphRows[start + row]
            if bits == 0 { continue }
            let top = y + row * scale
            for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(column)) != 0 {
                let left = x + column * scale
                paint(PixelBounds(minX: left, minY: top, maxX: left + scale - 1, maxY: top + scale - 1), colour: colour)
            }
        }
    }
}
