import Files
import Foundation
import TrackFormats
import Tracking
import VideoIO

/// Frames per second of each stage of the pipeline on one clip, measured in one run.
public struct ThroughputFigures: Sendable, Codable {
    public var clip: String
    public var width: Int
    public var height: Int
    public var frames: Int
    /// Decoding only (luma plane), frames/s.
    public var decodeOnly: Double
    /// Decoding and tracking one box at level `fast`, no outputs, frames/s.
    public var decodeAndTrack: Double
    /// Decoding, tracking one box at level `fast` and encoding the annotated MP4, frames/s.
    public var decodeTrackEncode: Double
    /// Tracker calls only, frames/s, per level.
    public var trackerOnly: [String: Double]

    /// `decodeAndTrack / decodeOnly`: how much tracking slows the pipeline (1 = not at all).
    public var trackingOverheadRatio: Double { decodeOnly > 0 ? decodeAndTrack / decodeOnly : 0 }
}

/// Measures ``ThroughputFigures`` for a clip and one box (pixels, top-left origin, on frame 0).
public enum ThroughputBenchmark {
    /// The levels run the trackers of `trackerKind` (``TrackingOptions/trackerKind``).
    public static func measure(clip: String, target: TrackTarget, scratchFolder: String,
                               trackerKind: TrackerKind = .learned) throws -> ThroughputFigures {
        let clock = ContinuousClock()

        let reader = try VideoReader(path: clip)
        var frames = 0
        let decodeStart = clock.now
        while try reader.nextFrame() != nil { frames += 1 }
        let decodeSeconds = (clock.now - decodeStart).seconds

        func run(level: TrackingLevel, video: String?) throws -> ClipReport {
            let session = try ClipTrackingSession(clipPath: clip, targets: [target],
                                                  options: TrackingOptions(level: level, reseedEvery: 0, trackerKind: trackerKind))
            return try session.run(makeSinks: {
                guard let video else { return [] }
                return try OutputPaths(clip: clip, out: nil, csv: nil, video: video).makeSinks(clip: clip, info: session.info)
            })
        }
        let fast = try run(level: .fast, video: nil)
        let encoded = try run(level: .fast, video: FilePath.joining(scratchFolder, "bench-annotated.mp4"))
        let accurate = try run(level: .accurate, video: nil)

        func fps(_ frames: Int, _ seconds: Double) -> Double { seconds > 0 ? Double(frames) / seconds : 0 }
        return ThroughputFigures(
            clip: clip, width: reader.info.width, height: reader.info.height, frames: frames,
            decodeOnly: fps(frames, decodeSeconds),
            decodeAndTrack: fast.framesPerSecond,
            decodeTrackEncode: encoded.framesPerSecond,
            trackerOnly: ["fast": fps(fast.framesTracked, fast.trackingSeconds),
                          "accurate": fps(accurate.framesTracked, accurate.trackingSeconds)])
    }
}
