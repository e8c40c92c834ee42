import Foundation
import TestFootage
import VideoIO
import XCTest

/// Inputs that are missing, not video, or damaged: each must give a one-line ``VideoError`` naming
/// the file, or decode what can be decoded; never crash.
final class DamagedInputTests: XCTestCase {
    private func assertOpenFails(_ path: String, file: StaticString = #filePath, line: UInt = #line,
                                 _ check: (VideoError) -> Bool) {
        XCTAssertThrowsError(try VideoReader(path: path), file: file, line: line) { error in
            guard let error = error as? VideoError else {
                return XCTFail("not a VideoError: \(error)", file: file, line: line)
            }
            XCTAssertTrue(check(error), "unexpected \(error)", file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description, file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
        }
    }

    func testMissingFile() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("absent.mp4").path
        assertOpenFails(path) { $0 == .fileNotFound(path: path) }
        XCTAssertEqual(VideoError.fileNotFound(path: "clip.mp4").description, "clip.mp4: file not found")
    }

    func testTextFileNamedMP4() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("notes.mp4").path
        try Data("these are not the frames you are looking for\n".utf8).write(to: URL(fileURLWithPath: path))
        assertOpenFails(path) { if case .notAVideoFile = $0 { return true } else { return false } }
    }

    func testZeroByteFile() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("empty.mp4").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        assertOpenFails(path) { if case .notAVideoFile = $0 { return true } else { return false } }
    }

    func testDirectoryAndEmptyPattern() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        assertOpenFails(directory.path) { _ in true }
        let pattern = directory.appendingPathComponent("%04d.png").path
        assertOpenFails(pattern) { $0 == .fileNotFound(path: pattern) }
    }

    func testAudioOnlyFileHasNoVideoStream() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("tone.m4a").path
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", path])
        assertOpenFails(path) { $0 == .noVideoStream(path: path) }
    }

    func testTruncatedFilesGiveAnErrorOrFewerFrames() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let original = TestFootage.sampleVideo("carphone_face_in_car.mp4")  // index (moov) after the media data
        let fastStart = directory.appendingPathComponent("faststart.mp4").path  // index first
        try TestMedia.run("ffmpeg", ["-i", original, "-c", "copy", "-movflags", "+faststart", fastStart])
        var partialDecodes = 0
        for source in [original, fastStart] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
            for fraction in [0.02, 0.3, 0.55, 0.8, 0.97] {
                let path = directory.appendingPathComponent("cut-\(Int(fraction * 100))-\(bytes.count).mp4").path
                try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
                let reader: VideoReader
                do {
                    reader = try VideoReader(path: path)
                } catch let error as VideoError {
                    XCTAssertTrue(error.description.hasPrefix(path), error.description)
                    continue
                }
                var frames = 0
                while try reader.nextFrame() != nil { frames += 1 }
                XCTAssertGreaterThan(frames, 0)
                XCTAssertLessThan(frames, 120, "a cut file cannot hold every frame")
                XCTAssertFalse(reader.warnings.isEmpty, "the early end must be reported")
                partialDecodes += 1
            }
        }
        XCTAssertGreaterThanOrEqual(partialDecodes, 3, "cuts of the fast-start copy decode their first part")
    }

    func testDamagedPictureInImageSequenceIsSkippedAndReported() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let pattern = directory.appendingPathComponent("%03d.jpg").path
        try TestMedia.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=5", "-frames:v", "8", pattern])
        try Data(repeating: 0x5A, count: 3000).write(to: directory.appendingPathComponent("004.jpg"))
        let reader = try VideoReader(path: pattern)
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        XCTAssertEqual(frames, 7)
        XCTAssertEqual(reader.damagedPacketCount, 1)
        XCTAssertTrue(reader.warnings.contains { $0.contains("damaged packet") }, "\(reader.warnings)")
    }

    func testGarbageInsideTheMediaDataDoesNotStopDecoding() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        let path = directory.appendingPathComponent("scribbled.mp4").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TestFootage.sampleVideo("carphone_face_in_car.mp4")))
        let start = bytes.count / 2
        for i in 0..<4096 { bytes[start + i] = UInt8(truncatingIfNeeded: i &* 97 &+ 13) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let reader = try VideoReader(path: path)
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        XCTAssertGreaterThanOrEqual(frames, 115, "damage in one place costs at most a few frames")
        XCTAssertLessThanOrEqual(frames, 120)
    }
}
