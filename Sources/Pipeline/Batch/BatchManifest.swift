import Foundation
import TrackFormats

/// One CSV that gives the boxes of every clip of a batch, instead of sidecar files.
///
///     clip,frame,label,x,y,width,height
///     cam1/0001.mp4,0,walker,157,138,22,55
///     cam1/0001.mp4,0,,401,149,27,52
///     cam2/a.mkv,12,car,10,20,64,40
///
/// `clip` is the path relative to the batch folder (`/`-separated, a leading `./` is ignored);
/// `frame` and `label` are optional. Boxes are pixels, origin at the top-left pixel. A bad row makes
/// only its clip fail (the error names the manifest and the line); the other clips are unaffected.
public struct BatchManifest: Sendable {
    public let path: String
    private let entries: [String: Result<ClipBoxes, BoxFileError>]

    /// Reads and parses the manifest at `path`. Throws ``BoxFileError`` when the file cannot be
    /// read, has no header with the columns `clip`, `x`, `y`, `width`, `height`, or has a row with an
    /// empty `clip`.
    public init(path: String) throws {
        try self.init(parsing: try BoxSidecar.text(at: path), path: path)
    }

    /// Parses manifest text; `path` names it in errors.
    public init(parsing text: String, path: String) throws {
        self.path = path
        let table = try BoxTable(text: text, path: path, required: ["clip", "x", "y", "width", "height"])
        var rows: [String: [BoxRow]] = [:]
        var failures: [String: BoxFileError] = [:]
        for row in table.rows {
            guard let raw = table.value("clip", in: row), !raw.isEmpty else {
                throw BoxFileError(path: path, location: "line \(row.line)", reason: "clip is empty")
            }
            let clip = Self.normalised(raw)
            guard failures[clip] == nil else { continue }
            if clip.hasPrefix("/") || clip.split(separator: "/").contains("..") {
                failures[clip] = BoxFileError(path: path, location: "line \(row.line)",
                                              reason: "clip '\(raw)' must be a path inside the batch folder, relative to it")
                continue
            }
            do {
                rows[clip, default: []].append(try table.boxRow(row))
            } catch let error as BoxFileError {
                failures[clip] = error
            }
        }
        var entries: [String: Result<ClipBoxes, BoxFileError>] = failures.mapValues { .failure($0) }
        for (clip, clipRows) in rows where failures[clip] == nil {
            entries[clip] = Result { try ClipBoxes(rows: clipRows, source: "\(path) (\(clip))") }
                .mapError { $0 as? BoxFileError ?? BoxFileError(path: path, location: "", reason: "\($0)") }
        }
        self.entries = entries
    }

    /// The clips the manifest names, normalised, sorted by their UTF-8 bytes.
    public var clips: [String] { entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    /// The boxes for a clip (relative path as ``ClipFinder`` gives it), the error of its first bad
    /// row, or `nil` when the manifest does not name it.
    public func boxes(for clip: String) -> Result<ClipBoxes, BoxFileError>? {
        entries[clip]
    }

    /// `./a//b.mp4` -> `a/b.mp4`; the leading `/` of an absolute path is kept so it can be refused.
    static func normalised(_ clip: String) -> String {
        let parts = clip.split(separator: "/").filter { $0 != "." }
        return (clip.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
