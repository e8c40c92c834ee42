import Files
import Foundation
import Pages
import TrackFormats

/// Where a batch writes each clip's outputs: the clip's relative path, sanitised, under the output
/// folder, with `.csv`, `.html` (the review page), `.thumb.png` (the index page's thumbnail), `.mp4`,
/// `.mot.txt`, `.jsonl` and `.cvat.xml` (the last three when asked for) and `.done.json` (the
/// completion marker, written last).
///
///     cam1/0001.mp4        -> OUT/cam1/0001.csv, OUT/cam1/0001.html, OUT/cam1/0001.thumb.png,
///                             OUT/cam1/0001.mp4, OUT/cam1/0001.done.json
///                             (OUT/cam1/0001.mot.txt, OUT/cam1/0001.jsonl, OUT/cam1/0001.cvat.xml)
///     my clips/a b (1).mov -> OUT/my_clips/a_b__1_.csv ...
///
/// Sanitising keeps letters, digits, `-` and `_` (and `.` inside file names), replaces any other
/// character with `_`, and drops leading dots, so names never start a hidden file, never climb out
/// of the output folder, and folders never contain a dot (a folder cannot collide with a
/// `name.csv` file). A top-level clip named `summary` or `index` is written as `_summary` or `_index`
/// so its outputs cannot replace the batch summary or the index page (``BatchIndexPage``). When two clips still map to the same name (compared without regard to
/// case), each gets `-` and 8 hex digits of a hash of its relative path appended. The layout depends
/// only on the whole clip list, so every shard computes the same names.
public struct BatchOutputLayout: Sendable {
    public let outputFolder: String
    private let bases: [String: String]

    /// `clips` are the relative paths of the whole batch (all shards).
    public init(outputFolder: String, clips: [String]) {
        self.outputFolder = outputFolder
        let plain = clips.map { ($0, Self.sanitisedBase(of: $0)) }
        var uses: [String: Int] = [:]
        for (_, base) in plain { uses[base.lowercased(), default: 0] += 1 }
        var bases: [String: String] = [:]
        for (clip, base) in plain {
            bases[clip] = uses[base.lowercased(), default: 0] > 1 ? base + "-" + Self.hashHex(clip) : base
        }
        self.bases = bases
    }

    /// Output path without extension, relative to the output folder.
    public func base(for clip: String) -> String {
        bases[clip] ?? Self.sanitisedBase(of: clip) + "-" + Self.hashHex(clip)
    }

    public func csvPath(for clip: String) -> String { path(for: clip, suffix: ".csv") }
    public func videoPath(for clip: String) -> String { path(for: clip, suffix: ".mp4") }
    /// MOTChallenge rows (``MOTChallengeFormat``).
    public func motPath(for clip: String) -> String { path(for: clip, suffix: ".mot.txt") }
    /// One JSON object per frame (``TrackJSONLines``).
    public func jsonLinesPath(for clip: String) -> String { path(for: clip, suffix: ".jsonl") }
    /// CVAT for video 1.1 XML (``CVATVideoXML``).
    public func cvatPath(for clip: String) -> String { path(for: clip, suffix: ".cvat.xml") }
    /// The review page (``ClipReviewPage``).
    public func reviewPagePath(for clip: String) -> String { path(for: clip, suffix: ".html") }
    /// The first frame, annotated and small, for the index page (``ThumbnailSink``).
    public func thumbnailPath(for clip: String) -> String { path(for: clip, suffix: ".thumb.png") }
    /// The completion marker: written after the other outputs, it says the clip is done.
    public func markerPath(for clip: String) -> String { path(for: clip, suffix: ".done.json") }

    /// Output path relative to the output folder, for the summary.
    public func relativeCSV(for clip: String) -> String { base(for: clip) + ".csv" }
    public func relativeVideo(for clip: String) -> String { base(for: clip) + ".mp4" }
    public func relativeMOT(for clip: String) -> String { base(for: clip) + ".mot.txt" }
    public func relativeJSONLines(for clip: String) -> String { base(for: clip) + ".jsonl" }
    public func relativeCVAT(for clip: String) -> String { base(for: clip) + ".cvat.xml" }
    public func relativeReviewPage(for clip: String) -> String { base(for: clip) + ".html" }
    public func relativeThumbnail(for clip: String) -> String { base(for: clip) + ".thumb.png" }

    private func path(for clip: String, suffix: String) -> String {
        FilePath.joining(outputFolder, base(for: clip) + suffix)
    }

    /// The relative path without its extension, each part sanitised.
    static func sanitisedBase(of clip: String) -> String {
        var parts = clip.split(separator: "/").map(String.init)
        let file = parts.popLast().map { FilePath.removingExtension(of: $0) } ?? ""
        var folders = parts.map { sanitised($0, keepDots: false) }
        var name = sanitised(file, keepDots: true)
        if folders.isEmpty && ["summary", "index"].contains(where: { name.lowercased() == $0 || name.lowercased().hasPrefix($0 + ".") }) {
            name = "_" + name
        }
        folders.append(name)
        return folders.joined(separator: "/")
    }

    private static func sanitised(_ part: String, keepDots: Bool) -> String {
        let mapped = String(part.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || (keepDots && $0 == ".") ? $0 : "_" })
        let trimmed = String(mapped.drop(while: { $0 == "." }).reversed().drop(while: { $0 == "." }).reversed())
        return trimmed.isEmpty ? "_" : trimmed
    }

    /// 32-bit FNV-1a of the UTF-8 bytes, as 8 lower-case hex digits: stable across runs and machines.
    static func hashHex(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
