import Foundation
import Imaging

/// The boxes to track in one clip of a batch, from a sidecar file or a manifest.
public struct ClipBoxes: Sendable, Equatable {
    /// At least one box, pixels with the origin at the top-left pixel, in file order.
    public var targets: [TrackTarget]
    /// The 0-based frame the boxes are on, when the file gave one; `nil` means the batch's start frame.
    public var startFrame: Int?
    /// The file the boxes came from, for messages.
    public var source: String

    public init(targets: [TrackTarget], startFrame: Int?, source: String) {
        self.targets = targets
        self.startFrame = startFrame
        self.source = source
    }

    /// Gathers rows of one clip. Throws ``BoxFileError`` when there are no rows or when rows name
    /// different frames (tracking starts on one frame per clip).
    package init(rows: [BoxRow], source: String) throws {
        guard !rows.isEmpty else { throw BoxFileError(path: source, location: "", reason: "no boxes") }
        let frames = Set(rows.compactMap(\.frame)).sorted()
        guard frames.count <= 1 else {
            throw BoxFileError(path: source, location: "",
                               reason: "boxes on different frames (\(frames.map(String.init).joined(separator: ", "))); all boxes of a clip must be on its start frame")
        }
        self.init(targets: rows.map(\.target), startFrame: frames.first, source: source)
    }
}

/// The four numbers of a box as read, before they are checked.
struct PixelRectValues {
    let x, y, width, height: Double
}

/// One checked row of a sidecar or manifest.
package struct BoxRow {
    package let frame: Int?
    package let target: TrackTarget

    /// Requires finite numbers (the callers check) and a positive width and height; a box partly
    /// outside the frame is accepted here and clipped when the clip is opened.
    init(frame: Int?, label: String, values: PixelRectValues, path: String, location: String) throws {
        guard values.width > 0, values.height > 0 else {
            throw BoxFileError(path: path, location: location,
                               reason: "width and height must be positive (got \(formatPixels(values.width))x\(formatPixels(values.height)))")
        }
        self.frame = frame
        target = TrackTarget(label: label.trimmingCharacters(in: .whitespaces),
                             box: PixelRect(x: values.x, y: values.y, width: values.width, height: values.height))
    }
}
