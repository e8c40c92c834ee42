/// A deterministic synthetic video with one textured object and its exact ground truth, for tests and
/// for writing synthetic clips.
///
/// The background is a static, low-frequency procedural texture (value noise and soft coloured blobs);
/// the object is a 5x5 grid of sharp-edged coloured blocks with fine grain, stretched over its box so
/// that it scales with it. It moves along ``SyntheticMotion``, grows or shrinks linearly to
/// ``SyntheticSceneParameters/finalScale``, can be hidden for a run of frames and reappear displaced.
/// Everything derives from the seed (no system randomness), so equal parameters give identical pixels
/// from run to run.
///
///     let scene = SyntheticScene(SyntheticSceneParameters(width: 640, height: 360, frameCount: 90,
///                                                         motion: .lissajous(amplitudeX: 150, amplitudeY: 60,
///                                                                            periodX: 90, periodY: 45),
///                                                         finalScale: 1.4))
///     for t in 0..<90 {
///         let frame = scene.render(frame: t)           // luma + rgb
///         let truth = scene.groundTruth(frame: t)      // exact box, pixels, top-left origin
///     }
public struct SyntheticScene: Sendable {
    /// The parameters as given.
    public let parameters: SyntheticSceneParameters
    /// Frame width in pixels (the parameter clamped to 1...16384).
    public let width: Int
    /// Frame height in pixels (the parameter clamped to 1...16384).
    public let height: Int

    private let background: [UInt8]
    private let texture: SyntheticObjectTexture
    private let noiseKey: UInt64

    /// Builds the background and the object's texture (the expensive part; rendering frames is cheap).
    public init(_ parameters: SyntheticSceneParameters) {
        self.parameters = parameters
        width = min(max(parameters.width, 1), 16384)
        height = min(max(parameters.height, 1), 16384)
        var generator = SplitMix64(seed: parameters.seed)
        background = SyntheticBackground.render(width: width, height: height, generator: &generator)
        texture = SyntheticObjectTexture(generator: &generator)
        noiseKey = generator.next()
    }

    /// Ground truth for frames `0..<parameters.frameCount`.
    public var groundTruth: [SyntheticGroundTruth] {
        (0..<max(0, parameters.frameCount)).map { groundTruth(frame: $0) }
    }

    /// The object's exact box and visibility on `frame`. Frames outside `0..<frameCount` continue the
    /// motion and the scale ramp; the size never drops below 5 % of the start size.
    public func groundTruth(frame: Int) -> SyntheticGroundTruth {
        let start = parameters.objectStart
        let finalScale = parameters.finalScale.isFinite && parameters.finalScale > 0 ? parameters.finalScale : 1
        let progress = parameters.frameCount > 1 ? Double(frame) / Double(parameters.frameCount - 1) : 0
        let scale = max(0.05, 1 + (finalScale - 1) * progress)
        let offset = parameters.motion.offset(atFrame: frame)
        var centreX = start.centerX + offset.dx, centreY = start.centerY + offset.dy
        let hidden = parameters.hiddenFrames
        if let hidden, frame >= hidden.upperBound {
            centreX += parameters.jumpAfterHidden.dx
            centreY += parameters.jumpAfterHidden.dy
        }
        let box = PixelRect(x: centreX, y: centreY, width: 0, height: 0)
            .resized(width: start.width * scale, height: start.height * scale)
        let occluded = hidden?.contains(frame) ?? false
        let inFrame = box.isValid && box.clipped(toWidth: width, height: height) != nil
        return SyntheticGroundTruth(frame: frame, box: box, isVisible: inFrame && !occluded)
    }

    /// Frame `frame`: background, the object when visible, camera noise; luma and RGB.
    public func render(frame: Int) -> ImageFrame {
        render(frame: frame, drawingObject: true)
    }

    /// Frame `frame` without the object (same background and camera noise): what `render(frame:)`
    /// would show if the object were hidden.
    public func renderBackground(frame: Int) -> ImageFrame {
        render(frame: frame, drawingObject: false)
    }

    private func render(frame: Int, drawingObject: Bool) -> ImageFrame {
        var rgb = Image<UInt8>(width: width, height: height, channels: 3, pixels: background)
        let truth = groundTruth(frame: frame)
        if drawingObject, truth.isVisible {
            drawObject(in: truth.box, on: &rgb)
        }
        addCameraNoise(to: &rgb, frame: frame)
        return ImageFrame(luma: rgb.luma(), rgb: rgb)
    }

    /// Blends the textured object into `box`, weighting edge pixels by the fraction of them the box covers.
    private func drawObject(in box: PixelRect, on image: inout Image<UInt8>) {
        // Visible pixel range computed in Double first so that far-away boxes cannot overflow Int.
        let firstX = max(0, box.x.rounded(.down)), endX = min(Double(width), box.maxX.rounded(.up))
        let firstY = max(0, box.y.rounded(.down)), endY = min(Double(height), box.maxY.rounded(.up))
        guard firstX < endX, firstY < endY else { return }
        let x0 = Int(firstX), x1 = Int(endX), y0 = Int(firstY), y1 = Int(endY)
        let columns = x1 - x0, width = self.width
        let texture = self.texture
        withUnsafeTemporaryAllocation(of: (coverage: Float, u: Float).self, capacity: columns) { spans in
            for i in 0..<columns {
                let x = Double(x0 + i)
                spans[i] = (Self.coverage(of: x, from: box.x, to: box.maxX), Float((x + 0.5 - box.x) / box.width))
            }
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in y0..<y1 {
                    let coverageY = Self.coverage(of: Double(y), from: box.y, to: box.maxY)
                    let v = Float((Double(y) + 0.5 - box.y) / box.height)
                    for i in 0..<columns {
                        let alpha = spans[i].coverage * coverageY
                        let (r, g, b) = texture.colour(u: spans[i].u, v: v)
                        let base = (y * width + x0 + i) * 3
                        pixels[base] = Self.blend(pixels[base], r, alpha)
                        pixels[base + 1] = Self.blend(pixels[base + 1], g, alpha)
                        pixels[base + 2] = Self.blend(pixels[base + 2], b, alpha)
                    }
                }
            }
        }
    }

    /// How much of pixel `[pixel, pixel + 1)` lies inside `[start, end)`, in 0...1.
    @inline(__always) private static func coverage(of pixel: Double, from start: Double, to end: Double) -> Float {
        Float(max(0, min(pixel + 1, end) - max(pixel, start)))
    }

    @inline(__always) private static func blend(_ under: UInt8, _ over: Float, _ alpha: Float) -> UInt8 {
        let base = Float(under)
        return UInt8(fromSample: base + (over - base) * alpha)
    }

    /// Adds uniform noise in `-a...a` grey levels to every pixel (same offset in the three channels),
    /// from a hash of the seed, the frame and the pixel index.
    private func addCameraNoise(to image: inout Image<UInt8>, frame: Int) {
        let amplitude = min(max(parameters.cameraNoise, 0), 128)
        guard amplitude > 0 else { return }
        let span = UInt64(2 * amplitude + 1)
        let frameKey = SplitMix64.mix(noiseKey ^ UInt64(bitPattern: Int64(frame)))
        let count = width * height
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in 0..<count {
                let hash = SplitMix64.mix(frameKey &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15)
                let offset = Int(((hash >> 32) &* span) >> 32) - amplitude
                let base = i * 3
                for c in 0..<3 {
                    let value = Int(pixels[base + c]) + offset
                    pixels[base + c] = UInt8(truncatingIfNeeded: value < 0 ? 0 : (value > 255 ? 255 : value))
                }
            }
        }
    }
}
