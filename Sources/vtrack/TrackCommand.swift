import ArgumentParser
import Foundation
import Pipeline
import Tracking

struct TrackCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Track boxes through a clip; write a CSV and an annotated MP4 (and MOTChallenge or JSON Lines files).",
        discussion: """
        Each --box is x,y,width,height in pixels (origin at the top-left pixel) on the start \
        frame, optionally prefixed with a label: --box walker=157,138,22,55. At most 16 boxes. \
        With a class detector (--detector person, face, PATH.onnx or a cascade) and no box, every \
        object it finds gets a track: the detector runs every --detect-every frames (default 2), \
        its detections are matched to the tracks as ByteTrack does (overlap with a Kalman \
        prediction, and appearance), a correlation tracker follows each object in between, a \
        newcomer is tentative (not drawn) until two runs found it, and --mot then gives it from its \
        first frame; a track the \
        runs stop finding is lost, kept 30 frames to come back with its id, then ended. With \
        boxes, every --reseed-every frames (default 50) a class detector runs and re-seeds the \
        tracks of its class it matches; a track it does not support is drawn dashed, and after two \
        runs moves to a nearby detection that looks like it or is reported lost. With the default \
        template re-detector, a track whose tracker has no sure fix for 5 frames is searched for \
        by its own appearance, within reach of its motion, and moves only to a distinctive match \
        that looks like the object as first seen, is not on another track, and is found there \
        again by the next search 5 frames later. --reseed-every 0 turns both off. --camera-motion moves each tracker's search \
        by the camera's motion (panning footage), and where that finds nothing sure also searches \
        where the camera may have kept the object (a drone following it); --show-motion tags the \
        annotated MP4 with it.

        The confidence (0...1, the CSV's confidence column) is the probability that the box \
        overlaps the object with IoU >= 0.5: of the boxes reported at 0.7, about 70% are on the \
        object. It is a model fitted per level on the development set (a logistic regression, or for \
        fast with the ImageNet cue below, boosted trees) of several cues: \
        how sharp and high the tracker's response is (its model adapts, so this follows the recent \
        appearance), how much the object still looks like what the tracker first learnt, how long \
        since its last sure fix, the size of its last jump and of its change in size, how much of \
        the box is in the picture, colour contrast, how much more the box changed since the last \
        frame than the rest of the picture once the camera's motion is taken out (a box left on \
        the background changes like it), how fast the box moves against the scene, how much \
        the box still looks like the object's first view to an ImageNet network, now and \
        averaged over about 20 frames (in colour every 5th frame, boxes given with --box, when \
        the neural runtime is installed), and whether and \
        how long ago a detector re-seeded the track (a search that did not find the first appearance is not a cue: an \
        object that turns is not found that way while the tracker follows it). \
        Above 0.5 a box is drawn solid, at or below dashed. The state is lost when the confidence \
        is below 0.2 (odds of 4 to 1 that the box is off the object) and tracked again as soon as \
        it is not. An object that left the picture (less than half of its box inside the \
        frame) is lost at confidence 0, and its box stays where it was last seen inside the frame. \
        Among several people of one look the confidence overclaims (README, What the confidence \
        means): there a solid box is on a person, not surely on this one.

        Each --rect is the four corners of a planar object (a sign, a screen, a document, a \
        plate), x1,y1,...,x4,y4 in pixels clockwise from the top-left corner, optionally labelled. \
        Its corners follow the perspective (a homography re-aligned to the first frame's patch on \
        every frame); the CSV's x1...y4 columns hold them (empty for boxes) and the MP4 draws the \
        quadrilateral. Detectors do not re-seed rectangles. At most 16 rectangles. Track ids \
        number the boxes first, then the rectangles.

        With only --out DIR, writes DIR/<clip>.csv and DIR/<clip>.mp4. With neither --out, --csv, \
        --video, --mot nor --jsonl, writes into ./vtrack-out/. --mot PATH also writes MOTChallenge \
        rows (frame,id,bb_left,bb_top,bb_width,bb_height,conf,-1,-1,-1; frame 1-based, so the CSV's \
        frame + 1) of the objects on the frames they are followed (not lost records, not newcomers \
        dropped unconfirmed); a track lost for fewer than 20 frames and then followed again gets \
        rows through the gap too, its box interpolated, except where one would lie on another \
        track's row. And \
        --jsonl PATH one JSON object per frame with all its tracks (every record of the CSV). Every \
        output appears under its name only when \
        the clip is complete; an output may not be an input (the clip, a model) or another output. \
        --csv -, --mot - or --jsonl - writes to standard output (the summary then goes to standard \
        error); a FIFO or a device is written into, never replaced.

        Examples:
          vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \\
              --box walker=157,138,22,55 --box 401,149,27,52 --out out/
          vtrack track SampleVideos/carphone_face_in_car.mp4 --detector face \\
              --out out/
          vtrack track SampleVideos/carphone_face_in_car.mp4 --box 58,32,60,62 \\
              --csv face.csv --mot face.mot.txt --jsonl face.jsonl
          vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \\
              --rect sign=258,127,278,127,278,152,258,152 --out out/
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @Option(name: .customLong("box"), help: ArgumentHelp("A box to track: [label=]x,y,width,height in pixels.", valueName: "box"))
    var boxes: [String] = []

    @Option(name: .customLong("rect"),
            help: ArgumentHelp("A planar object to track in perspective: [label=]x1,y1,x2,y2,x3,y3,x4,y4, corners in pixels clockwise from the top left.",
                               valueName: "corners"))
    var rectangles: [String] = []

    @OptionGroup var tracking: TrackingOptionsGroup

    @Option(help: ArgumentHelp("Output folder for <clip>.csv and <clip>.mp4.", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Where to write the per-frame CSV.", valueName: "path"))
    var csv: String?

    @Option(help: ArgumentHelp("Where to write the annotated MP4.", valueName: "path"))
    var video: String?

    @Option(help: ArgumentHelp("Where to write MOTChallenge rows: frame (1-based),id,bb_left,bb_top,bb_width,bb_height,conf,-1,-1,-1.",
                               valueName: "path"))
    var mot: String?

    @Option(help: ArgumentHelp("Where to write JSON Lines: one object per frame with its tracks.", valueName: "path"))
    var jsonl: String?

    @Flag(help: "Do not print progress.")
    var quiet = false

    func validate() throws {
        if boxes.isEmpty && rectangles.isEmpty && !tracking.options.detector.findsNewObjects {
            throw ValidationError("give at least one --box x,y,width,height or --rect x1,y1,...,x4,y4, or a class --detector such as face to start tracks automatically")
        }
        if boxes.count > 16 { throw ValidationError("\(boxes.count) boxes given; at most 16 objects can be tracked at once") }
        if rectangles.count > 16 { throw ValidationError("\(rectangles.count) rectangles given; at most 16 can be tracked at once") }
    }

    func run() throws {
        let targets = try boxes.map { try TrackTarget(parsing: $0) } + rectangles.map { try TrackTarget(parsingCorners: $0) }
        let outputs = try OutputPaths(clip: clip, out: out, csv: csv, video: video, mot: mot, jsonLines: jsonl,
                                      otherInputs: tracking.options.detector.inputFiles)
        let session = try ClipTrackingSession(clipPath: clip, targets: targets, options: tracking.options)
        let progress = ProgressLine(label: clip, total: session.info.frameCount, enabled: !quiet)
        let summary = SummaryOutput(quiet: quiet, standardOutputTaken: outputs.writesStandardOutput)
        let report = try session.run(
            makeSinks: { try outputs.makeSinks(clip: clip, info: session.info, resultRules: session.resultRules) },
            progress: { progress.update(frame: $0) }
        )
        progress.finish()
        for warning in report.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        summary.say(String(format: "%d frames, %d tracks, %.1f frames/s, mean confidence %.2f",
                           report.framesTracked, report.tracks, report.framesPerSecond, report.meanConfidence))
        for path in outputs.written { summary.say(path == "-" ? "wrote standard output" : "wrote \(path)") }
    }
}
