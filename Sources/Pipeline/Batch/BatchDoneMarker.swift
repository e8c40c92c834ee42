import Files
import Foundation

/// The file that says a clip of a batch is complete: written atomically after all its outputs were
/// renamed into place, so its presence means they are whole. It keeps the clip's summary line, a
/// description of the inputs (boxes, options, clip size and time) and the size of every output,
/// so a re-run skips the clip only when nothing it depends on changed and its outputs are still
/// the files it vouched for.
struct BatchDoneMarker: Codable, Equatable {
    /// Boxes, options and the clip's size and modification time, as text.
    var inputs: String
    var result: BatchClipResult
    /// Size in bytes of each output, by file name.
    var outputSizes: [String: Int64]

    /// Records the sizes of `outputs`, which are complete.
    init(inputs: String, result: BatchClipResult, outputs: [String]) {
        self.inputs = inputs
        self.result = result
        outputSizes = Dictionary(outputs.map { (FilePath.name(of: $0), Self.size($0) ?? -1) }, uniquingKeysWith: { first, _ in first })
    }

    /// True when every one of `outputs` exists with the size recorded for it.
    func vouchesFor(_ outputs: [String]) -> Bool {
        outputs.allSatisfy { path in Self.size(path).map { outputSizes[FilePath.name(of: path)] == $0 } ?? false }
    }

    private static func size(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// The marker at `path`, or `nil` when there is none or it cannot be decoded (the clip then runs again).
    static func read(path: String) -> BatchDoneMarker? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(BatchDoneMarker.self, from: data)
    }

    /// Writes the marker atomically. Throws ``OutputError``.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw OutputError.writeFailed(path: path, reason: "\(error)")
        }
        try TextOutputFile.write(String(decoding: data, as: UTF8.self) + "\n", to: path)
    }
}
