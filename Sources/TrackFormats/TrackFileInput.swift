import Foundation

/// A tracks file read as a stream, in pieces that each end just after a delimiter byte (a line
/// break, or the `>` that ends an XML tag), so that memory stays bounded whatever the file holds.
/// The file may be a regular file, a FIFO or a pipe (`--keyframes <(cat keys.csv)`, `/dev/stdin`):
/// it is read once, from the start.
///
///     let input = try TrackFileInput(path: "keys.csv")
///     while let line = try input.nextPiece(endingAt: TrackFileInput.lineBreak) { ... }
///
/// Each piece is checked as it comes, and every error is a ``TrackCSVError`` naming the file and
/// the line: binary data (a NUL byte, say a disk image or `/dev/zero`) is refused at the first
/// block that holds it, a piece must be UTF-8 text, and no piece may be longer than
/// ``longestPiece``.
final class TrackFileInput {
    /// The most bytes vtrack reads in one piece: one line of a CSV or MOTChallenge file, one tag or
    /// text between two tags of an XML file. XML readers keep a limit of their own (libxml2's is
    /// 10,000,000 bytes); this one is lower, so that vtrack names it.
    static let longestPiece = 8 << 20
    /// The delimiter of a line.
    static let lineBreak = UInt8(ascii: "\n")
    /// The delimiter of an XML tag.
    static let tagEnd = UInt8(ascii: ">")

    /// The file's name in errors.
    let path: String
    /// The 1-based line the next piece starts on.
    private(set) var line = 1
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next piece starts in `buffer`.
    private var start = 0
    private var atEnd = false
    private static let blockSize = 1 << 16

    /// Opens the file at `path` for reading. Throws ``TrackCSVError`` (line 0) when it cannot be opened.
    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TrackCSVError(path: path, line: 0, reason: "cannot read the file") }
    }

    /// Text already in memory, checked as a file's would be; `path` only names it in errors.
    init(text: String, path: String) {
        self.path = path
        descriptor = -1
        buffer = Array(text.utf8)
        atEnd = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next piece, up to and including the next `delimiter` (or the rest of the file); nil at
    /// the end of the file.
    func nextPiece(endingAt delimiter: UInt8) throws -> String? {
        // Bytes after `start` already searched (`readBlock` moves `start`).
        var searched = 0
        while true {
            if let end = buffer[(start + searched)...].firstIndex(of: delimiter) { return try take(upTo: end + 1) }
            searched = buffer.count - start
            if buffer.count - start > Self.longestPiece { throw tooLong(delimiter) }
            if atEnd { return start < buffer.count ? try take(upTo: buffer.count) : nil }
            try readBlock()
        }
    }

    /// The first byte that is not a space, a tab or a line break, left unread; nil when the file
    /// holds no other byte. The blank lines before it are read (and counted).
    func firstNonBlankByte() throws -> UInt8? {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
        var searched = 0
        while true {
            if let found = buffer[(start + searched)...].firstIndex(where: { !blanks.contains($0) }) {
                let byte = buffer[found]
                if let lastBreak = buffer[start..<found].lastIndex(of: Self.lineBreak) { _ = try take(upTo: lastBreak + 1) }
                return byte
            }
            searched = buffer.count - start
            if buffer.count - start > Self.longestPiece { throw tooLong(Self.lineBreak) }
            if atEnd { return nil }
            try readBlock()
        }
    }

    /// Puts a piece from ``nextPiece(endingAt:)`` back: the next call gives it again.
    func putBack(_ piece: String) {
        let bytes = Array(piece.utf8)
        buffer.replaceSubrange(start..<start, with: bytes)
        line -= bytes.lazy.filter { $0 == Self.lineBreak }.count
    }

    /// Bytes `start..<end` of the buffer as text; the next piece starts at `end`.
    private func take(upTo end: Int) throws -> String {
        let bytes = buffer[start..<end]
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TrackCSVError(path: path, line: line, reason: "not UTF-8 text")
        }
        start = end
        line += bytes.lazy.filter { $0 == Self.lineBreak }.count
        return text
    }

    /// Appends the next block of the file to the buffer (dropping what was taken), or sets `atEnd`.
    private func readBlock() throws {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let old = buffer.count
        buffer += repeatElement(0, count: Self.blockSize)
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, Self.blockSize) }
        } while count < 0 && errno == EINTR
        let failure = count < 0 ? String(cString: strerror(errno)) : nil
        buffer.removeSubrange((old + max(count, 0))...)
        if let failure { throw TrackCSVError(path: path, line: line, reason: "cannot read the file (\(failure))") }
        if count == 0 { atEnd = true }
        if let zero = buffer[old...].firstIndex(of: 0) {
            let lineOfZero = line + buffer[start..<zero].lazy.filter { $0 == Self.lineBreak }.count
            throw TrackCSVError(path: path, line: lineOfZero, reason: "binary data (a NUL byte), not a tracks file")
        }
    }

    /// The error for a piece over ``longestPiece``, at the line where its first non-blank byte is.
    private func tooLong(_ delimiter: UInt8) -> TrackCSVError {
        let piece = delimiter == Self.tagEnd ? "an XML tag or text" : "a line"
        let blankLines = buffer[start...].prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == Self.lineBreak }
            .lazy.filter { $0 == Self.lineBreak }.count
        let limit = "\(Self.longestPiece >> 20) MiB"
        return TrackCSVError(path: path, line: line + blankLines, reason: "\(piece) longer than \(limit): vtrack reads at most \(limit) at once")
    }
}
