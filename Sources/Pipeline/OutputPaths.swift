import Foundation
import VideoIO

/// Where the outputs of one clip go, resolved from the command-line options.
///
/// With only an output folder, the CSV and the MP4 are named after the clip (`clip.csv`,
/// `clip.mp4`); with nothing at all, the folder is `vtrack-out`. The MOTChallenge and JSON Lines files
/// are written only when their paths are given. Outputs never replace the input, and no two outputs
/// share a file.
public struct OutputPaths: Sendable, Equatable {
    public var csv: String?
    public var video: String?
    /// The MOTChallenge results file (``MOTChallengeFormat``).
    public var mot: String?
    /// The JSON Lines file, one object per frame (``TrackJSONLines``).
    public var jsonLines: String?

    /// Throws ``OutputError/wouldOverwriteInput(path:)`` when an output is the clip itself and
    /// ``OutputError/sameFileForTwoOutputs(path:first:second:)`` when two outputs are the same file.
    public init(clip: String, out: String?, csv: String?, video: String?, mot: String? = nil, jsonLines: String? = nil) throws {
        let stem = Self.safeStem(of: clip)
        let out = (out == nil && csv == nil && video == nil && mot == nil && jsonLines == nil) ? "vtrack-out" : out
        if let out {
            self.csv = csv ?? (out as NSString).appendingPathComponent(stem + ".csv")
            self.video = video ?? (out as NSString).appendingPathComponent(stem + ".mp4")
        } else {
            self.csv = csv
            self.video = video
        }
        self.mot = mot
        self.jsonLines = jsonLines
        let named = self.named
        for (index, output) in named.enumerated() {
            if Self.sameFile(output.path, clip) { throw OutputError.wouldOverwriteInput(path: output.path) }
            if let earlier = named[..<index].first(where: { Self.sameFile($0.path, output.path) }) {
                throw OutputError.sameFileForTwoOutputs(path: output.path, first: earlier.kind, second: output.kind)
            }
        }
    }

    /// The outputs that exist after a complete run, in the order their sinks are made.
    public var written: [String] { named.map(\.path) }

    /// The outputs to write with the name of their kind, for errors.
    private var named: [(kind: String, path: String)] {
        [("CSV", csv), ("MOT", mot), ("JSON Lines", jsonLines), ("video", video)].compactMap { kind, path in path.map { (kind, $0) } }
    }

    /// Creates the folders and the sinks: the text files first (CSV, MOTChallenge, JSON Lines), then
    /// the annotated video with the clip's audio.
    public func makeSinks(clip: String, info: VideoInfo) throws -> [TrackSink] {
        var sinks: [TrackSink] = []
        for path in written {
            let folder = FilePath.folder(of: path)
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw OutputError.cannotCreate(path: path)
                }
            }
        }
        if let csv { sinks.append(try CSVTrackSink(path: csv)) }
        if let mot { sinks.append(try MOTChallengeTrackSink(path: mot)) }
        if let jsonLines { sinks.append(try JSONLinesTrackSink(path: jsonLines)) }
        if let video { sinks.append(try AnnotatedVideoSink(path: video, info: info, audioSourcePath: clip)) }
        return sinks
    }

    /// The clip's file name without extension, reduced to characters safe in a file name.
    public static func safeStem(of clip: String) -> String {
        let name = ((clip as NSString).lastPathComponent as NSString).deletingPathExtension
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return safe.isEmpty ? "clip" : safe
    }

    /// True when both paths name the same existing file (or are the same path).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        let ua = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
        let ub = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
        if ua.path == ub.path { return true }
        var sa = stat(), sb = stat()
        guard stat(ua.path, &sa) == 0, stat(ub.path, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
