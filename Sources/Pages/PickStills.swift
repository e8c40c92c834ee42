import VideoIO

/// The stills a pick page shows: the frame asked for and frames spaced evenly through the clip,
/// each a full-resolution PNG of the upright picture (the pixels `--box` counts in), decoded in
/// one pass that stops after the last one needed.
///
///     let stills = PickStills(chosen: 40, count: 8, frameCount: reader.info.frameCount)
///     let written = try stills.write(from: reader, into: try StillFolder(path: "page.stills"))
public struct PickStills: Sendable, Equatable {
    /// The frame asked for, 0-based.
    public var chosen: Int
    /// Every frame to write, in order: ``chosen`` and `count` frames spaced evenly from frame 0.
    public var frames: [Int]

    /// `frameCount`: the clip's frames as its container states them (nil: unknown, only `chosen`).
    public init(chosen: Int, count: Int, frameCount: Int?) {
        self.chosen = chosen
        var frames: Set<Int> = [chosen]
        if let frameCount, frameCount > 0, count > 0 {
            let step = Double(frameCount) / Double(count)
            for index in 0..<count { frames.insert(min(frameCount - 1, Int((Double(index) * step).rounded(.down)))) }
        }
        self.frames = frames.sorted()
    }

    /// Decodes `reader` from its first frame and writes each of ``frames`` into `folder`, to be
    /// committed with the page. Returns the frames written: fewer than ``frames`` when the clip ends
    /// early (a container's frame count is an estimate; the reader's warnings then say so). Throws
    /// ``PickError/frameAfterEnd(path:frame:frames:)`` with the frames the clip decodes to when it
    /// ends before ``chosen``; `VideoError` for a clip that cannot be decoded.
    public func write(from reader: VideoReader, into folder: StillFolder) throws -> [Int] {
        var written: [Int] = []
        for frame in frames {
            guard reader.skip(to: frame), let decoded = try reader.nextFrame() else { break }
            try folder.write(decoded.rgb(), frame: frame)
            written.append(frame)
        }
        guard written.contains(chosen) else {
            throw PickError.frameAfterEnd(path: reader.info.path, frame: chosen, frames: reader.framesDecoded)
        }
        return written
    }
}
