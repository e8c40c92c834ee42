import Files
import Imaging
import TrackFormats
import VideoIO

/// Writes a small PNG of the first frame it receives, annotated as the MP4 draws it (``Annotator``),
/// when the run completes: a batch's index page shows it beside each clip. Made from the colour
/// picture the frame already carries, so it costs no decoding; frames after the first cost nothing.
/// The file appears under its name only once it is complete.
///
///     let sinks = [ThumbnailSink(path: "out/clip.thumb.png")] + otherSinks
///
/// Put it before an ``AnnotatedVideoSink``, which takes the frame's colour picture to draw on.
public final class ThumbnailSink: TrackSink {
    /// The thumbnail is at most this many pixels wide and high: the frame shrunk by the smallest
    /// whole factor that fits.
    public static let largestSide = 160

    private let path: String
    private var still: Image<UInt8>?
    private var file: TextOutputFile?

    public init(path: String) {
        self.path = path
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        guard still == nil, var picture = frame.colour.rgb else { return }
        Annotator.draw(records, on: &picture)
        if let motion = frame.sceneMotion { Annotator.drawMotion(motion, on: &picture) }
        let side = max(picture.width, picture.height)
        still = picture.downscaled(by: (side + Self.largestSide - 1) / Self.largestSide)
    }

    /// Writes the PNG under its temporary name. Throws ``OutputError``, or ``VideoError`` when
    /// libavcodec cannot encode it; writes nothing when no frame came.
    public func finish() throws {
        guard let still else { return }
        let file = try TextOutputFile(path: path, kind: "thumbnail")
        file.append(bytes: try PNGEncoder.bytes(of: still, for: path))
        try file.complete()
        self.file = file
    }

    public func publish() throws {
        try file?.commit()
    }
}
