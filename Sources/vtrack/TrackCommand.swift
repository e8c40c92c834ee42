import ArgumentParser
import Foundation
import Pipeline
import TrackFormats
import Tracking

struct TrackCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Track boxes through a clip; write a CSV and an annotated MP4 (and MOTChallenge or JSON Lines files).",
        discussion: """
        Tracks each --box ([label=]x,y,width,height in pixels, origin at the top-left pixel, on the \
        start frame; up to 16) and each --rect (a planar object's four corners, clockwise from the \
        top left; up to 16) with its own tracker, re-seeded from a detector every --reseed-every \
        frames. With a class detector and no box, every object it finds gets a track. Every box \
        gets a confidence, the probability that it overlaps the object with IoU >= 0.5: solid \
        above 0.5, dashed at or below, lost below 0.2. With only --out DIR, writes DIR/<clip>.csv \
        and DIR/<clip>.mp4; outputs appear under their names only when the clip is complete, and \
        never replace an input. A clip whose picture size changes mid-stream is read as players \
        show it: every frame scaled to the first frame's size (boxes are in its pixels), with a \
        warning naming the frame. An image sequence with a gap (0001, 0002, 0005) is refused, \
        naming the missing picture. Keyframe-guided tracking: give an object's box on several frames \
        (--box label=x,y,width,height@FRAME, the same label for one object) or --keyframes FILE (a \
        vtrack CSV, a MOTChallenge file or CVAT XML); each object is tracked forward and backward \
        from its keyframes, the passes combined by confidence, and the CSV's source column says \
        keyframe, tracked, combined or disputed (the passes disagree: check it). In detail: \
        docs/track-command.md and docs/keyframes.md.

        Examples:
          vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \\
              --box walker=157,138,22,55 --box 401,149,27,52 --out out/
          vtrack track SampleVideos/carphone_face_in_car.mp4 --detector face \\
              --out out/
          vtrack track SampleVideos/carphone_face_in_car.mp4 --box 58,32,60,62 \\
              --csv face.csv --mot face.mot.txt --jsonl face.jsonl --cvat face.cvat.xml
          vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \\
              --rect sign=258,127,278,127,278,152,258,152 --out out/
          vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \\
              --box walker=157,138,22,55@0 --box walker=247,118,22,50@60 --out out/
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @Option(name: .customLong("box"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A box to track: [label=]x,y,width,height in pixels; with @FRAME, a keyframe of the object with that label.",
                               valueName: "box"))
    var boxes: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Keyframes to track from: a vtrack CSV (rows whose source is keyframe, or every row), a MOTChallenge file or CVAT XML (keyframe boxes).",
                               valueName: "file"))
    var keyframes: String?

    @Option(name: .customLong("rect"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A planar object to track in perspective: [label=]x1,y1,x2,y2,x3,y3,x4,y4, corners in pixels clockwise from the top left.",
                               valueName: "corners"))
    var rectangles: [String] = []

    @OptionGroup var tracking: TrackingOptionsGroup

    @Option(parsing: .unconditional, help: ArgumentHelp("Output folder for <clip>.csv and <clip>.mp4.", valueName: "dir"))
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the per-frame CSV.", valueName: "path"))
    var csv: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the annotated MP4.", valueName: "path"))
    var video: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write MOTChallenge rows: frame (1-based),id,bb_left,bb_top,bb_width,bb_height,conf,-1,-1,-1.",
                               valueName: "path"))
    var mot: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write JSON Lines: one object per frame with its tracks.", valueName: "path"))
    var jsonl: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write CVAT for video 1.1 XML: a track per object, a box per frame (outside where lost).",
                               valueName: "path"))
    var cvat: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the review page (HTML): the MP4, a timeline per object and the moments to check.",
                               valueName: "path"))
    var report: String?

    @Flag(help: "Do not print progress.")
    var quiet = false

    /// Whether the run is keyframe-guided: a box names its frame, or a keyframes file is given.
    private var isKeyframeGuided: Bool { keyframes != nil || boxes.contains(where: KeyframeTargets.namesFrame) }

    func validate() throws {
        if isKeyframeGuided {
            if !rectangles.isEmpty { throw ValidationError("--rect cannot be combined with keyframes (--box ...@FRAME or --keyframes)") }
            return
        }
        if boxes.isEmpty && rectangles.isEmpty && !tracking.options.detector.findsNewObjects {
            throw ValidationError("give at least one --box x,y,width,height or --rect x1,y1,...,x4,y4, or a class --detector such as face to start tracks automatically")
        }
        if boxes.count > 16 { throw ValidationError("\(boxes.count) boxes given; at most 16 objects can be tracked at once") }
        if rectangles.count > 16 { throw ValidationError("\(rectangles.count) rectangles given; at most 16 can be tracked at once") }
    }

    func run() throws {
        let (session, outputs) = try isKeyframeGuided ? keyframeGuidedSession() : clipTrackingSession()
        let progress = ProgressLine(label: clip, total: session.info.frameCount, enabled: !quiet)
        let report = try session.run(
            makeSinks: { try outputs.makeSinks(clip: clip, info: session.info, resultRules: session.resultRules, options: session.options) },
            progress: { progress.update(frame: $0) }
        )
        progress.finish()
        say(report, outputs: outputs)
    }

    /// The session of the boxes and rectangles given on one frame (or of everyone the detector
    /// finds), and where its outputs go.
    private func clipTrackingSession() throws -> (any ClipSession, OutputPaths) {
        let targets = try boxes.map { try TrackTarget(parsing: $0) } + rectangles.map { try TrackTarget(parsingCorners: $0) }
        let outputs = try outputPaths(otherInputs: tracking.options.detector.inputFiles)
        return (try ClipTrackingSession(clipPath: clip, targets: targets, options: tracking.options), outputs)
    }

    /// The keyframe-guided session of the objects the boxes with frames and the keyframes file give,
    /// and where its outputs go.
    private func keyframeGuidedSession() throws -> (any ClipSession, OutputPaths) {
        let targets = try KeyframeTargets.make(boxes: boxes, file: keyframes, startFrame: tracking.options.startFrame)
        let outputs = try outputPaths(otherInputs: tracking.options.detector.inputFiles
            + (keyframes.map { [CommandFiles.File(role: "the keyframes file", path: $0)] } ?? []))
        return (try KeyframeGuidedSession(clipPath: clip, targets: targets, options: tracking.options), outputs)
    }

    /// The outputs the options name, checked against the clip and `otherInputs`.
    private func outputPaths(otherInputs: [CommandFiles.File]) throws -> OutputPaths {
        try OutputPaths(clip: clip, out: out, csv: csv, video: video, mot: mot, jsonLines: jsonl, cvat: cvat, report: report,
                        otherInputs: otherInputs)
    }

    private func say(_ report: ClipReport, outputs: OutputPaths) {
        let summary = SummaryOutput(quiet: quiet, standardOutputTaken: outputs.writesStandardOutput)
        for warning in report.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        summary.say(String(format: "%d frames, %d tracks, %.1f frames/s, mean confidence %.2f",
                           report.framesTracked, report.tracks, report.framesPerSecond, report.meanConfidence))
        for path in outputs.written { summary.say(path == "-" ? "wrote standard output" : "wrote \(path)") }
    }
}
