import Detection
import Files
import Foundation
import Imaging
import TrackFormats
import VideoIO

/// Runs a detector over a clip and writes what it finds to a CSV, so a user can check a detector
/// before tracking with it.
///
///     let session = try ClipDetectionSession(clipPath: "clip.mp4", detector: .person, every: 5)
///     let report = try session.run(csvPath: "people.csv")
///
/// CSV columns: `frame,time_s,label,x,y,width,height,score`; boxes in pixels, origin at the top-left
/// pixel. The file appears under its final name only when the whole clip was processed.
public final class ClipDetectionSession {
    public static let header = "frame,time_s,label,x,y,width,height,score"
    public let clipPath: String
    public let info: VideoInfo
    /// Frames between detections (1: every frame).
    public let every: Int
    private let reader: VideoReader
    private let request: DetectObjectsRequest
    private let colour: Bool

    /// Opens the clip and loads the detector. Throws `VideoError`, `DetectionError` or
    /// `NeuralDetectionError` naming the file, or ``SessionError`` for a bad interval.
    public init(clipPath: String, detector: DetectorChoice, every: Int = 1, minimumScore: Float = 0.5) throws {
        guard every >= 1 else { throw SessionError.badDetectionInterval(every) }
        guard let model = try detector.makeClassDetector() else { throw SessionError.notAClassDetector(detector.description) }
        reader = try VideoReader(path: clipPath)
        info = reader.info
        self.clipPath = clipPath
        self.every = every
        request = DetectObjectsRequest(detector: model, minimumConfidence: minimumScore)
        colour = detector.needsColour
    }

    /// Decodes the clip, detects on every ``every``-th frame (from frame 0) and writes the rows, creating
    /// the CSV's folder when missing (as `vtrack track` does).
    public func run(csvPath: String, progress: ((Int) -> Void)? = nil) throws -> DetectionReport {
        try FilePath.createFolder(forOutput: csvPath)
        let file = try TextOutputFile(path: csvPath)
        file.writeLine(Self.header)
        let clock = ContinuousClock()
        let started = clock.now
        var detectorTime = Duration.zero
        var frames = 0, searched = 0, detections = 0
        while let frame = try reader.nextFrame() {
            frames += 1
            guard frame.index % every == 0 else { continue }
            let image = frame.imageFrame(colour: colour)
            let detectStart = clock.now
            try ImageRequestHandler(frame: image).perform([request])
            detectorTime += clock.now - detectStart
            searched += 1
            for observation in request.results {
                let box = PixelRect(observation.boundingBox, imageWidth: image.width, imageHeight: image.height)
                file.writeLine([String(frame.index), String(format: "%.3f", frame.time), TrackCSV.quoted(observation.label),
                                formatPixels(box.x), formatPixels(box.y), formatPixels(box.width), formatPixels(box.height),
                                String(format: "%.4f", observation.confidence)].joined(separator: ","))
                detections += 1
            }
            try file.flush()
            progress?(frame.index)
        }
        try file.commit()
        return DetectionReport(frames: frames, framesSearched: searched, detections: detections,
                               seconds: (clock.now - started).seconds, detectorSeconds: detectorTime.seconds,
                               warnings: reader.warnings)
    }
}

/// What a detection run did.
public struct DetectionReport: Sendable {
    public let frames: Int
    public let framesSearched: Int
    public let detections: Int
    public let seconds: Double
    /// Time spent in the detector alone.
    public let detectorSeconds: Double
    public let warnings: [String]

    /// Mean detector time per searched frame, milliseconds.
    public var millisecondsPerDetection: Double { framesSearched > 0 ? 1000 * detectorSeconds / Double(framesSearched) : 0 }
}
