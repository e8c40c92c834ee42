import Imaging
import TrackFormats

/// What the user says of an object on one frame. A box: keyframe-guided tracking re-seeds the
/// object's trackers exactly there and tracks from it forward and backward. Absent (``isAbsent``):
/// the object is not in view there; the object's passes end on either side of the frame and none
/// starts from it, so no tracker carries a box through it.
public struct Keyframe: Sendable, Equatable {
    /// 0-based decoded frame index.
    public var frame: Int
    /// Pixels, origin at the top-left pixel. For an absent keyframe, the box the file gives, which is
    /// not used (it may be empty or outside the frame): the frame's `lost` record carries the
    /// object's last box, as a lost track's record does, so every format vtrack writes reads back.
    public var box: PixelRect
    /// Where the user gave it, for messages: `--box walker=157,138,22,55@40` or `keys.csv:12`.
    public var origin: String
    /// True when the keyframe says the object is absent on ``frame`` rather than giving its box.
    public var isAbsent: Bool

    public init(frame: Int, box: PixelRect, origin: String, isAbsent: Bool = false) {
        self.frame = frame
        self.box = box
        self.origin = origin
        self.isAbsent = isAbsent
    }
}

/// An object given by its boxes on some frames (at least one), for keyframe-guided tracking.
public struct KeyframedTarget: Sendable, Equatable {
    /// Free text shown in the CSV and on the video; empty when none was given.
    public var label: String
    /// In frame order, one per frame.
    public var keyframes: [Keyframe]

    public init(label: String, keyframes: [Keyframe]) {
        self.label = label
        self.keyframes = keyframes.sorted { $0.frame < $1.frame }
    }

    /// The keyframes with their boxes clipped to a `width` x `height` frame (an absent keyframe's box
    /// is kept as given). Throws ``KeyframeError`` naming the keyframe's origin when a box is empty or
    /// (nearly) outside the frame, or when every keyframe is absent (nothing to track from).
    public func clipped(toWidth width: Int, height: Int) throws -> KeyframedTarget {
        try checkHasABox()
        var clipped = self
        for index in keyframes.indices where !keyframes[index].isAbsent {
            let keyframe = keyframes[index]
            do {
                clipped.keyframes[index].box = try TrackTarget(label: label, box: keyframe.box).clipped(toWidth: width, height: height).box
            } catch let error as BoxSpecError {
                throw KeyframeError(origin: keyframe.origin, reason: error.reason)
            }
        }
        return clipped
    }
}

extension KeyframedTarget {
    /// Throws ``KeyframeError`` naming the first keyframe when every keyframe is absent: the object
    /// has no box to be tracked from.
    func checkHasABox() throws {
        if let first = keyframes.first, keyframes.allSatisfy(\.isAbsent) {
            let name = label.isEmpty ? "this object" : "object '\(label)'"
            throw KeyframeError(origin: first.origin, reason: "\(name) is absent on every keyframe: give its box on at least one frame to track it from")
        }
    }
}

/// A keyframe that cannot be used, naming where it was given (`keys.csv:12`, or the `--box` text).
public struct KeyframeError: Error, CustomStringConvertible, Equatable {
    public var origin: String
    public var reason: String

    public init(origin: String, reason: String) {
        self.origin = origin
        self.reason = reason
    }

    public var description: String { "\(origin): \(reason)" }
}
