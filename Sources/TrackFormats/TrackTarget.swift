import Imaging

/// An object the user asked to track: a box, or the four corners of a planar object, on the start
/// frame, and an optional label.
public struct TrackTarget: Sendable, Equatable {
    /// Free text shown in the CSV and on the video; empty when none was given.
    public var label: String
    /// Pixels, origin at the top-left pixel; for a planar object, its corners' bounding box.
    public var box: PixelRect
    /// The corners of a planar object tracked in perspective (pixels, top-left origin, clockwise
    /// from the top left); nil for a box.
    public var corners: Quadrilateral?

    public init(label: String = "", box: PixelRect) {
        self.label = label
        self.box = box
        corners = nil
    }

    /// A planar object with these corners (pixels, top-left origin, clockwise from the top left).
    public init(label: String = "", corners: Quadrilateral) {
        self.label = label
        self.box = corners.boundingBox
        self.corners = corners
    }

    /// Parses `x1,y1,x2,y2,x3,y3,x4,y4` or `label=x1,...,y4`: the corners of a planar object in
    /// pixels (top-left origin), clockwise from the top-left corner. Throws ``BoxSpecError`` when the
    /// text is malformed, a value is not a finite number, or the corners are not a convex
    /// quadrilateral given clockwise.
    public init(parsingCorners spec: String) throws {
        let (label, values) = try Self.labelledNumbers(spec, names: TrackCSV.cornerColumns,
                                                       shape: "8 comma-separated numbers x1,y1,...,x4,y4")
        guard let quad = Quadrilateral(coordinates: values), quad.isConvexClockwise else {
            throw BoxSpecError(spec: spec, reason: "the corners must make a convex quadrilateral, clockwise from the top left")
        }
        self.init(label: label, corners: quad)
    }

    /// Parses `x,y,w,h` or `label=x,y,w,h` (pixels, top-left origin; decimals allowed).
    /// Throws ``BoxSpecError`` when the text is malformed, a value is not a finite number,
    /// or the width or height is not positive.
    public init(parsing spec: String) throws {
        let (label, values) = try Self.labelledNumbers(spec, names: ["x", "y", "width", "height"],
                                                       shape: "4 comma-separated numbers x,y,width,height")
        guard values[2] > 0, values[3] > 0 else {
            throw BoxSpecError(spec: spec, reason: "width and height must be positive")
        }
        self.init(label: label, box: PixelRect(x: values[0], y: values[1], width: values[2], height: values[3]))
    }

    /// Splits `[label=]n1,n2,...` into the label and one finite number per name.
    private static func labelledNumbers(_ spec: String, names: [String], shape: String) throws -> (String, [Double]) {
        var label = ""
        var numbers = Substring(spec)
        if let equals = spec.firstIndex(of: "=") {
            label = String(spec[..<equals]).trimmingCharacters(in: .whitespaces)
            numbers = spec[spec.index(after: equals)...]
            guard !label.isEmpty else { throw BoxSpecError(spec: spec, reason: "empty label before '='") }
        }
        let parts = numbers.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == names.count else { throw BoxSpecError(spec: spec, reason: "expected \(shape)") }
        var values: [Double] = []
        for (name, part) in zip(names, parts) {
            guard let v = Double(part.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                throw BoxSpecError(spec: spec, reason: "\(name) '\(part)' is not a number")
            }
            values.append(v)
        }
        return (label, values)
    }

    /// The box clipped to a `width` x `height` frame. Throws ``BoxSpecError`` saying which: the box is
    /// smaller than a pixel, outside the frame, or less than a pixel of it is inside; or a planar
    /// object's corners are not all inside the frame (they are not clipped: that would change the
    /// object's shape).
    public func clipped(toWidth width: Int, height: Int) throws -> TrackTarget {
        if let corners {
            guard corners.corners.allSatisfy({ (0...Double(width)).contains($0.x) && (0...Double(height)).contains($0.y) }) else {
                throw BoxSpecError(spec: "\(label.isEmpty ? "" : label + "=")\(corners)",
                                   reason: "corners are not all inside the \(width)x\(height) frame")
            }
            return self
        }
        let spec = "\(label.isEmpty ? "" : label + "=")\(box)"
        guard box.width >= 1, box.height >= 1 else {
            throw BoxSpecError(spec: spec, reason: "box is smaller than a pixel (\(box.width)x\(box.height)); a box needs at least 1x1 pixels")
        }
        guard let inside = box.clipped(toWidth: width, height: height) else {
            throw BoxSpecError(spec: spec, reason: "box is outside the \(width)x\(height) frame")
        }
        guard inside.width >= 1, inside.height >= 1 else {
            throw BoxSpecError(spec: spec, reason: "less than a pixel of the box is inside the \(width)x\(height) frame")
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
