import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// TLD's forward-backward check (`ForwardBackwardCheckedSink`, which the review page's frames go
/// through) on a real encoded clip: a track whose box jumps from one walker to another is disputed
/// from the jump to the end of the check's window, and the tracker's own track of a walker is not.
final class ForwardBackwardCheckTests: XCTestCase {
    /// Keeps every frame's records, in the order a sink is handed them.
    private final class Collector: TrackSink {
        var frames: [Int] = []
        var records: [TrackRecord] = []
        func write(frame: FrameContext, records: [TrackRecord]) throws {
            frames.append(frame.index)
            self.records += records
        }
        func finish() throws {}
    }

    func testABoxThatJumpsToAnotherObjectIsDisputedFromTheJumpAndTheTrackersOwnTrackIsNot() throws {
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let options = TrackingOptions(level: .fast)
        // Two walkers far apart on the first 20 frames, tracked forward as `vtrack track` does.
        let session = try ClipTrackingSession(clipPath: clip, targets: ["left=157,138,22,55", "right=401,149,27,52"].map { try TrackTarget(parsing: $0) },
                                              options: options)
        let forward = Collector()
        _ = try session.run(makeSinks: { [forward] })
        func box(_ id: Int, _ frame: Int) throws -> PixelRect {
            try XCTUnwrap(forward.records.first { $0.trackID == id && $0.frame == frame }).box
        }

        // The clip is 10 frames/s: the check's first window is frames 0-19.
        let reader = try VideoReader(path: clip)
        let window = 20, jump = 10
        let collector = Collector()
        let sink = try ForwardBackwardCheckedSink(collector, options: options, frameRate: reader.info.frameRate)
        var given: [TrackRecord] = []
        while let frame = try reader.nextFrame(), frame.index < window {
            // Track 1 is the left walker's own track; track 2 holds it, then the right walker's from the jump on.
            let records = try [1, 2].map { id in
                TrackRecord(frame: frame.index, time: frame.time, trackID: id, label: id == 1 ? "left" : "jumping",
                            box: try box(id == 2 && frame.index >= jump ? 2 : 1, frame.index), confidence: 0.9, state: .tracked)
            }
            given += records
            try sink.write(frame: FrameContext(frame: frame, colour: false), records: records)
        }
        try sink.finish()

        XCTAssertEqual(collector.frames, Array(0..<window), "every frame handed on once, in order")
        XCTAssertEqual(collector.records.map(\.box), given.map(\.box), "boxes unchanged")
        let disputed = { (id: Int) in Set(collector.records.filter { $0.trackID == id && $0.source == .disputed }.map(\.frame)) }
        XCTAssertEqual(disputed(2), Set(jump..<window), "from the jump to the end of its window")
        XCTAssertEqual(disputed(1), [], "the tracker's own track passes its check")
    }
}
