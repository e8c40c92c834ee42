import Foundation
import Imaging
import TestFootage
import VideoIO
import XCTest

final class VideoWriterTests: XCTestCase {
    /// A smooth colour picture with a moving white square: `(R, G, B)` gradients plus a 16x16 block at
    /// `(8 + 2 * index, 12)`, top-left origin.
    private func drawnPicture(width: Int, height: Int, index: Int) -> Image<UInt8> {
        var image = Image<UInt8>(width: width, height: height, channels: 3, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y, 0] = UInt8(x * 255 / max(1, width - 1))
                image[x, y, 1] = UInt8(y * 255 / max(1, height - 1))
                image[x, y, 2] = UInt8((x + y) * 127 / max(1, width + height - 2) + 64)
            }
        }
        for y in 12..<min(height, 28) {
            for x in (8 + 2 * index)..<min(width, 24 + 2 * index) {
                for c in 0..<3 { image[x, y, c] = 255 }
            }
        }
        return image
    }

    /// BT.601 limited-range luma of an RGB picture: what the encoder stores as Y.
    private func expectedLuma(_ rgb: Image<UInt8>) -> [UInt8] {
        (0..<(rgb.width * rgb.height)).map { i in
            let r = Double(rgb.pixels[3 * i]), g = Double(rgb.pixels[3 * i + 1]), b = Double(rgb.pixels[3 * i + 2])
            return UInt8((16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255).rounded())
        }
    }

    /// Writes `count` drawn pictures at the times of `rate` and finishes.
    private func writeDrawnVideo(to path: String, width: Int, height: Int, count: Int, rate: FrameRate,
                                 codec: VideoCodec = .h264) throws -> VideoWriter {
        let writer = try VideoWriter(path: path, width: width, height: height, frameRate: rate, codec: codec)
        for index in 0..<count {
            try writer.write(rgb: drawnPicture(width: width, height: height, index: index),
                             time: Double(index) / rate.framesPerSecond)
        }
        try writer.finish()
        return writer
    }

    func testWrittenMP4DecodesWithTheSameFramesRateAndTimes() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("drawn.mp4").path
        let rate = FrameRate(numerator: 30000, denominator: 1001)
        let writer = try writeDrawnVideo(to: path, width: 160, height: 120, count: 30, rate: rate)
        XCTAssertEqual(writer.codecName, "libx264")
        XCTAssertEqual(writer.framesWritten, 30)

        XCTAssertEqual(try TestMedia.probedFrameCount(path), 30)
        XCTAssertEqual(try TestMedia.probe("avg_frame_rate", stream: "v:0", of: path), "30000/1001")
        XCTAssertEqual(try TestMedia.probe("codec_name,pix_fmt", stream: "v:0", of: path), "h264,yuv420p")
        let reader = try VideoReader(path: path)
        XCTAssertEqual(reader.info.frameRateRational, rate)
        XCTAssertEqual(reader.info.width, 160)
        XCTAssertEqual(reader.info.height, 120)
        var count = 0
        while let frame = try reader.nextFrame() {
            XCTAssertEqual(frame.time, Double(frame.index) * 1001 / 30000, accuracy: 0.001)
            count += 1
        }
        XCTAssertEqual(count, 30)
    }

    func testPixelsSurviveEncoding() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("pixels.mp4").path
        _ = try writeDrawnVideo(to: path, width: 192, height: 144, count: 10, rate: FrameRate(numerator: 25, denominator: 1))
        let reader = try VideoReader(path: path)
        var checked = 0
        while let frame = try reader.nextFrame() {
            let original = drawnPicture(width: 192, height: 144, index: frame.index)
            let lumaPSNR = TestMedia.psnr(frame.luma.pixels, expectedLuma(original))
            XCTAssertGreaterThan(lumaPSNR, 35, "frame \(frame.index)")
            XCTAssertGreaterThan(TestMedia.psnr(frame.rgb().pixels, original.pixels), 30, "frame \(frame.index)")
            // The moving block is where it was drawn.
            XCTAssertGreaterThan(frame.luma[16 + 2 * frame.index, 20], 220)
            checked += 1
        }
        XCTAssertEqual(checked, 10)
    }

    func testAudioIsCopiedFromTheSource() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let source = TestFootage.sampleVideo("cockatoo_handheld.mp4")
        let path = directory.appendingPathComponent("with-audio.mp4").path
        let reader = try VideoReader(path: source)
        let writer = try VideoWriter(path: path, width: reader.info.width, height: reader.info.height,
                                     frameRate: reader.info.frameRateRational, audioSourcePath: source)
        XCTAssertEqual(writer.audioCodecName, "mp3")
        XCTAssertTrue(writer.warnings.isEmpty, "\(writer.warnings)")
        while let frame = try reader.nextFrame(), frame.index < 40 {
            try writer.write(rgb: frame.rgb(), time: frame.time)
        }
        try writer.finish()

        XCTAssertEqual(try TestMedia.probe("codec_name", stream: "a:0", of: path), "mp3")
        XCTAssertEqual(try TestMedia.probedFrameCount(path), 40)
        let audioSeconds = try XCTUnwrap(Double(try TestMedia.probe("duration", stream: "a:0", of: path)))
        XCTAssertEqual(audioSeconds, 2.0, accuracy: 0.15, "audio is cut at the end of the last picture")
        let written = try VideoReader(path: path)
        XCTAssertEqual(written.info.audioCodecName, "mp3")
        XCTAssertEqual(written.info.frameRate, 20)
    }

    func testAudioSourceWithoutAudioIsAWarningAndMissingSourceAnError() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let silentSource = TestFootage.sampleVideo("carphone_face_in_car.mp4")
        let path = directory.appendingPathComponent("silent.mp4").path
        let writer = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 10,
                                     audioSourcePath: silentSource)
        XCTAssertNil(writer.audioCodecName)
        XCTAssertEqual(writer.warnings.count, 1)
        try writer.write(rgb: drawnPicture(width: 64, height: 48, index: 0), time: 0)
        try writer.finish()
        XCTAssertEqual(try TestMedia.probe("codec_name", stream: "a", of: path), "")

        let missing = directory.appendingPathComponent("no-such-audio.mp4").path
        let target = directory.appendingPathComponent("target.mp4").path
        XCTAssertThrowsError(try VideoWriter(path: target, width: 64, height: 48, framesPerSecond: 10,
                                             audioSourcePath: missing)) { error in
            guard case .audioSourceFailed(target, missing, _)? = error as? VideoError else {
                return XCTFail("unexpected \(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["silent.mp4"])
    }

    func testNothingCarriesTheFinalNameUntilFinished() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("clip.mp4").path
        // The writer's temporary file: `.clip.PID-RANDOM.partial.mp4`, of this run alone.
        let temporaries = { try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(".clip.\(getpid())-") && $0.hasSuffix(".partial.mp4") } }
        try Data("previous contents".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let abandoned = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 10)
            for index in 0..<5 {
                try abandoned.write(rgb: drawnPicture(width: 64, height: 48, index: index), time: Double(index) / 10)
            }
            XCTAssertEqual(try temporaries().count, 1)
        }
        XCTAssertEqual(try temporaries(), [], "abandoned temporary file is removed")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous contents")

        let writer = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 10)
        try writer.write(rgb: drawnPicture(width: 64, height: 48, index: 0), time: 0)
        try writer.finish()
        XCTAssertEqual(try temporaries(), [])
        XCTAssertEqual(try TestMedia.probedFrameCount(path), 1)
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? VideoError, .writerFinished(path: path)) }
        XCTAssertThrowsError(try writer.write(rgb: drawnPicture(width: 64, height: 48, index: 1), time: 1)) {
            XCTAssertEqual($0 as? VideoError, .writerFinished(path: path))
        }

        let empty = directory.appendingPathComponent("empty.mp4").path
        let unused = try VideoWriter(path: empty, width: 64, height: 48, framesPerSecond: 10)
        XCTAssertThrowsError(try unused.finish()) { XCTAssertEqual($0 as? VideoError, .noFramesWritten(path: empty)) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty))
    }

    func testBadFramesAreRejectedAndTheWriterStaysUsable() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("strict.mkv").path
        let writer = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 10)
        let good = drawnPicture(width: 64, height: 48, index: 0)
        XCTAssertThrowsError(try writer.write(rgb: drawnPicture(width: 48, height: 64, index: 0), time: 0)) {
            guard case .frameMismatch? = $0 as? VideoError else { return XCTFail("unexpected \($0)") }
        }
        XCTAssertThrowsError(try writer.write(rgb: Image(width: 64, height: 48, channels: 1, repeating: 0), time: 0))
        try writer.write(rgb: good, time: 0)
        XCTAssertThrowsError(try writer.write(rgb: good, time: 0)) {
            XCTAssertEqual($0 as? VideoError, .nonMonotonicTime(path: path, previous: 0, time: 0))
        }
        XCTAssertThrowsError(try writer.write(rgb: good, time: .nan))
        try writer.write(rgb: good, time: 0.1)
        try writer.finish()
        XCTAssertEqual(try TestMedia.probedFrameCount(path), 2)
        XCTAssertEqual(try VideoReader(path: path).info.containerName, "matroska,webm")
    }

    func testUnsupportedSettingsAreRejectedBeforeAnyFileExists() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let avi = directory.appendingPathComponent("out.avi").path
        XCTAssertThrowsError(try VideoWriter(path: avi, width: 64, height: 48, framesPerSecond: 10)) {
            XCTAssertEqual($0 as? VideoError, .unsupportedContainer(path: avi, fileExtension: "avi"))
        }
        let mp4 = directory.appendingPathComponent("out.mp4").path
        XCTAssertThrowsError(try VideoWriter(path: mp4, width: 0, height: 48, framesPerSecond: 10))
        XCTAssertThrowsError(try VideoWriter(path: mp4, width: 64, height: 48, framesPerSecond: 0))
        XCTAssertThrowsError(try VideoWriter(path: mp4, width: 64, height: 48, framesPerSecond: .infinity))
        let nowhere = directory.appendingPathComponent("missing-dir/out.mp4").path
        XCTAssertThrowsError(try VideoWriter(path: nowhere, width: 64, height: 48, framesPerSecond: 10)) {
            guard case .writeFailed? = $0 as? VideoError else { return XCTFail("unexpected \($0)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func testOddSizesArePaddedToEven() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("odd.mov").path
        let writer = try writeDrawnVideo(to: path, width: 161, height: 97, count: 3, rate: FrameRate(numerator: 10, denominator: 1))
        XCTAssertEqual(writer.encodedWidth, 162)
        XCTAssertEqual(writer.encodedHeight, 98)
        let reader = try VideoReader(path: path)
        XCTAssertEqual(reader.info.width, 162)
        XCTAssertEqual(reader.info.height, 98)
        let frame = try XCTUnwrap(try reader.nextFrame())
        for y in stride(from: 0, to: 97, by: 8) {
            XCTAssertEqual(Double(frame.luma[161, y]), Double(frame.luma[160, y]), accuracy: 6, "row \(y)")
        }
        for x in stride(from: 0, to: 161, by: 8) {
            XCTAssertEqual(Double(frame.luma[x, 97]), Double(frame.luma[x, 96]), accuracy: 6, "column \(x)")
        }
    }

    func testMPEG4EncoderCanBeChosen() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("part2.mp4").path
        let writer = try writeDrawnVideo(to: path, width: 96, height: 64, count: 12,
                                         rate: FrameRate(numerator: 12, denominator: 1), codec: .mpeg4)
        XCTAssertEqual(writer.codecName, "mpeg4")
        XCTAssertEqual(try TestMedia.probe("codec_name", stream: "v:0", of: path), "mpeg4")
        XCTAssertEqual(try TestMedia.probedFrameCount(path), 12)
        let frame = try XCTUnwrap(try VideoReader(path: path).nextFrame())
        XCTAssertGreaterThan(TestMedia.psnr(frame.luma.pixels, expectedLuma(drawnPicture(width: 96, height: 64, index: 0))), 30)
    }

    func testFrameRateFromADouble() {
        XCTAssertEqual(FrameRate(25), FrameRate(numerator: 25, denominator: 1))
        XCTAssertEqual(FrameRate(29.97), FrameRate(numerator: 2997, denominator: 100))
        XCTAssertFalse(FrameRate(0).isValid)
        XCTAssertFalse(FrameRate(-3).isValid)
        XCTAssertFalse(FrameRate(.nan).isValid)
        XCTAssertEqual(FrameRate(numerator: 30000, denominator: 1001).description, "30000/1001")
    }
}
