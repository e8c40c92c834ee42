import Foundation

/// A one-line progress display on standard error: rewritten in place on a terminal, a plain line
/// every 10% otherwise (logs, CI).
final class ProgressLine {
    private let label: String
    private let total: Int?
    private let enabled: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let started = Date()
    private var lastDecile = -1
    private var lastDraw = Date.distantPast

    init(label: String, total: Int?, enabled: Bool) {
        self.label = label
        self.total = total.flatMap { $0 > 0 ? $0 : nil }
        self.enabled = enabled
    }

    func update(frame: Int) {
        guard enabled else { return }
        let done = frame + 1
        let elapsed = Date().timeIntervalSince(started)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        if isTerminal {
            guard Date().timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = Date()
            var text = "\r\(label): frame \(done)"
            if let total { text += "/\(total) (\(min(100, done * 100 / total))%)" }
            text += String(format: " %.1f fps", fps)
            if let total, fps > 0 { text += String(format: ", ETA %.0fs", Double(max(0, total - done)) / fps) }
            StandardError.write(text + "\u{1B}[K")
        } else if let total {
            let decile = min(10, done * 10 / total)
            guard decile > lastDecile else { return }
            lastDecile = decile
            StandardError.write("\(label): \(done)/\(total) frames (\(decile * 10)%), \(String(format: "%.1f", fps)) fps\n")
        }
    }

    func finish() {
        if enabled && isTerminal { StandardError.write("\n") }
    }
}
