import Foundation

/// A file's size and a 64-bit FNV-1a hash of its bytes, as text (`bytes=N fnv=HEX`), or
/// `unreadable`: two fingerprints differ when the contents differ (with overwhelming probability),
/// whatever the file's modification time says. Reads the file in 1 MiB pieces.
///
///     let before = FileContentFingerprint.of("names.txt")   // "bytes=7 fnv=af63bd4c8601b7df"
enum FileContentFingerprint {
    static func of(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "unreadable" }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        while true {
            let piece: Data
            do {
                // nil or empty at the end of the file.
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }
                piece = read
            } catch {
                return "unreadable"
            }
            count += piece.count
            for byte in piece { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return "bytes=\(count) fnv=" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
