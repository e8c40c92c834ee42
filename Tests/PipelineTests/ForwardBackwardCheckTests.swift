import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// TLD's forward-backward check (`ForwardBackwardCheckedSink`, which the review page's frames go
/// through) on a real encoded clip: a box that leaves its object for the background is disputed
/// from the frame it left, and a box that stays on its object is not.
final class ForwardBackwardCheckTests: XCTestCase {
    /// Keeps every frame's records, in the order the sink hands them on.
    private final class Collector: TrackSink {
        var frames: [Int] = []
        var records: [TrackRecord] = []
        func write(frame: FrameContext, records: [TrackRecord]) throws {
            frames.append(frame.index)
            self.records += records
        }
        func finish() throws {}
    }

    func testABoxThatLeavesItsObjectIsDisputedFromWhereItLeftAndTheObjectsOwnBoxIsNot() throws {
        let (clip, truth) = try TestFootage.developmentSequence("Crossing")
        let reader = try VideoReader(path: clip)
        let collector = Collector()
        let sink = try ForwardBackwardCheckedSink(collector, options: TrackingOptions(level: .fast), frameRate: reader.info.frameRate)
        // Crossing is 30 frames/s: the check's first window is frames 0-59; the second (59-89) is cut short by the end.
        let frames = 90, jump = 40
        // From frame `jump` on, the second track holds a patch of the empty road beside the walker.
        let left = truth[jump]
        let side = left.x + left.width / 2 < Double(reader.info.width) / 2 ? 5.0 : -5.0
        let road = PixelRect(x: left.x + side * left.width, y: left.y, width: left.width, height: left.height)
        var given: [TrackRecord] = []
        while let frame = try reader.nextFrame(), frame.index < frames {
            let records = [1, 2].map { id in
                TrackRecord(frame: frame.index, time: frame.time, trackID: id, label: id == 1 ? "walker" : "drifting",
                            box: id == 2 && frame.index >= jump ? road : truth[frame.index], confidence: 0.9, state: .tracked)
            }
            given += records
            try sink.write(frame: FrameContext(frame: frame, colour: false), records: records)
        }
        try sink.finish()

        XCTAssertEqual(collector.frames, Array(0..<frames), "every frame handed on once, in order")
        XCTAssertEqual(collector.records.map(\.box), given.map(\.box), "boxes unchanged")
        let disputed = { (id: Int) in Set(collector.records.filter { $0.trackID == id && $0.source == .disputed }.map(\.frame)) }
        XCTAssertEqual(disputed(2), Set(jump..<60), "from the jump to the end of its window")
        XCTAssertEqual(disputed(1), [], "the walker's own boxes pass the check")
    }
}
