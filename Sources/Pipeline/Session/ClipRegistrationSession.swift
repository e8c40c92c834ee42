import Files
import Foundation
import Tracking
import VideoIO

/// Registers every frame of a clip against the previous one and writes the shifts and the scene's
/// stability to a CSV.
///
///     let session = try ClipRegistrationSession(clipPath: "clip.mp4")
///     let report = try session.run(csvPath: "motion.csv")
///
/// CSV columns: `frame,time_s,dx,dy,confidence,stable`: how far the content moved since the
/// previous frame (pixels, +x right, +y down), the registration's confidence (0...1), and 1 when the
/// scene is stable (``SceneStability``). The file appears under its final name only when complete.
public final class ClipRegistrationSession {
    public static let header = "frame,time_s,dx,dy,confidence,stable"
    public let clipPath: String
    public let info: VideoInfo
    private let reader: VideoReader
    private let workingSide: Int
    private var stability: SceneStability

    /// Opens the clip. Throws `VideoError` naming the file.
    public init(clipPath: String, workingSide: Int = 320, stability: SceneStability = SceneStability()) throws {
        reader = try VideoReader(path: clipPath)
        info = reader.info
        self.clipPath = clipPath
        self.workingSide = workingSide
        self.stability = stability
    }

    /// Decodes the clip and writes one row per frame, creating the CSV's folder when
    /// missing (as `vtrack track` does).
    public func run(csvPath: String, progress: ((Int) -> Void)? = nil) throws -> RegistrationReport {
        try FilePath.createFolder(forOutput: csvPath)
        let file = try TextOutputFile(path: csvPath)
        file.writeLine(Self.header)
        let handler = SequenceRequestHandler()
        let request = TranslationalImageRegistrationRequest(workingSide: workingSide)
        let clock = ContinuousClock()
        let started = clock.now
        var registering = Duration.zero
        var frames = 0, stableFrames = 0
        while let frame = try reader.nextFrame() {
            let start = clock.now
            try handler.perform([request], on: frame.imageFrame(colour: false))
            registering += clock.now - start
            let shift = request.results.first ?? .none
            stability.add(shift)
            let stable = stability.isStable
            frames += 1
            stableFrames += stable ? 1 : 0
            file.writeLine("\(frame.index),\(String(format: "%.3f", frame.time)),\(String(format: "%.3f", shift.dx)),"
                           + "\(String(format: "%.3f", shift.dy)),\(String(format: "%.3f", shift.confidence)),\(stable ? 1 : 0)")
            try file.flush()
            progress?(frame.index)
        }
        try file.commit()
        return RegistrationReport(frames: frames, stableFrames: stableFrames, seconds: (clock.now - started).seconds,
                                  registrationSeconds: registering.seconds, warnings: reader.warnings)
    }
}

/// What a registration run did.
public struct RegistrationReport: Sendable {
    public let frames: Int
    public let stableFrames: Int
    public let seconds: Double
    /// Time spent registering (not decoding).
    public let registrationSeconds: Double
    public let warnings: [String]
}
