import Foundation
import Imaging
import VideoIO

/// Decodes frames on a background thread into a small bounded queue, so that decoding the next
/// frames (and converting their colour pictures, when asked) overlaps with tracking and encoding the
/// current one. Memory stays bounded by `capacity` frames however long the clip is.
final class FramePrefetcher: @unchecked Sendable {
    /// A decoded frame, with its colour picture when the prefetcher converts colour.
    struct Decoded {
        let frame: VideoFrame
        /// The frame as trackers take it with its colour picture (``VideoFrame/imageFrame(colour:)``);
        /// nil when the prefetcher does not convert colour.
        let colourImage: ImageFrame?
    }

    private let reader: VideoReader
    private let capacity: Int
    /// The first frame whose colour picture is converted; nil: none.
    private let colourFrom: Int?
    private let condition = NSCondition()
    private var queue: [Decoded] = []
    private var finished = false
    private var failure: Error?
    private var cancelled = false

    /// Starts decoding immediately; with `colourFrom`, the colour picture of each frame from that
    /// index on is converted on the decoding thread too. `reader` must not be used by anyone else
    /// afterwards, and the owner must call ``cancel()`` when done (the decoding thread holds the
    /// prefetcher until then).
    init(reader: VideoReader, capacity: Int = 4, colourFrom: Int? = nil) {
        self.reader = reader
        self.capacity = max(1, capacity)
        self.colourFrom = colourFrom
        let thread = Thread { self.produce() }
        thread.name = "vtrack.decode"
        thread.start()
    }

    /// The next frame in order, `nil` at the end; rethrows a decoding error at the frame where it happened.
    func next() throws -> Decoded? {
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
            var colourImage: ImageFrame?
            if let colourFrom, case .success(let frame?) = result, frame.index >= colourFrom {
                colourImage = frame.imageFrame(colour: true)
            }
            condition.lock()
            switch result {
            case .success(let frame?):
                queue.append(Decoded(frame: frame, colourImage: colourImage))
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
