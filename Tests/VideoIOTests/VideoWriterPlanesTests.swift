import Foundation
import Imaging
import TestFootage
import VideoIO
import XCTest

/// Encoding a decoded picture's own planes with a drawing on them, against drawing on its RGB picture.
final class VideoWriterPlanesTests: XCTestCase {
    private let box = PixelRect(x: 40, y: 30, width: 60, height: 50)

    private func draw<Canvas: DrawingCanvas>(on canvas: inout Canvas) {
        canvas.drawRectangle(box, colour: .red, thickness: 2)
        canvas.drawLabel("#1 0.86", at: box, colour: .red, scale: 1)
    }

    /// Decoded luma of every frame of `path`.
    private func lumaFrames(_ path: String) throws -> [[UInt8]] {
        let reader = try VideoReader(path: path)
        var frames: [[UInt8]] = []
        while let frame = try reader.nextFrame() { frames.append(frame.luma.pixels) }
        return frames
    }

    func testDrawingOnThePlanesGivesTheRGBPathsPictureOnRealFootage() throws {
        let clip = TestFootage.sampleVideo("carphone_face_in_car.mp4")
        let directory = try TestMedia.scratchDirectory(for: self)
        let viaPlanes = directory.appendingPathComponent("planes.mp4").path
        let viaRGB = directory.appendingPathComponent("rgb.mp4").path
        let reader = try VideoReader(path: clip)
        let info = reader.info
        let planesWriter = try VideoWriter(path: viaPlanes, width: info.width, height: info.height, frameRate: info.frameRateRational)
        let rgbWriter = try VideoWriter(path: viaRGB, width: info.width, height: info.height, frameRate: info.frameRateRational)
        var sources: [[UInt8]] = []
        while let frame = try reader.nextFrame(), frame.index < 40 {
            XCTAssertTrue(planesWriter.canWritePlanes(of: frame), "an untagged upright yuv420p clip")
            try planesWriter.write(planesOf: frame, time: frame.time) { draw(on: &$0) }
            var rgb = frame.rgb()
            draw(on: &rgb)
            try rgbWriter.write(rgb: rgb, time: frame.time)
            sources.append(frame.luma.pixels)
        }
        try planesWriter.finish()
        try rgbWriter.finish()

        let planes = try lumaFrames(viaPlanes), rgb = try lumaFrames(viaRGB)
        XCTAssertEqual(planes.count, 40)
        XCTAssertEqual(rgb.count, 40)
        let width = info.width
        for index in planes.indices {
            XCTAssertGreaterThan(TestMedia.psnr(planes[index], rgb[index]), 34, "frame \(index): the two paths' pictures")
            XCTAssertGreaterThan(TestMedia.psnr(planes[index], sources[index]), TestMedia.psnr(rgb[index], sources[index]) - 1,
                                 "frame \(index): no further from the clip than the RGB path")
            // The left edge, away from the tag, is red: luma near red's 81 where the clip is not.
            let edge = Int(box.y + box.height / 2) * width + Int(box.x)
            XCTAssertEqual(Double(planes[index][edge]), 81, accuracy: 12, "frame \(index)")
        }
    }

    func testOnlyUprightBT601YUV420FramesOfTheWritersSizeGoThroughThePlanes() throws {
        let directory = try TestMedia.scratchDirectory(for: self)
        for (name, expected) in [("carphone_face_in_car.mp4", true), ("pets09_s2l1_vtest_pedestrians.mp4", false),
                                 ("cockatoo_handheld.mp4", false)] {
            let reader = try VideoReader(path: TestFootage.sampleVideo(name))
            guard let frame = try reader.nextFrame() else { return XCTFail("\(name) has no frame") }
            let path = directory.appendingPathComponent("\(name).mp4").path
            let writer = try VideoWriter(path: path, width: frame.width, height: frame.height, frameRate: reader.info.frameRateRational)
            XCTAssertEqual(writer.canWritePlanes(of: frame), expected, "\(name): BT.709 and 4:4:4 go through RGB")
            let other = try VideoWriter(path: directory.appendingPathComponent("other-\(name).mp4").path, width: frame.width + 2,
                                        height: frame.height, frameRate: reader.info.frameRateRational)
            XCTAssertFalse(other.canWritePlanes(of: frame), "\(name): another size")
            if !expected {
                XCTAssertThrowsError(try writer.write(planesOf: frame, time: 0) { _ in }) { error in
                    guard case VideoError.frameMismatch = error else { return XCTFail("\(error)") }
                }
                try writer.write(rgb: frame.rgb(), time: 0)
                XCTAssertEqual(writer.framesWritten, 1, "the writer stays usable")
            }
        }
    }
}
