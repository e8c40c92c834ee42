import Foundation
import TrackFormats
import Tracking

/// What re-seeding from a class detector costs: one clip tracked with re-seeding off and with the
/// detector, one after the other in one process (the detector loaded beforehand, as a batch loads
/// it once for all its clips).
public struct ReseedThroughputFigures: Sendable, Codable {
    public var clip: String
    public var boxes: Int
    public var detector: String
    public var reseedEvery: Int
    /// Seconds to read and compile the detector's model (paid once per process).
    public var detectorLoadSeconds: Double
    /// Decode + track frames/s with `--reseed-every 0`.
    public var withoutReseeding: Double
    /// Decode + track frames/s with the detector every `reseedEvery` frames.
    public var withDetector: Double

    /// `withDetector / withoutReseeding` (1 = re-seeding costs nothing).
    public var ratio: Double { withoutReseeding > 0 ? withDetector / withoutReseeding : 0 }
}

public enum ReseedThroughput {
    /// Tracks `targets` (pixels, top-left origin, frame 0) through `clip` at `level` without and
    /// with re-seeding from `detector`; no outputs are written.
    public static func measure(clip: String, targets: [TrackTarget], detector: DetectorChoice, reseedEvery: Int = 50,
                               level: TrackingLevel = .accurate) throws -> ReseedThroughputFigures {
        let clock = ContinuousClock()
        let loadStart = clock.now
        _ = try detector.makeClassDetector()
        let load = (clock.now - loadStart).seconds
        func run(_ options: TrackingOptions) throws -> ClipReport {
            try ClipTrackingSession(clipPath: clip, targets: targets, options: options).run(makeSinks: { [] })
        }
        let without = try run(TrackingOptions(level: level, reseedEvery: 0))
        let with = try run(TrackingOptions(level: level, reseedEvery: reseedEvery, detector: detector))
        return ReseedThroughputFigures(clip: clip, boxes: targets.count, detector: detector.description, reseedEvery: reseedEvery,
                                       detectorLoadSeconds: load, withoutReseeding: without.framesPerSecond,
                                       withDetector: with.framesPerSecond)
    }
}
