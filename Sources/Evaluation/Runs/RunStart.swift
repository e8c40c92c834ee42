import Foundation
import Imaging

/// Where and how one run of the tracker starts: a frame and a box on it. A run then tracks
/// unaided to the end of the sequence and is scored from its start frame on.
///
///     let shifted = RunStart.spatial(box: PixelRect(x: 100, y: 50, width: 40, height: 20),
///                                    frameWidth: 640, frameHeight: 360)
///     print(shifted[0].name, shifted[0].box)   // shift-left 96,50,40,20
public struct RunStart: Sendable, Equatable, Codable {
    /// Names the run and its CSV: `ope`, `shift-left`, `scale-0.8`, `start-0123`, ...
    public var name: String
    /// 0-based frame the tracker starts on (ground-truth line `frame + 1`).
    public var frame: Int
    /// The start box, pixels, origin at the top-left pixel.
    public var box: PixelRect

    public init(name: String, frame: Int, box: PixelRect) {
        self.name = name
        self.frame = frame
        self.box = box
    }

    /// The scale factors of the spatial robustness protocol, about the box centre.
    public static let spatialScales = [0.8, 0.9, 1.1, 1.2]
    /// Shift of the spatial robustness protocol, as a fraction of the box width (x) and height (y).
    public static let spatialShiftFraction = 0.1
    /// The directions of the spatial robustness protocol's shifts, in its order (y grows downwards).
    public static let spatialShiftDirections = ["left", "right", "up", "down", "up-left", "up-right", "down-left", "down-right"]
    /// The names of the spatial robustness protocol's 12 starts, in its order (`shift-left`, ..., `scale-1.2`).
    public static let spatialNames = spatialShiftDirections.map { "shift-" + $0 } + spatialScales.map { "scale-\($0)" }
    /// Number of start frames of the temporal robustness protocol.
    public static let temporalSegments = 20

    /// The 12 starts of the spatial robustness protocol (SRE), all on frame 0, in this order:
    /// `box` shifted by 10% of its width (dx) and/or height (dy) to the left, right, up, down,
    /// up-left, up-right, down-left, down-right (`shift-<direction>`, y grows downwards), then `box`
    /// scaled about its centre by 0.8, 0.9, 1.1 and 1.2 (`scale-<factor>`). Each box is clipped to
    /// the `frameWidth` x `frameHeight` frame (pixels); a box with nothing inside the frame is left out.
    public static func spatial(box: PixelRect, frameWidth: Int, frameHeight: Int) -> [RunStart] {
        let dx = spatialShiftFraction * box.width, dy = spatialShiftFraction * box.height
        let offsets: [(Double, Double)] = [(-dx, 0), (dx, 0), (0, -dy), (0, dy), (-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy)]
        var candidates = zip(spatialShiftDirections, offsets).map { name, offset in
            ("shift-" + name, PixelRect(x: box.x + offset.0, y: box.y + offset.1, width: box.width, height: box.height))
        }
        candidates += spatialScales.map { factor in
            ("scale-\(factor)", box.resized(width: box.width * factor, height: box.height * factor))
        }
        return candidates.compactMap { name, candidate in
            candidate.clipped(toWidth: frameWidth, height: frameHeight).map { RunStart(name: name, frame: 0, box: $0) }
        }
    }

    /// The starts of the temporal robustness protocol (TRE) on a sequence of `N = groundTruth.count`
    /// frames: frames `round(k * N / 20)` for k = 0...19 (halves round up), each moved forward to
    /// the first frame at or after it whose ground-truth box is valid (finite, width and height > 0);
    /// starts with no valid frame left, and repeats, are dropped. Each start's box is that frame's
    /// ground-truth box (not clipped) and its name is `start-` and the frame, 4 digits (`start-0123`).
    public static func temporal(groundTruth: [PixelRect]) -> [RunStart] {
        let n = groundTruth.count
        var starts: [RunStart] = []
        for k in 0..<temporalSegments {
            var frame = Int((Double(k * n) / Double(temporalSegments)).rounded(.toNearestOrAwayFromZero))
            while frame < n && !groundTruth[frame].isValid { frame += 1 }
            guard frame < n, starts.last.map({ $0.frame < frame }) ?? true else { continue }
            starts.append(RunStart(name: String(format: "start-%04d", frame), frame: frame, box: groundTruth[frame]))
        }
        return starts
    }
}
