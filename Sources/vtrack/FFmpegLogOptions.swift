import ArgumentParser

/// `--verbose`, for the commands that read or write video.
struct FFmpegLogOptions: ParsableArguments {
    @Flag(help: "Also print FFmpeg's own log messages (silent by default: vtrack reports damaged data itself, with the file name).")
    var verbose = false
}

/// A command with `--verbose`; `VTrackCommand.main` turns FFmpeg's log on for it.
protocol ShowsFFmpegLog {
    var log: FFmpegLogOptions { get }
}
