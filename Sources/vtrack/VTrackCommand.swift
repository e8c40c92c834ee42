import ArgumentParser
import Files
import Foundation
import Pipeline
import VideoIO

@main
struct VTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vtrack",
        abstract: "Follow objects through video with correlation trackers: learned features by default (NanoTrack, fused with a correlation filter at the accurate level), LightFC's stronger network with --tracker lightfc (about twice the time), hand-made ones with --correlation-filter.",
        discussion: """
        Boxes on the command line and in CSV files are pixels, x,y,width,height, with the origin at \
        the top-left pixel. Every object gets a confidence on every frame, the probability (0...1) \
        that its box overlaps the object with IoU >= 0.5; boxes are drawn solid above 0.5 and \
        dashed at or below.

        Example:
          vtrack track SampleVideos/carphone_face_in_car.mp4 --box 58,32,60,62 --out out/
        """,
        subcommands: [TrackCommand.self, PickCommand.self, DetectCommand.self, RegisterCommand.self, ProbeCommand.self, EvalCommand.self, BenchCommand.self, SynthCommand.self,
                      BatchCommand.self, MergeCommand.self, RenderCommand.self]
    )

    /// Runs the chosen subcommand with FFmpeg's own log silenced (vtrack reports decoding problems
    /// itself, once, with the file name) unless `--verbose` is given, and with every hidden
    /// temporary output deleted if the process is interrupted. Standard output that cannot be written
    /// is an error (``StandardOutput``), also for a command that ends with a status of its own.
    static func main() {
        FFmpegLog.setLevel(.quiet)
        TemporaryOutputs.removeAllOnTermination()
        do {
            var command = try parseAsRoot(EvalCommand.currentForm(of: Array(CommandLine.arguments.dropFirst())))
            if let logging = command as? ShowsFFmpegLog, logging.log.verbose { FFmpegLog.setLevel(.info) }
            try command.run()
            try StandardOutput.flush()
        } catch {
            TemporaryOutputs.removeAll()
            if error is ExitCode {
                do {
                    try StandardOutput.flush()
                } catch let failure as OutputError where failure != .closedPipe(path: "-") {
                    StandardError.write("Error: \(failure)\n")
                } catch {}
            }
            if case OutputError.closedPipe = error {
                // Like any Unix filter whose reader left: end by SIGPIPE, without a message.
                signal(SIGPIPE, SIG_DFL)
                kill(getpid(), SIGPIPE)
            }
            exit(withError: error)
        }
    }
}
