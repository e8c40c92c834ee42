import CFFmpeg
import Foundation
import Imaging

/// Turns decoded pictures into upright grey and RGB images of one size.
///
/// Every picture comes out at the size the converter was made for (the stream's first picture):
/// a picture of another size (a stream whose size changes mid-way) is scaled to it, as players
/// show such a stream. Grey comes straight from the Y plane when the pixel format has an 8-bit one
/// (all common YUV formats, NV12, GRAY8) and the size matches: a copy, no colour conversion. Other
/// formats and sizes, and RGB on demand, go through swscale. The swscale contexts and a rotation scratch buffer are kept and reused;
/// a lock makes the converter safe to use from the reader's thread and from any thread that
/// calls ``VideoFrame/rgb()``.
final class PictureConverter: @unchecked Sendable {
    private let lock = NSLock()
    private var greyScaler = Scaler(target: AV_PIX_FMT_GRAY8)
    private var rgbScaler = Scaler(target: AV_PIX_FMT_RGB24)
    private var scratch: [UInt8] = []
    /// The decoded (not yet rotated) size of every picture this converter returns.
    let width: Int, height: Int

    /// A converter returning pictures of `width` x `height` decoded pixels (before rotation).
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        greyScaler.free()
        rgbScaler.free()
    }

    /// Whether swscale can read pictures of this format.
    static func canConvert(_ format: AVPixelFormat) -> Bool {
        hasEightBitLumaPlane(format) || sws_isSupportedInput(format) > 0
    }

    /// The upright grey picture, one byte per pixel: the decoded Y values as stored (usually
    /// 16...235 for video, 0...255 for JPEG-range sources). `nil` when swscale fails.
    func luma(of frame: UnsafePointer<AVFrame>, turn: QuarterTurn) -> Image<UInt8>? {
        guard width > 0, height > 0, frame.pointee.width > 0, frame.pointee.height > 0 else { return nil }
        let size = turn.rotatedSize(width: width, height: height)
        if Int(frame.pointee.width) == width, Int(frame.pointee.height) == height,
           Self.hasEightBitLumaPlane(AVPixelFormat(frame.pointee.format)), let plane = frame.pointee.data.0 {
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
                if let base = buffer.baseAddress {
                    turn.copy(from: plane, sourceStride: Int(frame.pointee.linesize.0),
                              width: width, height: height, channels: 1, to: base)
                }
                count = width * height
            }
            return Image(width: size.width, height: size.height, channels: 1, pixels: pixels)
        }
        return convert(frame, with: \.greyScaler, channels: 1, turn: turn)
    }

    /// The upright picture as RGB24 (full range, colour matrix from the frame's tags,
    /// BT.601 when untagged). `nil` when swscale fails.
    func rgb(of frame: UnsafePointer<AVFrame>, turn: QuarterTurn) -> Image<UInt8>? {
        convert(frame, with: \.rgbScaler, channels: 3, turn: turn)
    }

    private func convert(_ frame: UnsafePointer<AVFrame>, with scaler: ReferenceWritableKeyPath<PictureConverter, Scaler>,
                         channels: Int, turn: QuarterTurn) -> Image<UInt8>? {
        guard width > 0, height > 0, frame.pointee.width > 0, frame.pointee.height > 0 else { return nil }
        let size = turn.rotatedSize(width: width, height: height)
        let count = width * height * channels
        lock.lock()
        defer { lock.unlock() }
        guard let context = self[keyPath: scaler].context(for: frame, width: Int32(width), height: Int32(height)) else { return nil }
        var succeeded = false
        let stride = Self.scaledStride(width: width, channels: channels)
        // swscale's SIMD code may write a little past the end of the last row: give it a spare row.
        let slack = stride + 64
        let pixels = [UInt8](unsafeUninitializedCapacity: count + slack) { buffer, initialized in
            initialized = count
            guard let output = buffer.baseAddress else { return }
            if turn == .none, stride == width * channels {
                succeeded = Scaler.scale(frame, with: context, into: output, stride: stride, height: height)
                return
            }
            if scratch.count < stride * height + slack { scratch = [UInt8](repeating: 0, count: stride * height + slack) }
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                guard let upright = scratchBuffer.baseAddress,
                      Scaler.scale(frame, with: context, into: upright, stride: stride, height: height) else { return }
                turn.copy(from: upright, sourceStride: stride, width: width, height: height,
                          channels: channels, to: output)
                succeeded = true
            }
        }
        return succeeded ? Image(width: size.width, height: size.height, channels: channels, pixels: pixels) : nil
    }

    /// Bytes between the rows swscale writes: the row's, rounded up to whole blocks of 16 pixels.
    /// swscale's x86 YUV-to-RGB converters write 8 pixels at a time and, when a row has no room for
    /// the last partial block, leave that block's pixels unwritten (a 242-pixel row's last 2), so
    /// rows of other widths are scaled apart and copied tight.
    static func scaledStride(width: Int, channels: Int) -> Int {
        (width + 15) / 16 * 16 * channels
    }

    /// Formats whose plane 0 holds 8-bit luma, one byte per pixel, rows `linesize[0]` apart.
    static func hasEightBitLumaPlane(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        let excluded = UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL)
        let luma = descriptor.pointee.comp.0
        return descriptor.pointee.flags & excluded == 0 && descriptor.pointee.nb_components >= 1
            && luma.plane == 0 && luma.step == 1 && luma.offset == 0 && luma.shift == 0 && luma.depth == 8
    }
}

/// One cached swscale context converting decoded pictures of any size and format to `target`
/// at a given size.
private struct Scaler {
    let target: AVPixelFormat
    private var handle: OpaquePointer?
    private var key: Key?

    private struct Key: Equatable {
        var format: Int32, width: Int32, height: Int32, targetWidth: Int32, targetHeight: Int32, colourSpace: UInt32, fullRange: Bool
    }

    init(target: AVPixelFormat) {
        self.target = target
    }

    mutating func free() {
        sws_freeContext(handle)
        handle = nil
    }

    /// A context from this frame's format, size and colour tags to `width` x `height`, rebuilt
    /// only when they change.
    mutating func context(for frame: UnsafePointer<AVFrame>, width targetWidth: Int32, height targetHeight: Int32) -> OpaquePointer? {
        let (format, jpegRange) = Self.withoutJPEGRange(AVPixelFormat(frame.pointee.format))
        let newKey = Key(format: format.rawValue, width: frame.pointee.width, height: frame.pointee.height,
                         targetWidth: targetWidth, targetHeight: targetHeight,
                         colourSpace: frame.pointee.colorspace.rawValue,
                         fullRange: jpegRange || frame.pointee.color_range == AVCOL_RANGE_JPEG)
        if let handle, key == newKey { return handle }
        let width = frame.pointee.width, height = frame.pointee.height
        guard let context = sws_getCachedContext(handle, width, height, format, targetWidth, targetHeight, target,
                                                 SWS_BILINEAR, nil, nil, nil) else {
            handle = nil
            key = nil
            return nil
        }
        handle = context
        key = newKey
        let isYUVSource = PictureConverter.hasEightBitLumaPlane(format)
            || (av_pix_fmt_desc_get(format).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 } ?? false)
        let sourceRange: Int32 = newKey.fullRange || !isYUVSource ? 1 : 0
        // Grey output keeps the source's range, like the direct Y-plane copy; RGB is full range.
        let targetRange: Int32 = target == AV_PIX_FMT_GRAY8 && isYUVSource ? sourceRange : 1
        let coefficients = sws_getCoefficients(Int32(bitPattern: newKey.colourSpace))
        // A refinement only: when swscale declines (it does for some format pairs) its defaults stand.
        _ = sws_setColorspaceDetails(context, coefficients, sourceRange, coefficients, targetRange,
                                     0, 1 << 16, 1 << 16)
        return context
    }

    /// Scales the whole of `frame` into packed `destination` of `height` rows `stride` bytes apart.
    static func scale(_ frame: UnsafePointer<AVFrame>, with context: OpaquePointer,
                      into destination: UnsafeMutablePointer<UInt8>, stride: Int, height: Int) -> Bool {
        var source = frame.pointee
        return withUnsafePointer(to: &source.data) { planes in
            planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                withUnsafePointer(to: &source.linesize) { strides in
                    strides.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        // swscale reads four plane pointers and strides even for packed output.
                        var targetPlanes: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?,
                                           UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?)
                            = (destination, nil, nil, nil)
                        var targetStrides: (Int32, Int32, Int32, Int32) = (Int32(stride), 0, 0, 0)
                        return withUnsafePointer(to: &targetPlanes) { planes in
                            planes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 4) { targetPlane in
                                withUnsafePointer(to: &targetStrides) { strides in
                                    strides.withMemoryRebound(to: Int32.self, capacity: 4) { targetStride in
                                        sws_scale(context, sourcePlanes, sourceStrides, 0, source.height,
                                                  targetPlane, targetStride) == Int32(height)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The deprecated `yuvj*` formats are the plain YUV formats with full-range values;
    /// swscale wants the plain format plus an explicit range.
    private static func withoutJPEGRange(_ format: AVPixelFormat) -> (AVPixelFormat, Bool) {
        switch format {
        case AV_PIX_FMT_YUVJ420P: return (AV_PIX_FMT_YUV420P, true)
        case AV_PIX_FMT_YUVJ422P: return (AV_PIX_FMT_YUV422P, true)
        case AV_PIX_FMT_YUVJ444P: return (AV_PIX_FMT_YUV444P, true)
        case AV_PIX_FMT_YUVJ440P: return (AV_PIX_FMT_YUV440P, true)
        case AV_PIX_FMT_YUVJ411P: return (AV_PIX_FMT_YUV411P, true)
        default: return (format, false)
        }
    }
}
