import Foundation

/// Diagnostics on standard error (progress, warnings, summaries). When standard error is a pipe
/// whose reader has left (`vtrack track ... --csv - 2>&1 | head`), the text is dropped:
/// `FileHandle.write(_:)` would trap on the failed write, and the command ends by SIGPIPE at its
/// next write to standard output, like any Unix filter.
enum StandardError {
    static func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
