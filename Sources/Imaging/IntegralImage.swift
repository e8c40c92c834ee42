/// Summed-area tables of an 8-bit grey image: plain sums, optional squared sums and optional
/// 45°-rotated ("tilted") sums, with OpenCV's `integral` conventions.
///
/// Each table has `(width + 1) * (height + 1)` entries, row-major with a row length of
/// ``stride`` (`width + 1`); entry `(X, Y)` (origin top-left) holds
/// - ``sums``: the sum of pixels `(x, y)` with `x < X`, `y < Y`;
/// - ``squaredSums``: the same sum of squared pixel values;
/// - ``tiltedSums``: the sum of pixels `(x, y)` with `y < Y` and `|x - X + 1| <= Y - y - 1`
///   (the triangle whose apex is pixel `(X - 1, Y - 1)`, opening upwards).
///
/// Entries are stored modulo 2³² (wrapping arithmetic), so tables of any image size never trap;
/// a rectangle's sum read through ``sum(x:y:width:height:)`` is exact while the true sum is
/// below 2³¹ (plain and tilted sums: rectangles of up to 8.4 million pixels) or 2³² (squared
/// sums: up to 66,000 pixels, the use case being detector windows).
///
///     let table = IntegralImage(image, squared: true)
///     let total = table.sum(x: 0, y: 0, width: image.width, height: image.height)
public struct IntegralImage: Sendable {
    /// Width of the source image in pixels.
    public private(set) var width: Int
    /// Height of the source image in pixels.
    public private(set) var height: Int
    /// Whether ``squaredSums`` is filled.
    public let includesSquares: Bool
    /// Whether ``tiltedSums`` is filled.
    public let includesTilted: Bool
    /// Plain sums, `(width + 1) * (height + 1)` entries (wrapping `Int32`).
    public private(set) var sums: [Int32] = []
    /// Squared sums (wrapping `UInt32`); empty unless ``includesSquares``.
    public private(set) var squaredSums: [UInt32] = []
    /// Tilted sums (wrapping `Int32`); empty unless ``includesTilted``.
    public private(set) var tiltedSums: [Int32] = []

    /// Entries per table row: `width + 1`.
    public var stride: Int { width + 1 }

    /// Computes the tables of a one-channel image (channel 0 is used when there are more).
    public init(_ image: Image<UInt8>, squared: Bool = false, tilted: Bool = false) {
        width = 0
        height = 0
        includesSquares = squared
        includesTilted = tilted
        update(from: image)
    }

    /// Recomputes the tables for a new image, reusing the storage when the size is unchanged.
    public mutating func update(from image: Image<UInt8>) {
        image.pixels.withUnsafeBufferPointer { source in
            update(from: source, width: image.width, height: image.height, rowLength: image.rowLength,
                   pixelStep: image.channels)
        }
    }

    /// Recomputes the tables from raw 8-bit rows: pixel `(x, y)` is `source[y * rowLength + x * pixelStep]`.
    /// Requires `source` to hold `height` rows of `rowLength` values with `rowLength >= width * pixelStep`;
    /// a shape that does not fit makes the tables those of an empty image.
    public mutating func update(from source: UnsafeBufferPointer<UInt8>, width newWidth: Int, height newHeight: Int,
                                rowLength: Int, pixelStep: Int = 1) {
        let fits = newWidth >= 0 && newHeight >= 0 && pixelStep >= 1 && rowLength >= newWidth * pixelStep
            && (newHeight == 0 || source.count >= (newHeight - 1) * rowLength + newWidth * pixelStep)
        width = fits ? newWidth : 0
        height = fits ? newHeight : 0
        let count = (width + 1) * (height + 1)
        resize(&sums, to: count)
        if includesSquares { resize(&squaredSums, to: count) }
        if includesTilted { resize(&tiltedSums, to: count) }
        guard width > 0, height > 0 else { return }
        fillSums(source, rowLength: rowLength, pixelStep: pixelStep)
        if includesTilted { fillTilted(source, rowLength: rowLength, pixelStep: pixelStep) }
    }

    /// Sum of the pixels in the rectangle (pixels, top-left origin). Requires the rectangle to lie
    /// inside the image (`0 <= x`, `x + width <= self.width`, same for y); returns 0 otherwise.
    public func sum(x: Int, y: Int, width w: Int, height h: Int) -> Int {
        guard contains(x: x, y: y, width: w, height: h) else { return 0 }
        let s = stride, top = y * s + x, bottom = (y + h) * s + x
        return Int(sums[top] &- sums[top + w] &- sums[bottom] &+ sums[bottom + w])
    }

    /// Sum of the squared pixel values in the rectangle; 0 when outside or when squares were not computed.
    public func squaredSum(x: Int, y: Int, width w: Int, height h: Int) -> Int {
        guard includesSquares, contains(x: x, y: y, width: w, height: h) else { return 0 }
        let s = stride, top = y * s + x, bottom = (y + h) * s + x
        return Int(squaredSums[top] &- squaredSums[top + w] &- squaredSums[bottom] &+ squaredSums[bottom + w])
    }

    /// Sum over a 45°-rotated rectangle as OpenCV's tilted Haar features define it: the corner
    /// points `(x, y)`, `(x - height, y + height)`, `(x + width, y + width)` and
    /// `(x + width - height, y + width + height)` of the tilted table. That region holds the pixels
    /// `(px, py)` with `x - y - 2·height <= px - py < x - y` and `x + y - 2 < px + py <= x + y + 2·width - 2`.
    /// Returns 0 when a corner lies outside the table or tilted sums were not computed.
    public func tiltedSum(x: Int, y: Int, width w: Int, height h: Int) -> Int {
        guard includesTilted, w >= 0, h >= 0, x - h >= 0, x + w <= width, y >= 0, y + w + h <= height else { return 0 }
        let s = stride
        let p0 = y * s + x, p1 = (y + h) * s + x - h, p2 = (y + w) * s + x + w, p3 = (y + w + h) * s + x + w - h
        return Int(tiltedSums[p0] &- tiltedSums[p1] &- tiltedSums[p2] &+ tiltedSums[p3])
    }

    private func contains(x: Int, y: Int, width w: Int, height h: Int) -> Bool {
        x >= 0 && y >= 0 && w >= 0 && h >= 0 && x <= width - w && y <= height - h
    }

    private func resize<T: FixedWidthInteger>(_ table: inout [T], to count: Int) {
        if table.count != count { table = [T](repeating: 0, count: count) }
    }

    private mutating func fillSums(_ source: UnsafeBufferPointer<UInt8>, rowLength: Int, pixelStep: Int) {
        let w = width, h = height, s = w + 1, squares = includesSquares
        sums.withUnsafeMutableBufferPointer { sum in
            squaredSums.withUnsafeMutableBufferPointer { square in
                for i in 0..<s { sum[i] = 0 }
                if squares { for i in 0..<s { square[i] = 0 } }
                for y in 0..<h {
                    let row = y * rowLength, above = y * s, here = (y + 1) * s
                    sum[here] = 0
                    var rowSum: Int32 = 0
                    if squares {
                        square[here] = 0
                        var rowSquares: UInt32 = 0
                        for x in 0..<w {
                            let value = source[row + x * pixelStep]
                            rowSum &+= Int32(value)
                            rowSquares &+= UInt32(value) &* UInt32(value)
                            sum[here + x + 1] = sum[above + x + 1] &+ rowSum
                            square[here + x + 1] = square[above + x + 1] &+ rowSquares
                        }
                    } else {
                        for x in 0..<w {
                            rowSum &+= Int32(source[row + x * pixelStep])
                            sum[here + x + 1] = sum[above + x + 1] &+ rowSum
                        }
                    }
                }
            }
        }
    }

    // Recurrence T(X,Y) = T(X-1,Y-1) + T(X+1,Y-1) - T(X,Y-2) + I(X-1,Y-1) + I(X-1,Y-2).
    // Outside the table, T(X,Y) = T(0, X+Y) for X <= 1 (the triangle's left edge is past column 0)
    // and T(X,Y) = T(W, Y-X+W) for X >= W, so the two out-of-range neighbours come from row Y-2.
    private mutating func fillTilted(_ source: UnsafeBufferPointer<UInt8>, rowLength: Int, pixelStep: Int) {
        let w = width, h = height, s = w + 1
        tiltedSums.withUnsafeMutableBufferPointer { t in
            for i in 0..<s { t[i] = 0 }
            for y in 1...h {
                let here = y * s, previous = (y - 1) * s
                let pixelRow = (y - 1) * rowLength
                for x in 0...w {
                    let left: Int32 = x >= 1 ? t[previous + x - 1] : (y >= 2 ? t[(y - 2) * s] : 0)
                    let right: Int32 = x < w ? t[previous + x + 1] : (y >= 2 ? t[(y - 2) * s + w] : 0)
                    var value = left &+ right
                    if y >= 2 { value &-= t[(y - 2) * s + x] }
                    if x >= 1 {
                        value &+= Int32(source[pixelRow + (x - 1) * pixelStep])
                        if y >= 2 { value &+= Int32(source[pixelRow - rowLength + (x - 1) * pixelStep]) }
                    }
                    t[here + x] = value
                }
            }
        }
    }
}
