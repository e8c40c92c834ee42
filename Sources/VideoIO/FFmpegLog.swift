import CFFmpeg

/// How much FFmpeg itself prints to standard error (process-wide).
///
/// FFmpeg's default is `.info`, which includes decoder complaints about damaged data that
/// ``VideoReader`` already reports in its `warnings`. Command-line tools usually call
/// `FFmpegLog.setLevel(.error)` or `.quiet` once at start-up.
public enum FFmpegLog {
    public enum Level: Sendable {
        case quiet, error, warning, info, verbose
    }

    /// Sets the level for the whole process (`av_log_set_level`).
    public static func setLevel(_ level: Level) {
        switch level {
        case .quiet: av_log_set_level(AV_LOG_QUIET)
        case .error: av_log_set_level(AV_LOG_ERROR)
        case .warning: av_log_set_level(AV_LOG_WARNING)
        case .info: av_log_set_level(AV_LOG_INFO)
        case .verbose: av_log_set_level(AV_LOG_VERBOSE)
        }
    }
}
