import Imaging

/// Something that finds objects in a frame, used to re-seed trackers.
///
///     let detector = try CascadeDetector.named("face")
///     for detection in try detector.detect(in: frame, near: []) where detection.score > 0.5 {
///         print(detection.box)
///     }
public protocol Detector: AnyObject {
    /// Finds objects in `frame`.
    ///
    /// - Parameter hints: boxes (pixels, top-left origin) where the objects were last seen, e.g. the
    ///   tracks' latest boxes. A detector may search around them first and stop there when it finds a
    ///   confident match; with no hints it searches the whole frame.
    /// - Returns: detections sorted by decreasing score, boxes clipped to the frame; empty when
    ///   nothing was found.
    /// - Throws: ``DetectionError`` when the frame cannot be searched (for example an empty frame).
    func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection]
}

extension Detector {
    /// Searches the whole frame (no hints).
    public func detect(in frame: ImageFrame) throws -> [Detection] {
        try detect(in: frame, near: [])
    }
}
