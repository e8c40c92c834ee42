/// The video codec ``VideoWriter`` encodes with.
public enum VideoCodec: Sendable {
    /// H.264 through libx264 (yuv420p, preset veryfast, CRF 23); falls back to ``mpeg4`` when
    /// this FFmpeg build lacks libx264.
    case h264
    /// MPEG-4 part 2 (FFmpeg's own `mpeg4` encoder, fixed quantiser 3): larger files, always available.
    case mpeg4
}
