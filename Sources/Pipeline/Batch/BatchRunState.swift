import Foundation

/// The shared bookkeeping of the worker threads.
final class BatchRunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var progress: BatchProgress
    private let started = Date()
    private var lastProgress = Date.distantPast
    private(set) var results: [BatchClipResult?]

    init(total: Int) {
        progress = BatchProgress(total: total)
        results = Array(repeating: nil, count: total)
    }

    func nextClip(_ clips: [String]) -> (Int, String)? {
        lock.lock()
        defer { lock.unlock() }
        guard next < clips.count else { return nil }
        next += 1
        progress.running[clips[next - 1]] = 0
        return (next - 1, clips[next - 1])
    }

    func update(clip: String, fraction: Double, frames: Int, progress callback: ((BatchProgress) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        progress.running[clip] = fraction
        progress.framesTracked += frames
        progress.elapsed = Date().timeIntervalSince(started)
        guard let callback, Date().timeIntervalSince(lastProgress) >= 0.2 else { return }
        lastProgress = Date()
        callback(progress)
    }

    func finish(position: Int, clip: String, result: BatchClipResult, clipFinished: ((BatchClipResult, BatchProgress) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        results[position] = result
        progress.running[clip] = nil
        switch result.status {
        case .ok: progress.ok += 1
        case .failed: progress.failed += 1
        case .skipped: progress.skipped += 1
        }
        progress.elapsed = Date().timeIntervalSince(started)
        clipFinished?(result, progress)
    }
}
