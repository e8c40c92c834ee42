import Imaging

/// Encodes an RGB image as a PNG file, uncompressed (deflate's stored blocks), so that it needs no
/// compression library: meant for small stills such as a batch's thumbnails (160x120 is 58 KB).
///
///     let bytes = PNGStill.bytes(of: thumbnail)   // 8-bit RGB, no interlacing, no filtering
enum PNGStill {
    /// The PNG file of `image`, which must have 3 channels (R, G, B); the top-left pixel comes first.
    static func bytes(of image: Image<UInt8>) -> [UInt8] {
        precondition(image.channels == 3, "PNGStill encodes RGB images")
        let rowLength = image.width * 3
        var raw = [UInt8](repeating: 0, count: (rowLength + 1) * image.height)
        raw.withUnsafeMutableBufferPointer { target in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<image.height {
                    // Each row starts with its filter type, 0 (none).
                    let start = y * (rowLength + 1) + 1
                    for i in 0..<rowLength { target[start + i] = source[y * rowLength + i] }
                }
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        append(UInt32(image.width), to: &header)
        append(UInt32(image.height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits per channel, RGB, deflate, no filter method variants, no interlacing
        chunk("IHDR", header, into: &file)
        chunk("IDAT", zlibStored(raw), into: &file)
        chunk("IEND", [], into: &file)
        return file
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let length = min(65_535, data.count - start), isLast = start + length == data.count
            stream += [isLast ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[start..<(start + length)]
            start += length
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        append(b << 16 | a, to: &stream)
        return stream
    }

    private static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        append(UInt32(data.count), to: &file)
        let typed = Array(type.utf8) + data
        file += typed
        append(crc32(typed), to: &file)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
