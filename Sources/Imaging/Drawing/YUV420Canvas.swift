/// A view of a picture's planar Y'CbCr 4:2:0 planes (8-bit, BT.601 limited range, as an H.264
/// encoder takes them) that annotations are drawn on directly, with no RGB picture in between.
///
/// A pixel's luma is painted where it lies; the two chroma samples are shared by a 2x2 block of
/// pixels, and a block any painted pixel falls in takes the colour's chroma, so a line one pixel wide
/// keeps its colour (its chroma is a pixel wider than its luma, as the encoder's subsampling of an RGB
/// drawing would smear it). Colours are converted with BT.601's limited-range weights, those of the
/// RGB to Y'CbCr conversion it replaces (red is Y' 81, Cb 90, Cr 240).
///
///     var planes = [UInt8](repeating: 128, count: 64 * 48 * 3 / 2)
///     planes.withUnsafeMutableBufferPointer { buffer in
///         let luma = buffer.baseAddress!, cb = luma + 64 * 48, cr = cb + 32 * 24
///         var canvas = YUV420Canvas(width: 64, height: 48, luma: luma, lumaStride: 64,
///                                   cb: cb, cbStride: 32, cr: cr, crStride: 32)
///         canvas.drawRectangle(PixelRect(x: 8, y: 8, width: 30, height: 20), colour: .yellow)
///     }
///
/// `VideoWriter.write(planesOf:time:drawing:)` lends one on the picture it encodes next.
/// The canvas does not own the planes: it is valid only while they are (typically inside the
/// closure that lends them). Pixels, top-left origin.
public struct YUV420Canvas: DrawingCanvas {
    public let width: Int
    public let height: Int
    private let luma: UnsafeMutablePointer<UInt8>, lumaStride: Int
    private let cb: UnsafeMutablePointer<UInt8>, cbStride: Int
    private let cr: UnsafeMutablePointer<UInt8>, crStride: Int

    /// A `width` x `height` picture whose luma row `y` starts at `luma + y * lumaStride` and whose
    /// chroma rows (`(height + 1) / 2` of `(width + 1) / 2` samples) start at `cb + y * cbStride` and
    /// `cr + y * crStride`. Strides in bytes, at least the row's width.
    public init(width: Int, height: Int, luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
                cb: UnsafeMutablePointer<UInt8>, cbStride: Int, cr: UnsafeMutablePointer<UInt8>, crStride: Int) {
        precondition(width >= 0 && height >= 0 && lumaStride >= width && cbStride >= (width + 1) / 2
                     && crStride >= (width + 1) / 2, "plane strides shorter than their rows")
        self.width = width
        self.height = height
        self.luma = luma
        self.lumaStride = lumaStride
        self.cb = cb
        self.cbStride = cbStride
        self.cr = cr
        self.crStride = crStride
    }

    public mutating func paintRow(_ row: Int, columns: ClosedRange<Int>, colour: RGBColour) {
        let value = Self.limitedRangeBT601(colour)
        (luma + row * lumaStride + columns.lowerBound).update(repeating: value.y, count: columns.count)
        let first = columns.lowerBound >> 1, count = (columns.upperBound >> 1) - first + 1
        (cb + (row >> 1) * cbStride + first).update(repeating: value.cb, count: count)
        (cr + (row >> 1) * crStride + first).update(repeating: value.cr, count: count)
    }

    /// `colour` as 8-bit BT.601 limited-range Y'CbCr (Y' 16...235, Cb and Cr 16...240).
    static func limitedRangeBT601(_ colour: RGBColour) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let r = Int(colour.red), g = Int(colour.green), b = Int(colour.blue)
        // BT.601's weights (65.481, 128.553, 24.966; -37.797, -74.203, 112; 112, -93.786, -18.214) / 255, in 1/65536ths.
        let y = 16 + ((16829 * r + 33039 * g + 6416 * b + 32768) >> 16)
        let cb = 128 + ((-9714 * r - 19070 * g + 28784 * b + 32768) >> 16)
        let cr = 128 + ((28784 * r - 24103 * g - 4681 * b + 32768) >> 16)
        return (UInt8(y), UInt8(cb), UInt8(cr))
    }
}
