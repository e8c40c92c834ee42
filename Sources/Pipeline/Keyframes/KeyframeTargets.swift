import Foundation
import Imaging
import TrackFormats

/// Makes the objects of a keyframe-guided run from `--box` texts and a keyframes file.
///
///     let targets = try KeyframeTargets.make(boxes: ["walker=157,138,22,55@0", "walker=240,120,24,52@80"],
///                                            file: nil)
///
/// A `--box` text is `[label=]x,y,width,height[@FRAME]` (pixels, origin at the top-left pixel;
/// `FRAME` 0-based, `startFrame` when left out). Without a file, boxes with the same label are one
/// object's keyframes and a box without a label is an object of its own. A keyframes file (a vtrack
/// CSV, a MOTChallenge file or CVAT for video XML) gives one object per track id, its label the
/// file's; its keyframes are the rows marked `keyframe` (the CSV's `source` column, CVAT's
/// `keyframe="1"`), or every row when none is marked. A marked row where the object is `lost` (CVAT:
/// outside) is an absent keyframe (``Keyframe/isAbsent``): the user's call that the object is not in
/// view there. In a file with no marked row, `lost` and outside rows are a tracker's verdict and are
/// left out. With a file, a labelled `--box` adds a keyframe to the file's object of that label.
public enum KeyframeTargets {
    /// Whether `spec` names its frame (`...@FRAME`): the run is keyframe-guided.
    public static func namesFrame(_ spec: String) -> Bool {
        spec.contains("@")
    }

    /// The objects, in the file's track order, then the `--box` objects in the order given. Throws
    /// ``KeyframeError`` naming the keyframe's origin for a malformed text, an empty box, a label no
    /// object of the file has (or several have), two keyframes of one object on one frame, or an
    /// object whose keyframes are all absent (nothing to track from); the file's own errors
    /// (``TrackCSVError``, ``MOTChallengeError``, ``CVATXMLError``) name its line.
    public static func make(boxes: [String], file: String?, startFrame: Int = 0) throws -> [KeyframedTarget] {
        var objects: [(label: String, keyframes: [Keyframe])] = try file.map(read) ?? []
        let fromFile = objects.count
        for spec in boxes {
            let (target, frame) = try parse(spec, startFrame: startFrame)
            let keyframe = Keyframe(frame: frame, box: target.box, origin: "--box \(spec)")
            if let file {
                guard !target.label.isEmpty else {
                    objects.append((target.label, [keyframe]))
                    continue
                }
                let matching = objects[..<fromFile].indices.filter { objects[$0].label == target.label }
                guard let index = matching.first else {
                    throw KeyframeError(origin: keyframe.origin, reason: "no object in \(file) is labelled '\(target.label)'")
                }
                guard matching.count == 1 else {
                    throw KeyframeError(origin: keyframe.origin,
                                        reason: "\(matching.count) objects in \(file) are labelled '\(target.label)'; give each its own label")
                }
                objects[index].keyframes.append(keyframe)
            } else if !target.label.isEmpty, let index = objects.firstIndex(where: { $0.label == target.label }) {
                objects[index].keyframes.append(keyframe)
            } else {
                objects.append((target.label, [keyframe]))
            }
        }
        return try objects.map { label, keyframes in
            let target = KeyframedTarget(label: label, keyframes: keyframes)
            for (earlier, later) in zip(target.keyframes, target.keyframes.dropFirst()) where earlier.frame == later.frame {
                throw KeyframeError(origin: later.origin, reason: "a second keyframe of this object on frame \(later.frame) (the first: \(earlier.origin))")
            }
            try target.checkHasABox()
            return target
        }
    }

    /// `[label=]x,y,width,height[@FRAME]` as a box target and its frame (`startFrame` without `@`).
    static func parse(_ spec: String, startFrame: Int) throws -> (TrackTarget, Int) {
        guard let at = spec.lastIndex(of: "@") else { return (try TrackTarget(parsing: spec), startFrame) }
        let frameText = spec[spec.index(after: at)...].trimmingCharacters(in: .whitespaces)
        guard let frame = Int(frameText), frame >= 0 else {
            throw KeyframeError(origin: "--box \(spec)", reason: "frame '\(frameText)' after '@' is not a whole number of 0 or more")
        }
        do {
            return (try TrackTarget(parsing: String(spec[..<at])), frame)
        } catch let error as BoxSpecError {
            throw KeyframeError(origin: "--box \(spec)", reason: error.reason)
        }
    }

    /// The file's objects, by track id.
    private static func read(_ path: String) throws -> [(label: String, keyframes: [Keyframe])] {
        let rows = try TrackFileFormat.readLines(path: path)
        let marked = rows.contains { $0.record.source == .keyframe }
        var objects: [Int: (label: String, keyframes: [Keyframe])] = [:]
        for (line, record) in rows where marked ? record.source == .keyframe : record.state != .lost {
            let origin = "\(path):\(line)"
            let absent = record.state == .lost
            guard absent || (record.box.width > 0 && record.box.height > 0) else {
                throw KeyframeError(origin: origin, reason: "empty box (\(record.box.width)x\(record.box.height)) on frame \(record.frame)")
            }
            objects[record.trackID, default: (record.label, [])].keyframes.append(
                Keyframe(frame: record.frame, box: record.box, origin: origin, isAbsent: absent))
        }
        guard !objects.isEmpty else {
            throw KeyframeError(origin: path, reason: "no keyframes: no box of an object in view")
        }
        return objects.keys.sorted().compactMap { objects[$0] }
    }
}
