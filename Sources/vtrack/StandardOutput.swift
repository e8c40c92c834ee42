@preconcurrency import Glibc
import Files
import Pipeline

/// Standard output as `print` writes it: buffered, so a failed write (`vtrack probe CLIP >
/// /dev/full`, a full disk) is only seen when the buffer is flushed. Commands flush it before they
/// end, so such a failure is reported instead of lost at exit.
enum StandardOutput {
    /// Writes what is buffered. Throws ``OutputError/writeFailed(path:reason:)`` naming standard
    /// output when any of its text, now or earlier, could not be written, and
    /// ``OutputError/closedPipe(path:)`` when the reader of its pipe went away.
    static func flush() throws {
        let flushFailed = fflush(stdout) != 0
        let code = errno
        guard flushFailed || ferror(stdout) != 0 else { return }
        clearerr(stdout)
        if flushFailed, code == EPIPE { throw OutputError.closedPipe(path: "-") }
        let reason = flushFailed ? String(cString: strerror(code)) : "some of the text could not be written"
        throw OutputError.writeFailed(path: "standard output", reason: reason)
    }
}
