import Foundation

/// Where a running batch stands, for a progress display.
///
///     [#########-----------] 9/20 clips  8 ok  1 failed  0 skipped  412 fps  ETA 1m 05s
public struct BatchProgress: Sendable, Equatable {
    /// Clips in this run (this shard).
    public var total: Int
    public var ok = 0
    public var failed = 0
    public var skipped = 0
    /// Clips being tracked now, with the fraction of their frames done (0...1, an estimate).
    public var running: [String: Double] = [:]
    /// Frames tracked so far over all clips of this run.
    public var framesTracked = 0
    /// Seconds since the run started.
    public var elapsed = 0.0

    public init(total: Int) {
        self.total = total
    }

    /// Clips finished in any way.
    public var finished: Int { ok + failed + skipped }

    /// Frames tracked per second of wall-clock time over the whole run.
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesTracked) / elapsed : 0 }

    /// Seconds until the run ends, extrapolated from the clips tracked so far (skipped clips take no
    /// time and are left out); `nil` until there is something to extrapolate from.
    public var estimatedSecondsRemaining: Double? {
        let partial = running.values.reduce(0) { $0 + min(1, max(0, $1)) }
        let done = Double(ok + failed) + partial
        let remaining = Double(total - finished) - partial
        guard done > 0.05, elapsed > 0 else { return nil }
        return max(0, remaining) * elapsed / done
    }

    /// One line for a terminal: a bar of `barWidth` cells, the counts, the frame rate and the ETA.
    public func line(barWidth: Int = 24) -> String {
        let partial = running.values.reduce(0) { $0 + min(1, max(0, $1)) }
        let fraction = total > 0 ? min(1, (Double(finished) + partial) / Double(total)) : 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: max(0, barWidth - filled))
        var text = "[\(bar)] \(finished)/\(total) clips  \(ok) ok  \(failed) failed  \(skipped) skipped"
        text += String(format: "  %.0f fps", framesPerSecond)
        if finished < total, let eta = estimatedSecondsRemaining { text += "  ETA " + Self.duration(eta) }
        return text
    }

    /// One line for a log when a clip finishes: `[3/20] ok cam1/0001.mp4: 795 frames, 3 tracks, 88.4 frames/s`.
    public func logLine(for result: BatchClipResult) -> String {
        var text = "[\(finished)/\(total)] \(result.status.rawValue) \(result.clip)"
        switch result.status {
        case .ok:
            text += String(format: ": %d frames, %d tracks, %.1f frames/s, mean confidence %.2f",
                           result.frames, result.tracks, result.framesPerSecond, result.meanConfidence)
            if !result.decoderWarnings.isEmpty { text += ", \(result.decoderWarnings.count) decoder warning(s)" }
        case .failed, .skipped:
            text += ": " + result.error
        }
        return text
    }

    /// `45s`, `3m 05s`, `2h 07m`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(min(seconds, 1e9).rounded())
        if s < 60 { return "\(s)s" }
        if s < 3600 { return String(format: "%dm %02ds", s / 60, s % 60) }
        return String(format: "%dh %02dm", s / 3600, (s % 3600) / 60)
    }
}
