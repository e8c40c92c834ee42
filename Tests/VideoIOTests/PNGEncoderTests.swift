import Foundation
import Imaging
import VideoIO
import XCTest

/// ``PNGEncoder``: the `ffmpeg` tool decodes its files back to the very pixels given, compressed.
final class PNGEncoderTests: XCTestCase {
    /// A 160x120 frame of a synthetic scene: a smooth background, a textured object, camera noise.
    private func picture(cameraNoise: Int) throws -> Image<UInt8> {
        let scene = SyntheticScene(SyntheticSceneParameters(width: 160, height: 120, seed: 2, cameraNoise: cameraNoise))
        return try XCTUnwrap(scene.render(frame: 0).rgb)
    }

    private func decodedByFFmpeg(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = try TestMedia.scratchDirectory(for: self).appendingPathComponent("still.png")
        try Data(bytes).write(to: file)
        return [UInt8](try TestMedia.run("ffmpeg", ["-i", file.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    func testFFmpegDecodesTheSamePixels() throws {
        for noise in [0, 6] {
            let image = try picture(cameraNoise: noise)
            let bytes = try PNGEncoder.bytes(of: image, for: "still.png")
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the PNG signature")
            XCTAssertEqual(try decodedByFFmpeg(bytes), image.pixels, "camera noise \(noise)")
        }
    }

    func testAStillIsCompressed() throws {
        // Uncompressed, 160x120 RGB takes 57,600 bytes before any header.
        let bytes = try PNGEncoder.bytes(of: picture(cameraNoise: 0), for: "still.png")
        XCTAssertLessThan(bytes.count, 57_600 / 2)
    }

    func testAnOddSizedOnePixelHighPictureRoundTrips() throws {
        let image = Image<UInt8>(width: 3, height: 1, channels: 3, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255])
        XCTAssertEqual(try decodedByFFmpeg(PNGEncoder.bytes(of: image, for: "still.png")), image.pixels)
    }
}
