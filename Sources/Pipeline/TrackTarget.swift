import Imaging

/// An object the user asked to track: a box on the start frame and an optional label.
public struct TrackTarget: Sendable, Equatable {
    /// Free text shown in the CSV and on the video; empty when none was given.
    public var label: String
    /// Pixels, origin at the top-left pixel.
    public var box: PixelRect

    public init(label: String = "", box: PixelRect) {
        self.label = label
        self.box = box
    }

    /// Parses `x,y,w,h` or `label=x,y,w,h` (pixels, top-left origin; decimals allowed).
    /// Throws ``BoxSpecError`` when the text is malformed, a value is not a finite number,
    /// or the width or height is not positive.
    public init(parsing spec: String) throws {
        var label = ""
        var numbers = Substring(spec)
        if let equals = spec.firstIndex(of: "=") {
            label = String(spec[..<equals]).trimmingCharacters(in: .whitespaces)
            numbers = spec[spec.index(after: equals)...]
            guard !label.isEmpty else { throw BoxSpecError(spec: spec, reason: "empty label before '='") }
        }
        let parts = numbers.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw BoxSpecError(spec: spec, reason: "expected 4 comma-separated numbers x,y,width,height")
        }
        var values: [Double] = []
        for (name, part) in zip(["x", "y", "width", "height"], parts) {
            guard let v = Double(part.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                throw BoxSpecError(spec: spec, reason: "\(name) '\(part)' is not a number")
            }
            values.append(v)
        }
        guard values[2] > 0, values[3] > 0 else {
            throw BoxSpecError(spec: spec, reason: "width and height must be positive")
        }
        self.init(label: label, box: PixelRect(x: values[0], y: values[1], width: values[2], height: values[3]))
    }

    /// The box clipped to a `width` x `height` frame. Throws ``BoxSpecError`` when less than a pixel of
    /// the box is inside the frame.
    public func clipped(toWidth width: Int, height: Int) throws -> TrackTarget {
        guard let inside = box.clipped(toWidth: width, height: height), inside.width >= 1, inside.height >= 1 else {
            throw BoxSpecError(spec: "\(label.isEmpty ? "" : label + "=")\(box)",
                               reason: "box is outside the \(width)x\(height) frame")
        }
        return TrackTarget(label: label, box: inside)
    }
}

/// A box given on the command line, in a sidecar or in a manifest that cannot be used.
public struct BoxSpecError: Error, CustomStringConvertible, Equatable {
    public let spec: String
    public let reason: String
    public var description: String { "box '\(spec)': \(reason)" }
}
