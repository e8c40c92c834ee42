import Files
import Foundation
import Imaging
import VideoIO

/// The folder of PNG stills beside a page (``PageLink/stillsFolder(forPage:)``), which appears
/// whole and together with its page. The stills are written into a hidden temporary folder beside
/// it, of this run alone, made when the folder is opened (so a folder that cannot be made is
/// reported before any work). ``commit(page:)`` publishes both: the page is written whole under
/// its temporary name first, then the folder replaces the previous one of that name (whose stills
/// go with it, so the folder holds this page's stills only), then the page gets its name; when
/// that fails, the previous folder is put back. Released without `commit(page:)` (a failed run),
/// it deletes the temporary folder; an interruption deletes it too (``TemporaryOutputs``).
///
///     let stills = try StillFolder(path: "out/clip.stills")
///     let name = try stills.write(picture, frame: 12)   // "frame-000012.png"
///     let page = try TextOutputFile(path: "out/clip.html")
///     page.append(html)
///     try stills.commit(page: page)
public final class StillFolder {
    /// The folder, as given.
    public let path: String
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    /// The hidden folder the stills are written into until ``commit(page:)``.
    private let temporaryPath: String
    private var stillCount = 0
    private var committed = false

    /// Makes the temporary folder beside `path` (and the folders above it when missing). Throws
    /// ``OutputError`` naming `path` when it cannot.
    public init(path: String) throws {
        self.path = path
        temporaryPath = TemporaryOutputs.partialPath(for: path)
        try FilePath.createFolder(forOutput: path)
        TemporaryOutputs.register(temporaryPath)
        guard mkdir(temporaryPath, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryOutputs.unregister(temporaryPath)
            throw OutputError.cannotCreate(path: path, reason: "cannot create the folder \(temporaryPath): \(reason)")
        }
    }

    deinit {
        guard !committed else { return }
        Self.remove(temporaryPath)
    }

    /// Writes `image` (RGB, the upright picture) as the still of `frame`; returns its file name in
    /// the folder (``PageLink/stillName(frame:)``). Throws ``OutputError`` naming the still, or
    /// ``VideoError`` when libavcodec cannot encode it.
    @discardableResult
    public func write(_ image: Image<UInt8>, frame: Int) throws -> String {
        let name = PageLink.stillName(frame: frame)
        let final = FilePath.joining(path, name)
        let bytes = try PNGEncoder.bytes(of: image, for: final)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: FilePath.joining(temporaryPath, name)))
        } catch {
            throw OutputError.writeFailed(path: final, reason: (error as NSError).localizedDescription)
        }
        stillCount += 1
        bytesWritten += bytes.count
        return name
    }

    /// Deletes the still of `frame` written by ``write(_:frame:)`` (one the page does not use after all).
    public func discard(frame: Int) {
        let name = PageLink.stillName(frame: frame)
        let file = FilePath.joining(temporaryPath, name)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int else { return }
        try? FileManager.default.removeItem(atPath: file)
        stillCount -= 1
        bytesWritten -= size
    }

    /// Publishes `page` (its text written into it, completed here if not yet) with the stills (none:
    /// no folder, and the previous one is removed). Throws ``OutputError`` naming the file that
    /// cannot be written or renamed; nothing of this run is then under a final name, and the
    /// previous folder is back.
    public func commit(page: TextOutputFile) throws {
        try page.complete()
        var previous: String?
        if Self.exists(path) {
            let aside = TemporaryOutputs.partialPath(for: path)
            guard rename(path, aside) == 0 else {
                throw OutputError.writeFailed(path: path, reason: "cannot move the previous folder aside: " + String(cString: strerror(errno)))
            }
            previous = aside
        }
        func restorePrevious() {
            if let previous { rename(previous, path) }
        }
        if stillCount > 0 {
            guard rename(temporaryPath, path) == 0 else {
                let reason = String(cString: strerror(errno))
                restorePrevious()
                throw OutputError.writeFailed(path: path, reason: reason)
            }
        }
        do {
            try page.commit()
        } catch {
            if stillCount > 0 { rename(path, temporaryPath) }
            restorePrevious()
            throw error
        }
        committed = true
        Self.remove(temporaryPath)
        if let previous { Self.remove(previous) }
    }

    /// Whether anything (a folder, a link) is at `path`.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Deletes the folder (or link) at `path` with what is in it, and forgets it as temporary.
    private static func remove(_ path: String) {
        if exists(path) { try? FileManager.default.removeItem(atPath: path) }
        TemporaryOutputs.unregister(path)
    }
}
