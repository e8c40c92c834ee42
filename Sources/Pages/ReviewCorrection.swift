import Imaging
import TrackFormats

/// What a review page needs to let the user correct the run: a still of each moment's frame with
/// the run's boxes on it, the run's own keyframes, and what the re-tracking command names. The
/// page saves the run's keyframes with the user's corrections as one keyframes file
/// (`vtrack track --keyframes`).
///
/// Boxes are clip pixels (the upright picture's), origin at the top-left pixel.
public struct ReviewCorrection: Sendable, Equatable {
    /// A box of the run on a still, or one of the run's keyframes.
    public struct Box: Sendable, Equatable, Encodable {
        /// 0-based decoded frame index.
        public var frame: Int
        public var trackID: Int
        /// The track's label; empty when it has none.
        public var label: String
        public var x: Double, y: Double, width: Double, height: Double
        /// The ``TrackState`` as the CSV writes it (`tracked`, `lost`, ...).
        public var state: String

        public init(_ record: TrackRecord) {
            frame = record.frame
            trackID = record.trackID
            label = record.label
            // To 0.01 px, as the CSV writes them.
            func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            x = hundredths(record.box.x)
            y = hundredths(record.box.y)
            width = hundredths(record.box.width)
            height = hundredths(record.box.height)
            state = record.state.rawValue
        }
    }

    /// A moment's frame: its PNG, relative to the page's folder, and the run's boxes on it.
    public struct Still: Sendable, Equatable, Encodable {
        public var frame: Int
        /// Presentation time, seconds.
        public var time: Double
        public var href: String
        public var boxes: [Box]

        public init(frame: Int, time: Double, href: String, boxes: [Box]) {
            self.frame = frame
            self.time = time
            self.href = href
            self.boxes = boxes
        }
    }

    /// Tells the runs apart in the browser's storage, where the page keeps the corrections made so far.
    public var runID: String
    /// The clip as the re-tracking command names it (an absolute path).
    public var clipPath: String
    /// In frame order.
    public var stills: [Still]
    /// The boxes the run started from or was guided by (`source` `keyframe`; state `lost` for an
    /// absent keyframe), in the order they came.
    public var keyframes: [Box]
    /// The run's tracking options as `vtrack track` words (Pipeline's `TrackingOptions.boxCommandWords`):
    /// the re-tracking command repeats them so that it tracks as the run did.
    public var trackingWords: [String]

    public init(runID: String, clipPath: String, stills: [Still], keyframes: [Box], trackingWords: [String] = []) {
        self.runID = runID
        self.clipPath = clipPath
        self.stills = stills
        self.keyframes = keyframes
        self.trackingWords = trackingWords
    }
}
