/// Stroke and text sizes for annotating a frame, scaled with the frame so that small and large videos
/// both stay readable.
///
///     let style = AnnotationStyle.forFrame(width: 1920, height: 1080)   // thickness 3, text scale 4
///     frame.drawRectangle(box, colour: colour, thickness: style.thickness,
///                         style: confidence > 0.5 ? .solid : style.dashedLine)
///     frame.drawLabel("person 1", at: box, colour: colour, scale: style.textScale)
public struct AnnotationStyle: Equatable, Hashable, Sendable {
    /// Outline thickness in pixels, at least 1.
    public var thickness: Int
    /// Drawn run length of a dashed outline in pixels, at least 1.
    public var dashLength: Int
    /// Undrawn run length of a dashed outline in pixels, at least 1.
    public var gapLength: Int
    /// Integer magnification of the built-in 5x7 font, at least 1.
    public var textScale: Int

    public init(thickness: Int, dashLength: Int, gapLength: Int, textScale: Int) {
        self.thickness = thickness
        self.dashLength = dashLength
        self.gapLength = gapLength
        self.textScale = textScale
    }

    /// The dashed line style with this style's dash and gap lengths.
    public var dashedLine: LineStyle { .dashed(dash: dashLength, gap: gapLength) }

    /// Sizes for a `width` x `height` frame (pixels), driven by the shorter side: thickness 1 below
    /// 540 px (176x144, 640x360), 2 at 720p, 3 at 1080p; text scale 1 at 176x144 and 640x360, 2 at 720p,
    /// 4 at 1080p. Non-positive sizes give the smallest style.
    public static func forFrame(width: Int, height: Int) -> AnnotationStyle {
        let shortSide = Double(max(0, min(width, height)))
        let thickness = max(1, Int((shortSide / 360).rounded()))
        let textScale = max(1, Int((shortSide / 300).rounded()))
        return AnnotationStyle(thickness: thickness, dashLength: 2 + 3 * thickness,
                               gapLength: 1 + 2 * thickness, textScale: textScale)
    }
}
