import Foundation

/// The file that says a clip of a batch is complete: written atomically after all its outputs were
/// renamed into place, so its presence means they are whole. It keeps the clip's summary line and a
/// description of the inputs (boxes, options, clip size and time) so a re-run skips the clip only
/// when nothing it depends on changed.
struct BatchDoneMarker: Codable, Equatable {
    /// Boxes, options and the clip's size and modification time, as text.
    var inputs: String
    var result: BatchClipResult

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
        try AtomicFileWriter.write(String(decoding: data, as: UTF8.self) + "\n", to: path)
    }
}
