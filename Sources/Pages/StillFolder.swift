import Files
import Foundation
import Imaging
import VideoIO

/// The folder of PNG stills beside a page (``PageLink/stillsFolder(forPage:)``). Each still is
/// written at once under a hidden temporary name and gets its own name only at ``commit()``, just
/// before the page is written, so that the stills appear complete and together with their page.
/// Released without `commit()` (a failed run), it deletes what it wrote, and the folder when it made
/// it; an interruption deletes the temporary files (``TemporaryOutputs``).
///
///     let stills = StillFolder(path: "out/clip.stills")
///     let name = try stills.write(picture, frame: 12)   // "frame-000012.png"
///     try stills.commit()
public final class StillFolder {
    /// The folder, as given.
    public let path: String
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    private var pending: [(partial: String, final: String)] = []
    private var madeFolder = false
    private var committed = false

    public init(path: String) {
        self.path = path
    }

    deinit {
        guard !committed else { return }
        for file in pending {
            unlink(file.partial)
            TemporaryOutputs.unregister(file.partial)
        }
        if madeFolder { rmdir(path) }
    }

    /// Writes `image` (RGB, the upright picture) as the still of `frame`; returns its file name in
    /// the folder (``PageLink/stillName(frame:)``). Throws ``OutputError`` naming the still, or
    /// ``VideoError`` when libavcodec cannot encode it.
    @discardableResult
    public func write(_ image: Image<UInt8>, frame: Int) throws -> String {
        let name = PageLink.stillName(frame: frame)
        let final = FilePath.joining(path, name)
        if !madeFolder, !FileManager.default.fileExists(atPath: path) {
            try FilePath.createFolder(path, for: final)
            madeFolder = true
        }
        let bytes = try PNGEncoder.bytes(of: image, for: final)
        let partial = TemporaryOutputs.partialPath(for: final)
        TemporaryOutputs.register(partial)
        pending.append((partial, final))
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: partial))
        } catch {
            throw OutputError.cannotCreate(path: final, reason: (error as NSError).localizedDescription)
        }
        bytesWritten += bytes.count
        return name
    }

    /// Gives every still written its name (replacing a still of an earlier run there).
    public func commit() throws {
        for file in pending {
            guard rename(file.partial, file.final) == 0 else {
                throw OutputError.writeFailed(path: file.final, reason: String(cString: strerror(errno)))
            }
            TemporaryOutputs.unregister(file.partial)
        }
        committed = true
    }
}
