import ArgumentParser
import Foundation
import Pipeline

struct DetectCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Run a detector over a clip and write what it finds to a CSV.",
        discussion: """
        Writes frame,time_s,label,x,y,width,height,score for every detection (pixels, origin at the \
        top-left pixel), to check a detector before tracking with it. The neural detectors need the \
        OpenVINO runtime that scripts/install-deps.sh installs.

        Examples:
          vtrack detect SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 --detector person --csv people.csv --every 10
          vtrack detect clip.mp4 --detector yolo11n.onnx --classes person,car --min-score 0.4 --csv found.csv
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @OptionGroup var detection: DetectorOptionsGroup

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the CSV (- for standard output).", valueName: "path"))
    var csv: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Detect on every N-th frame (from frame 0).", valueName: "n"))
    var every = 1

    @Flag(help: "Do not print progress.")
    var quiet = false

    func validate() throws {
        if every < 1 { throw ValidationError("--every must be 1 or more") }
        if !detection.choice.findsNewObjects { throw ValidationError("give a class --detector: person, face, PATH.onnx or a cascade") }
    }

    func run() throws {
        var files = CommandFiles()
        files.input("the clip", clip)
        for file in detection.choice.inputFiles { files.input(file.role, file.path) }
        files.output("CSV", csv)
        try files.check()
        let session = try ClipDetectionSession(clipPath: clip, detector: detection.choice, every: every,
                                               minimumScore: detection.minScore)
        let progress = ProgressLine(label: clip, total: session.info.frameCount, enabled: !quiet)
        let report = try session.run(csvPath: csv, progress: { progress.update(frame: $0) })
        progress.finish()
        for warning in report.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        let summary = SummaryOutput(quiet: quiet, standardOutputTaken: csv == "-")
        summary.say(String(format: "%d frames, %d searched, %d detections, %.1f ms per detection",
                           report.frames, report.framesSearched, report.detections, report.millisecondsPerDetection))
        summary.say(csv == "-" ? "wrote standard output" : "wrote \(csv)")
    }
}
