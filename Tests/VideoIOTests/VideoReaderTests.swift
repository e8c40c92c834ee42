import Foundation
import Imaging
import TestFootage
import VideoIO
import XCTest

final class VideoReaderTests: XCTestCase {
    /// Decodes every frame, checking indices and times as it goes; returns the frame count.
    private func decodeAll(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let reader = try VideoReader(path: path)
        var count = 0
        var previousTime = -Double.infinity
        while let frame = try reader.nextFrame() {
            XCTAssertEqual(frame.index, count, file: file, line: line)
            XCTAssertGreaterThan(frame.time, previousTime, "times must increase", file: file, line: line)
            XCTAssertEqual(frame.width, reader.info.width, file: file, line: line)
            XCTAssertEqual(frame.height, reader.info.height, file: file, line: line)
            if count == 0 { XCTAssertEqual(frame.time, 0, accuracy: 0.05, file: file, line: line) }
            previousTime = frame.time
            count += 1
        }
        XCTAssertNil(try reader.nextFrame(), "stays at the end", file: file, line: line)
        XCTAssertEqual(reader.damagedPacketCount, 0, "\(reader.warnings)", file: file, line: line)
        return count
    }

    func testFrameCountsMatchFFprobeOnTheSampleVideos() throws {
        for name in ["pets09_s2l1_vtest_pedestrians.mp4", "carphone_face_in_car.mp4", "cockatoo_handheld.mp4"] {
            let path = TestFootage.sampleVideo(name)
            XCTAssertEqual(try decodeAll(path), try TestMedia.probedFrameCount(path), path)
        }
    }

    /// The development data's fourth clip (index after the media data) and its first five sequences (320x240 to 1280x720).
    func testFrameCountsMatchFFprobeOnTheDevelopmentData() throws {
        let paths = try (["data/clips/bikes_street.mp4"] + ["Crossing", "Couple", "Football1", "bag", "wakeboard7"]
            .map { "data/sequences/\($0)/\($0).mp4" }).map(TestFootage.developmentData)
        for path in paths {
            XCTAssertEqual(try decodeAll(path), try TestMedia.probedFrameCount(path), path)
        }
    }

    func testInfoDescribesTheClip() throws {
        let reader = try VideoReader(path: TestFootage.sampleVideo("cockatoo_handheld.mp4"))
        let info = reader.info
        XCTAssertEqual(info.width, 1280)
        XCTAssertEqual(info.height, 720)
        XCTAssertEqual(info.frameRateRational, FrameRate(numerator: 20, denominator: 1))
        XCTAssertEqual(info.frameRate, 20)
        XCTAssertEqual(info.frameCount, 280)
        XCTAssertEqual(try XCTUnwrap(info.duration), 14, accuracy: 0.1)
        XCTAssertEqual(info.rotationDegrees, 0)
        XCTAssertEqual(info.codecName, "h264")
        XCTAssertEqual(info.pixelFormat, "yuv444p")
        XCTAssertTrue(info.hasAudio)
        XCTAssertEqual(info.audioCodecName, "mp3")
        XCTAssertTrue(info.description.contains("1280x720"))
        XCTAssertEqual(info.description.split(separator: "\n").count, 8)

        let ntsc = try VideoReader(path: TestFootage.sampleVideo("carphone_face_in_car.mp4")).info
        XCTAssertEqual(ntsc.frameRateRational, FrameRate(numerator: 30000, denominator: 1001))
        XCTAssertFalse(ntsc.hasAudio)
        XCTAssertNil(ntsc.audioCodecName)
    }

    func testTimesFollowTheFrameRate() throws {
        for (name, rate) in [("cockatoo_handheld.mp4", 20.0), ("carphone_face_in_car.mp4", 30000.0 / 1001)] {
            let reader = try VideoReader(path: TestFootage.sampleVideo(name))
            while let frame = try reader.nextFrame() {
                XCTAssertEqual(frame.time, Double(frame.index) / rate, accuracy: 0.002, "\(name) frame \(frame.index)")
            }
        }
    }

    func testLumaIsTheDecodedYPlane() throws {
        for (name, format) in [("pets09_s2l1_vtest_pedestrians.mp4", "yuv420p"), ("cockatoo_handheld.mp4", "yuv444p")] {
            let path = TestFootage.sampleVideo(name)
            let frame = try XCTUnwrap(try VideoReader(path: path).nextFrame())
            let reference = try TestMedia.referenceFirstLuma(path, planarFormat: format, width: frame.width,
                                                             height: frame.height)
            XCTAssertEqual(pixelDifference(frame.luma.pixels, reference), .identical, path)
        }
    }

    func testRGBMatchesFFmpegConversion() throws {
        let path = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let frame = try XCTUnwrap(try VideoReader(path: path).nextFrame())
        let rgb = frame.rgb()
        XCTAssertEqual(rgb.channels, 3)
        XCTAssertEqual(rgb.width, frame.width)
        XCTAssertEqual(rgb.height, frame.height)
        let reference = try TestMedia.referenceFirstFrame(path, pixelFormat: "rgb24")
        let difference = pixelDifference(rgb.pixels, reference)
        XCTAssertLessThan(difference.mean, 1, "\(difference)")
        let image = frame.imageFrame(colour: true)
        XCTAssertEqual(pixelDifference(try XCTUnwrap(image.rgb).pixels, rgb.pixels), .identical)
        XCTAssertNil(frame.imageFrame(colour: false).rgb)
    }

    func testOddSizedPicturesConvertCompletely() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("odd.mkv").path
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=92x62:rate=5", "-frames:v", "2",
                                     "-vf", "scale=91:61", "-c:v", "libx264", "-pix_fmt", "yuv444p", path])
        let frame = try XCTUnwrap(try VideoReader(path: path).nextFrame())
        XCTAssertEqual(frame.width, 91)
        XCTAssertEqual(frame.height, 61)
        let luma = try TestMedia.referenceFirstLuma(path, planarFormat: "yuv444p", width: 91, height: 61)
        XCTAssertEqual(pixelDifference(frame.luma.pixels, luma), .identical)
        let rgb = frame.rgb().pixels
        let reference = try TestMedia.referenceFirstFrame(path, pixelFormat: "rgb24")
        XCTAssertLessThan(pixelDifference(rgb, reference).mean, 2.5)
        let lastColumn = (0..<61).flatMap { y in (0..<3).map { (y * 91 + 90) * 3 + $0 } }
        let difference = pixelDifference(lastColumn.map { rgb[$0] }, lastColumn.map { reference[$0] })
        XCTAssertLessThan(difference.mean, 4, "last column: \(difference)")
    }

    /// A 4:2:0 picture whose width is not a whole number of swscale's 8-pixel blocks (242: the OTB
    /// sequence Man's) converts to RGB up to its last column.
    func testRGBOfA420PictureReachesItsLastColumn() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("man-width.mp4").path
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=242x194:rate=5", "-frames:v", "2",
                                     "-c:v", "libx264", "-pix_fmt", "yuv420p", path])
        let rgb = try XCTUnwrap(try VideoReader(path: path).nextFrame()).rgb().pixels
        let reference = try TestMedia.referenceFirstFrame(path, pixelFormat: "rgb24")
        XCTAssertLessThan(pixelDifference(rgb, reference).mean, 2.5)
        let lastColumns = (0..<194).flatMap { y in (240..<242).flatMap { x in (0..<3).map { (y * 242 + x) * 3 + $0 } } }
        let difference = pixelDifference(lastColumns.map { rgb[$0] }, lastColumns.map { reference[$0] })
        XCTAssertLessThan(difference.mean, 4, "last two columns: \(difference)")
    }

    func testFramesOutliveTheReaderAndConvertOnOtherThreads() throws {
        var frames: [VideoFrame] = []
        do {
            let reader = try VideoReader(path: TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"))
            while frames.count < 8, let frame = try reader.nextFrame() { frames.append(frame) }
        }
        let decoded = frames
        let expected = decoded.map { $0.rgb().pixels }
        let results = ThreadSafeBox(Array(repeating: [UInt8](), count: decoded.count))
        DispatchQueue.concurrentPerform(iterations: decoded.count) { i in
            results.update { $0[i] = decoded[i].rgb().pixels }
        }
        XCTAssertTrue(results.value == expected, "concurrent conversions differ from sequential ones")
    }

    func testSkipDecodesToTheRequestedFrame() throws {
        let path = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let reader = try VideoReader(path: path)
        XCTAssertTrue(reader.skip(to: 30))
        let frame = try XCTUnwrap(try reader.nextFrame())
        XCTAssertEqual(frame.index, 30)
        let sequential = try VideoReader(path: path)
        var expected: VideoFrame?
        while let next = try sequential.nextFrame(), next.index <= 30 { expected = next }
        XCTAssertEqual(pixelDifference(frame.luma.pixels, try XCTUnwrap(expected).luma.pixels), .identical)
        XCTAssertEqual(frame.time, try XCTUnwrap(expected).time)
        XCTAssertFalse(reader.skip(to: 10_000))
        XCTAssertNil(try reader.nextFrame())
    }

    func testOtherContainersDecodeAsFFprobeCounts() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let variants: [(String, [String])] = [
            ("clip.mkv", ["-c:v", "libx264", "-pix_fmt", "yuv420p"]),
            ("clip.mov", ["-c:v", "libx264", "-pix_fmt", "yuv420p"]),
            ("clip.avi", ["-c:v", "mjpeg", "-q:v", "3"]),
            ("clip.webm", ["-c:v", "libvpx-vp9", "-b:v", "200k", "-deadline", "realtime", "-cpu-used", "8"]),
        ]
        for (name, codec) in variants {
            let path = directory.appendingPathComponent(name).path
            try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=12", "-frames:v", "17"]
                + codec + [path])
            let reader = try VideoReader(path: path)
            XCTAssertEqual(reader.info.width, 96, name)
            XCTAssertEqual(reader.info.height, 64, name)
            XCTAssertEqual(reader.info.frameRate, 12, accuracy: 0.01, name)
            XCTAssertEqual(try decodeAll(path), 17, name)
            XCTAssertEqual(try TestMedia.probedFrameCount(path), 17, name)
        }
    }

    func testImageSequencePatternOpens() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let pattern = directory.appendingPathComponent("%04d.jpg").path
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=80x60:rate=5", "-frames:v", "6", pattern])
        let reader = try VideoReader(path: pattern)
        XCTAssertEqual(reader.info.containerName, "image2")
        XCTAssertEqual(reader.info.codecName, "mjpeg")
        XCTAssertEqual(reader.info.width, 80)
        XCTAssertEqual(reader.info.height, 60)
        XCTAssertEqual(reader.info.frameRate, 25)
        XCTAssertEqual(try decodeAll(pattern), 6)
        XCTAssertEqual(try TestMedia.probedFrameCount(pattern), 6)
        let frame = try XCTUnwrap(try VideoReader(path: pattern).nextFrame())
        XCTAssertEqual(frame.rgb().pixels.count, 80 * 60 * 3)
    }

    func testRotationMetadataTurnsPicturesUpright() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let plain = directory.appendingPathComponent("plain.mp4").path
        // Black 160x96 with a white 16x16 marker whose top-left corner is at (8, 8).
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "color=c=black:size=160x96:rate=10", "-frames:v", "5",
                                     "-vf", "drawbox=x=8:y=8:w=16:h=16:color=white:t=fill",
                                     "-c:v", "libx264", "-pix_fmt", "yuv420p", plain])
        // Upright size and marker centre (16, 16 in the stored picture) after a clockwise turn.
        let expectations: [Int: (width: Int, height: Int, centreX: Int, centreY: Int)] = [
            90: (96, 160, 96 - 16, 16), 180: (160, 96, 160 - 16, 96 - 16), 270: (96, 160, 16, 160 - 16),
        ]
        var turnsSeen: Set<Int> = []
        for tag in [90, 180, 270] {
            let rotated = directory.appendingPathComponent("rotated\(tag).mp4").path
            // FFmpeg 5.1 turns the `rotate` tag into a display matrix; which way it turns differs
            // between FFmpeg versions, so the expectation follows the matrix ffprobe reports.
            try TestMedia.run("ffmpeg", ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(tag)", rotated])
            let counterClockwise = try TestMedia.probedRotation(rotated)
            let clockwise = ((-counterClockwise) % 360 + 360) % 360
            let expected = try XCTUnwrap(expectations[clockwise], "ffprobe rotation \(counterClockwise)")
            turnsSeen.insert(clockwise)

            let reader = try VideoReader(path: rotated)
            XCTAssertEqual(reader.info.rotationDegrees, clockwise)
            XCTAssertEqual(reader.info.width, expected.width)
            XCTAssertEqual(reader.info.height, expected.height)
            let frame = try XCTUnwrap(try reader.nextFrame())
            XCTAssertEqual(frame.width, expected.width)
            XCTAssertEqual(frame.height, expected.height)
            XCTAssertGreaterThan(frame.luma[expected.centreX, expected.centreY], 200, "marker after \(clockwise)°")
            XCTAssertLessThan(frame.luma[expected.width / 2, expected.height / 2], 40)
            let rgb = frame.rgb()
            XCTAssertEqual(rgb.width, expected.width)
            XCTAssertEqual(rgb.height, expected.height)
            XCTAssertGreaterThan(rgb[expected.centreX, expected.centreY, 1], 200)
            XCTAssertLessThan(rgb[expected.width / 2, expected.height / 2, 1], 40)
            // ffmpeg's own autorotation must agree pixel for pixel.
            let reference = try TestMedia.referenceFirstLuma(rotated, planarFormat: "yuv420p", width: frame.width,
                                                             height: frame.height)
            XCTAssertEqual(pixelDifference(frame.luma.pixels, reference), .identical, "\(clockwise)°")
        }
        XCTAssertEqual(turnsSeen, [90, 180, 270])
    }
}

/// A value behind a lock, for collecting results from concurrent work in a test.
final class ThreadSafeBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

/// How two byte images differ, summarised so that a failing assertion prints one short line.
struct PixelDifference: Equatable, CustomStringConvertible {
    var sameCount: Bool
    var mean: Double
    var maximum: Int

    static let identical = PixelDifference(sameCount: true, mean: 0, maximum: 0)

    var description: String {
        sameCount ? "mean \(mean), max \(maximum)" : "different sizes"
    }
}

func pixelDifference(_ a: [UInt8], _ b: [UInt8]) -> PixelDifference {
    guard a.count == b.count else { return PixelDifference(sameCount: false, mean: .infinity, maximum: 255) }
    guard !a.isEmpty else { return .identical }
    var total = 0, maximum = 0
    for i in a.indices {
        let difference = abs(Int(a[i]) - Int(b[i]))
        total += difference
        maximum = max(maximum, difference)
    }
    return PixelDifference(sameCount: true, mean: Double(total) / Double(a.count), maximum: maximum)
}
