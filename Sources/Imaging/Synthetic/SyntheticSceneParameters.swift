/// Everything that defines a ``SyntheticScene``; equal parameters render identical pixels run after run.
///
/// Sizes and positions are pixels with a top-left origin.
///
///     // Hidden for 30 frames, then back 100 px to the right of where its path would have taken it.
///     var parameters = SyntheticSceneParameters(width: 640, height: 360, frameCount: 120, seed: 7)
///     parameters.motion = .linear(dxPerFrame: 1.5, dyPerFrame: 0.5)
///     parameters.hiddenFrames = 40..<70
///     parameters.jumpAfterHidden = PixelOffset(dx: 100, dy: 0)
public struct SyntheticSceneParameters: Equatable, Hashable, Sendable {
    /// Frame width in pixels, clamped to 1...16384 by the scene.
    public var width: Int
    /// Frame height in pixels, clamped to 1...16384 by the scene.
    public var height: Int
    /// Number of frames in the clip (used for the scale ramp and ``SyntheticScene/groundTruth``).
    public var frameCount: Int
    /// Seed of every random choice: background, object texture and colours, camera noise.
    public var seed: UInt64
    /// The object's box on frame 0.
    public var objectStart: PixelRect
    /// How the object's centre moves from frame to frame.
    public var motion: SyntheticMotion
    /// Box size on the last frame relative to frame 0 (1.4: 40 % larger); the size changes linearly
    /// in between, about the box centre. Non-finite or non-positive values count as 1.
    public var finalScale: Double
    /// Frames on which the object is occluded: not drawn, and its ground truth marked not visible.
    public var hiddenFrames: Range<Int>?
    /// Added to the object's position on every frame after ``hiddenFrames`` (pixels), so that it
    /// reappears displaced; ignored without hidden frames.
    public var jumpAfterHidden: PixelOffset
    /// Camera noise amplitude in grey levels: every pixel gets a uniform offset in `-a...a`, the same
    /// in all three channels, different on every frame. Clamped to 0...128.
    public var cameraNoise: Int

    /// Parameters with a stationary object on a noiseless camera; `objectStart` defaults to a box of a
    /// fifth of the frame's size in its middle.
    public init(width: Int = 320, height: Int = 240, frameCount: Int = 60, seed: UInt64 = 1,
                objectStart: PixelRect? = nil, motion: SyntheticMotion = .stationary, finalScale: Double = 1,
                hiddenFrames: Range<Int>? = nil, jumpAfterHidden: PixelOffset = .zero,
                cameraNoise: Int = 0) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.seed = seed
        let w = Double(width), h = Double(height)
        self.objectStart = objectStart ?? PixelRect(x: 0.4 * w, y: 0.4 * h, width: 0.2 * w, height: 0.2 * h)
        self.motion = motion
        self.finalScale = finalScale
        self.hiddenFrames = hiddenFrames
        self.jumpAfterHidden = jumpAfterHidden
        self.cameraNoise = cameraNoise
    }
}

/// Where the synthetic object is on one frame.
public struct SyntheticGroundTruth: Equatable, Hashable, Sendable {
    /// 0-based frame index.
    public let frame: Int
    /// The object's exact box, pixels, top-left origin; it may extend past the frame border. Rendered
    /// with partial-pixel coverage at its edges, so subpixel positions are exact.
    public let box: PixelRect
    /// False on hidden (occluded) frames and when the box lies entirely outside the frame.
    public let isVisible: Bool
}
