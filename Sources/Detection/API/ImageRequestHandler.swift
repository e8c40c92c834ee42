import Imaging

/// Performs requests on one frame (Vision's image request handler).
///
///     try ImageRequestHandler(frame: frame).perform([people, faces])
public struct ImageRequestHandler {
    public let frame: ImageFrame

    public init(frame: ImageFrame) {
        self.frame = frame
    }

    /// Runs each request's detector on its region of interest and stores its results. Throws
    /// ``DetectionError/invalidParameters(_:)`` for a region outside the frame, or the detector's error.
    public func perform(_ requests: [DetectObjectsRequest]) throws {
        for request in requests {
            let roi = request.regionOfInterest
            guard roi.x.isFinite, roi.y.isFinite, roi.width.isFinite, roi.height.isFinite,
                  let region = PixelRect(roi, imageWidth: frame.width, imageHeight: frame.height)
                      .clipped(toWidth: frame.width, height: frame.height) else {
                throw DetectionError.invalidParameters("region of interest \(roi) is outside the frame")
            }
            let left = Int(region.x.rounded(.down)), top = Int(region.y.rounded(.down))
            let right = Int(region.maxX.rounded(.up)), bottom = Int(region.maxY.rounded(.up))
            let whole = left == 0 && top == 0 && right == frame.width && bottom == frame.height
            let searched = whole ? frame : frame.cropped(x: left, y: top, width: right - left, height: bottom - top)
            request.results = try request.detector.detect(in: searched).compactMap { detection in
                let label = detection.label ?? "object"
                guard detection.score >= request.minimumConfidence, request.classes?.contains(label) ?? true else { return nil }
                let box = PixelRect(x: detection.box.x + Double(left), y: detection.box.y + Double(top),
                                    width: detection.box.width, height: detection.box.height)
                return RecognizedObjectObservation(label: label, confidence: detection.score,
                                                   boundingBox: NormalizedRect(box, imageWidth: frame.width, imageHeight: frame.height))
            }
        }
    }
}

extension ImageFrame {
    /// A copy of the rectangle `x, y, width, height` (pixels, top-left origin); requires it to lie in the frame.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> ImageFrame {
        func crop(_ image: Image<UInt8>) -> Image<UInt8> {
            var pixels: [UInt8] = []
            pixels.reserveCapacity(width * height * image.channels)
            for row in y..<(y + height) {
                let start = (row * image.width + x) * image.channels
                pixels += image.pixels[start..<(start + width * image.channels)]
            }
            return Image(width: width, height: height, channels: image.channels, pixels: pixels)
        }
        return ImageFrame(luma: crop(luma), rgb: rgb.map(crop))
    }
}
