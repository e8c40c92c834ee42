import Foundation
import VideoIO

/// Decodes frames on a background thread into a small bounded queue, so that decoding the next
/// frames overlaps with tracking and encoding the current one. Memory stays bounded by `capacity`
/// frames however long the clip is.
final class FramePrefetcher: @unchecked Sendable {
    private let reader: VideoReader
    private let capacity: Int
    private let condition = NSCondition()
    private var queue: [VideoFrame] = []
    private var finished = false
    private var failure: Error?
    private var cancelled = false

    /// Starts decoding immediately. `reader` must not be used by anyone else afterwards, and the
    /// owner must call ``cancel()`` when done (the decoding thread holds the prefetcher until then).
    init(reader: VideoReader, capacity: Int = 4) {
        self.reader = reader
        self.capacity = max(1, capacity)
        let thread = Thread { self.produce() }
        thread.name = "vtrack.decode"
        thread.start()
    }

    /// The next frame in order, `nil` at the end; rethrows a decoding error at the frame where it happened.
    func next() throws -> VideoFrame? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !finished {
            condition.wait()
        }
        if !queue.isEmpty {
            let frame = queue.removeFirst()
            condition.broadcast()
            return frame
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the decoding thread and waits until it has let go of the reader.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func produce() {
        while true {
            condition.lock()
            while queue.count >= capacity && !cancelled { condition.wait() }
            if cancelled {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            let result = Result { try reader.nextFrame() }
            condition.lock()
            switch result {
            case .success(let frame?):
                queue.append(frame)
            case .success(nil):
                finished = true
            case .failure(let error):
                failure = error
                finished = true
            }
            condition.broadcast()
            let done = finished
            condition.unlock()
            if done { return }
        }
    }
}
