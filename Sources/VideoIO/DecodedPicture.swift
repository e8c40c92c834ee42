import CFFmpeg

/// One decoded `AVFrame` kept for on-demand colour conversion. Its buffers are reference-counted
/// by FFmpeg, so holding it keeps the picture alive without copying. Immutable after creation,
/// hence safe to share between threads.
final class DecodedPicture: @unchecked Sendable {
    private let owner: OwnedFrame

    /// Takes over the buffers of `source`, leaving `source` empty for the decoder to refill.
    /// `nil` when FFmpeg cannot allocate the frame header.
    init?(takingBuffersOf source: UnsafeMutablePointer<AVFrame>) {
        guard let owner = OwnedFrame() else { return nil }
        av_frame_move_ref(owner.pointer, source)
        self.owner = owner
    }

    var frame: UnsafePointer<AVFrame> { UnsafePointer(owner.pointer) }
}
