import Foundation
import Imaging
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// Draws records into a real encoded MP4 and checks the decoded pixels.
final class AnnotatedVideoTests: XCTestCase {
    func testDashedBoxIsDashedAndSolidBoxIsSolidInTheDecodedVideo() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let plain = folder.appendingPathComponent("grey.mp4").path
        let writer = try VideoWriter(path: plain, width: 320, height: 240, frameRate: FrameRate(numerator: 25, denominator: 1))
        let grey = Image<UInt8>(width: 320, height: 240, channels: 3, repeating: 40)
        for i in 0..<10 { try writer.write(rgb: grey, time: Double(i) / 25) }
        try writer.finish()

        let annotated = folder.appendingPathComponent("annotated.mp4").path
        let reader = try VideoReader(path: plain)
        let sink = try AnnotatedVideoSink(path: annotated, info: reader.info, audioSourcePath: plain)
        let box = PixelRect(x: 40, y: 60, width: 240, height: 120)
        while let frame = try reader.nextFrame() {
            let confidence: Float = frame.index < 5 ? 0.3 : 0.9
            try sink.write(frame: FrameContext(frame: frame, colour: false),
                           records: [TrackRecord(frame: frame.index, time: frame.time, trackID: 1, label: "",
                                                 box: box, confidence: confidence, state: .tracked)])
        }
        try [sink].finishAndPublish()

        let decoded = try VideoReader(path: annotated)
        XCTAssertEqual(decoded.info.width, 320)
        var runsPerFrame: [Int] = []
        while let frame = try decoded.nextFrame() {
            // Walk the bottom edge (away from the label tag) and count drawn/undrawn runs.
            let y = Int(box.maxY) - 1
            var runs = 0
            var previous: Bool?
            for x in Int(box.x) + 2 ..< Int(box.maxX) - 2 {
                let drawn = abs(Int(frame.luma[x, y]) - 40) > 40
                if drawn != previous { runs += 1 }
                previous = drawn
            }
            runsPerFrame.append(runs)
        }
        XCTAssertEqual(runsPerFrame.count, 10)
        for (index, runs) in runsPerFrame.enumerated() {
            if index < 5 {
                XCTAssertGreaterThan(runs, 20, "frame \(index): a dashed edge alternates (runs: \(runs))")
            } else {
                XCTAssertEqual(runs, 1, "frame \(index): a solid edge is one run")
            }
        }
    }
}
