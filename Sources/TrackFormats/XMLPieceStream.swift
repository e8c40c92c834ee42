import Foundation

/// A ``TrackFileInput`` as the `InputStream` an `XMLParser` pulls from, a tag at a time: the parser
/// gets the file in small chunks (one chunk of more than 10,000,000 bytes is more than libxml2 takes),
/// and memory stays bounded. The input's error, if any, is kept in ``error`` and ends the stream.
final class XMLPieceStream: InputStream {
    private let input: TrackFileInput
    private var pending: [UInt8] = []
    private var sent = 0
    private var ended = false
    /// Why the stream ended early.
    private(set) var error: Error?

    init(_ input: TrackFileInput) {
        self.input = input
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { !ended }
    override var streamError: Error? { error }

    /// Fills `destination` with as many pieces as fit; 0 at the end, -1 on an error (see ``error``).
    override func read(_ destination: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        var written = 0
        while written < maxLength {
            if sent == pending.count {
                guard !ended else { break }
                do {
                    guard let piece = try input.nextPiece(endingAt: TrackFileInput.tagEnd) else {
                        ended = true
                        break
                    }
                    pending = Array(piece.utf8)
                    sent = 0
                } catch {
                    self.error = error
                    ended = true
                    return -1
                }
            }
            let count = min(maxLength - written, pending.count - sent)
            pending.withUnsafeBufferPointer { (destination + written).update(from: $0.baseAddress! + sent, count: count) }
            sent += count
            written += count
        }
        return written
    }
}
