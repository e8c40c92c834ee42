/// A clockwise rotation by a multiple of 90°, applied while copying a picture out of a decoder
/// buffer so that pixels land where an upright picture has them.
enum QuarterTurn: Int, Sendable {
    case none = 0, clockwise90 = 90, halfTurn = 180, clockwise270 = 270

    /// The nearest quarter turn to a clockwise angle in degrees (any sign or size); `.none` when not finite.
    init(clockwiseDegrees: Double) {
        guard clockwiseDegrees.isFinite else {
            self = .none
            return
        }
        let turns = Int((clockwiseDegrees / 90).rounded().truncatingRemainder(dividingBy: 4))
        self = [.none, .clockwise90, .halfTurn, .clockwise270][(turns + 4) % 4]
    }

    /// True when width and height trade places.
    var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size after rotation of a `width` x `height` picture.
    func rotatedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// Copies a `width` x `height` picture of `channels` interleaved bytes per pixel, whose rows
    /// start `sourceStride` bytes apart, into tightly packed `destination` rotated by this turn.
    /// `destination` must hold `width * height * channels` bytes.
    func copy(from source: UnsafePointer<UInt8>, sourceStride: Int, width: Int, height: Int, channels: Int,
              to destination: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * channels
        switch self {
        case .none:
            for y in 0..<height {
                (destination + y * rowBytes).update(from: source + y * sourceStride, count: rowBytes)
            }
        case .halfTurn:
            for y in 0..<height {
                let sourceRow = source + (height - 1 - y) * sourceStride
                let destinationRow = destination + y * rowBytes
                for x in 0..<width {
                    let from = sourceRow + (width - 1 - x) * channels
                    let to = destinationRow + x * channels
                    for c in 0..<channels { to[c] = from[c] }
                }
            }
        case .clockwise90, .clockwise270:
            // Output row r, column c: for 90° source row (height-1-c), column r;
            // for 270° source row c, column (width-1-r). Tiles keep the strided reads in cache.
            let outWidth = height, outHeight = width
            let tile = 32
            let clockwise = self == .clockwise90
            for rowStart in stride(from: 0, to: outHeight, by: tile) {
                let rowEnd = min(rowStart + tile, outHeight)
                for columnStart in stride(from: 0, to: outWidth, by: tile) {
                    let columnEnd = min(columnStart + tile, outWidth)
                    for r in rowStart..<rowEnd {
                        let sourceColumn = clockwise ? r : width - 1 - r
                        let destinationRow = destination + r * outWidth * channels
                        for c in columnStart..<columnEnd {
                            let sourceRow = clockwise ? height - 1 - c : c
                            let from = source + sourceRow * sourceStride + sourceColumn * channels
                            let to = destinationRow + c * channels
                            for k in 0..<channels { to[k] = from[k] }
                        }
                    }
                }
            }
        }
    }
}
