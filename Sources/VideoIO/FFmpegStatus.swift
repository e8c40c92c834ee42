import CFFmpeg

/// FFmpeg's message for an error code (what `av_err2str` gives in C).
func ffmpegMessage(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
        guard let base = buffer.baseAddress else { return "error \(code)" }
        vt_error_string(code, base, buffer.count)
        return String(cString: base)
    }
}

/// FFmpeg return codes the reader and writer branch on.
enum FFmpegStatus {
    static let endOfFile = vt_averror_eof()
    static let tryAgain = vt_averror(EAGAIN)
    static let fileNotFound = vt_averror(ENOENT)
    static let invalidData = vt_averror_invaliddata()
    static let noTimestamp = vt_nopts_value()
}

/// A C string from FFmpeg, or `fallback` when it is NULL.
func ffmpegString(_ pointer: UnsafePointer<CChar>?, fallback: String = "unknown") -> String {
    guard let pointer else { return fallback }
    return String(cString: pointer)
}
