import Imaging
import Tracking
import VideoIO

/// One decoded frame as every stage of the pipeline sees it, made once per frame and handed to the
/// tracks, the re-seeder and every sink, so that no stage converts or measures the frame again.
///
/// - ``image`` is what the trackers take: the luma, with colour when the trackers read it.
/// - ``colour`` converts the colour picture on first use and keeps it: whatever reads colour on
///   this frame (a tracker, a detector, a describer, the annotated video) shares one conversion.
/// - ``cameraMotion`` and ``sceneMotion`` are the camera's motion, when the run measures it (once
///   per frame, by the sequence handler's registration).
///
/// Pixels, origin at the top-left pixel. Used by one thread at a time.
public final class FrameContext {
    /// The decoded frame.
    public let frame: VideoFrame
    /// The frame as the trackers take it: ``VideoFrame/luma``, plus its colour picture when asked
    /// for at creation.
    public let image: ImageFrame
    /// How the picture moved since the previous frame (pixels); nil when the run does not measure it.
    public internal(set) var cameraMotion: ImageTranslationObservation?
    /// The camera's motion and whether the scene is stable, for sinks that show it; nil when the run
    /// does not show it.
    public internal(set) var sceneMotion: SceneMotion?
    private var colourImage: ImageFrame?

    /// `colour`: whether ``image`` carries the colour picture (the trackers read colour).
    public init(frame: VideoFrame, colour: Bool) {
        self.frame = frame
        image = frame.imageFrame(colour: colour)
        colourImage = colour ? image : nil
    }

    /// A context whose colour picture was converted already: `colourImage` is the frame with it.
    init(frame: VideoFrame, colourImage: ImageFrame) {
        self.frame = frame
        image = colourImage
        self.colourImage = colourImage
    }

    /// The same frame and pictures as `other` with another camera motion: the frame as a pass that
    /// runs through the clip backward sees it. Colour converted later is not shared.
    init(sharing other: FrameContext, cameraMotion: ImageTranslationObservation?) {
        frame = other.frame
        image = other.image
        colourImage = other.colourImage
        self.cameraMotion = cameraMotion
    }

    /// 0-based index of the frame in decode order.
    public var index: Int { frame.index }
    /// Presentation time in seconds.
    public var time: Double { frame.time }

    /// The frame with its colour picture (R, G, B, full range), converted on first use and kept.
    public var colour: ImageFrame {
        if let colourImage { return colourImage }
        let converted = frame.imageFrame(colour: true)
        colourImage = converted
        return converted
    }

    /// The colour picture for a reader that draws on it: the one converted for this frame, handed
    /// over so that drawing does not copy it (the context converts again should anyone ask for colour
    /// later), or a fresh conversion.
    public func takeRGB() -> Image<UInt8> {
        guard let picture = colourImage?.rgb else { return frame.rgb() }
        colourImage = nil
        return picture
    }
}

extension FrameContext {
    /// Measures the camera's motion on this frame with `handler` when the run compensates or shows
    /// it (`options`): sets ``cameraMotion``, and ``sceneMotion`` with `stability` (the run's, updated)
    /// when it is shown. Call it once per frame, before the frame is tracked.
    func measureCameraMotion(with handler: SequenceRequestHandler, options: TrackingOptions, stability: inout SceneStability) {
        guard options.compensatesCameraMotion || options.showsCameraMotion else { return }
        let motion = handler.measureCameraMotion(on: image)
        cameraMotion = motion
        if options.showsCameraMotion {
            stability.add(motion)
            sceneMotion = SceneMotion(shift: motion, isStable: stability.isStable)
        }
    }
}
