import Imaging

/// One object a detector found in a frame.
public struct Detection: Sendable, Equatable {
    /// Where the object is: pixels, origin at the top-left pixel of the frame.
    public var box: PixelRect
    /// How sure the detector is, in 0...1; above 0.5 means a confident detection.
    /// Each detector documents how it maps its own evidence to this range
    /// (``CascadeDetector``: neighbouring window hits; ``TemplateRedetector``: correlation).
    public var score: Float
    /// What was detected ("face", "fullbody", ...), or `nil` when the detector does not name classes.
    public var label: String?

    public init(box: PixelRect, score: Float, label: String? = nil) {
        self.box = box
        self.score = score
        self.label = label
    }
}
