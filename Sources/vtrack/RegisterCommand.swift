import ArgumentParser
import Foundation
import Pipeline
import Tracking

struct RegisterCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Measure how the picture moves from frame to frame, and whether the camera is held still.",
        discussion: """
        Writes frame,time_s,dx,dy,confidence,stable: how far the content moved since the previous \
        frame (pixels, +x right, +y down; phase correlation refined to sub-pixel accuracy), how sure \
        the registration is (0...1; a flat or unrelated picture gives 0 and a shift of 0), and 1 while \
        the summed shift of the last --history frames stays under --threshold pixels.

        Example:
          vtrack register SampleVideos/cockatoo_handheld.mp4 --csv motion.csv
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the CSV (- for standard output).", valueName: "path"))
    var csv: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Registration results the stability test sums.", valueName: "n"))
    var history = 15

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest summed shift (pixels) of a stable scene.", valueName: "pixels"))
    var threshold = 20.0

    @Flag(help: "Do not print progress.")
    var quiet = false

    func validate() throws {
        if history < 1 { throw ValidationError("--history must be 1 or more") }
        if !(threshold.isFinite && threshold >= 0) { throw ValidationError("--threshold must be 0 or more") }
    }

    func run() throws {
        var files = CommandFiles()
        files.input("the clip", clip)
        files.output("CSV", csv)
        try files.check()
        let session = try ClipRegistrationSession(clipPath: clip, stability: SceneStability(historyLength: history, threshold: threshold))
        let progress = ProgressLine(label: clip, total: session.info.frameCount, enabled: !quiet)
        let report = try session.run(csvPath: csv, progress: { progress.update(frame: $0) })
        progress.finish()
        for warning in report.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        let summary = SummaryOutput(quiet: quiet, standardOutputTaken: csv == "-")
        summary.say(String(format: "%d frames, %d stable, %.2f ms per registration", report.frames, report.stableFrames,
                           report.frames > 0 ? 1000 * report.registrationSeconds / Double(report.frames) : 0))
        summary.say(csv == "-" ? "wrote standard output" : "wrote \(csv)")
    }
}
