import CFFmpeg
import Foundation

/// SHA-256 (FIPS 180-4) with libavutil's implementation, to check a file (a vendored model, say)
/// against the hash its provenance note gives before it is used. Here because VideoIO is the one
/// module that binds FFmpeg.
///
///     SHA256Digest.hex(of: Data("abc".utf8))   // "ba7816bf...f20015ad"
public enum SHA256Digest {
    /// The digest of `data` as 64 lower-case hexadecimal digits.
    public static func hex(of data: Data) -> String {
        guard let context = av_sha_alloc() else { preconditionFailure("libavutil cannot allocate a SHA context") }
        defer { av_free(UnsafeMutableRawPointer(context)) }
        av_sha_init(context, 256)
        data.withUnsafeBytes { bytes in
            av_sha_update(context, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        }
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
