import Detection
import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import Tracking
import VideoIO
import XCTest

/// Finding a lost object again by its colours, on real drone footage where its grey template
/// cannot: group3_2's walker, 15 x 64 px from a drone, hidden by trees from frame 90 to 124.
final class ColourRedetectionTests: XCTestCase {
    /// Colour frames of `clip` at `indices`, decoded with vtrack's own reader.
    private func colourFrames(_ clip: String, _ indices: Set<Int>) throws -> [Int: ImageFrame] {
        let reader = try VideoReader(path: clip)
        var frames: [Int: ImageFrame] = [:]
        while let frame = try reader.nextFrame(), frame.index <= indices.max() ?? -1 {
            if indices.contains(frame.index) { frames[frame.index] = frame.imageFrame(colour: true) }
        }
        return frames
    }

    /// Learnt on frame 0, the walker's colours single it out again after it came back from behind
    /// the trees: searching 5 of its sizes around it, the best place overlaps the ground truth on
    /// most of the frames where it is visible, and agrees with the first appearance more than a
    /// place two sizes to its side.
    func testWalkerIsFoundByColourAfterTheTrees() throws {
        let (clip, truth) = try TestFootage.developmentSequence("group3_2")
        let probes = Array(stride(from: 300, through: 400, by: 20))
        let frames = try colourFrames(clip, Set([0] + probes))
        let first = try XCTUnwrap(frames[0])
        let redetector = try XCTUnwrap(ColourRedetector(frame: first, box: truth[0]))
        XCTAssertEqual(redetector.agreement(in: first, box: truth[0]), 1, accuracy: 1e-4)
        var found = 0
        for index in probes {
            let frame = try XCTUnwrap(frames[index]), box = truth[index]
            guard box.isValid else { continue }
            let size = (box.width * box.height).squareRoot()
            let region = box.resized(width: box.width + 10 * size, height: box.height + 10 * size)
            let best = try XCTUnwrap(redetector.search(in: frame, within: region, width: box.width, height: box.height).first)
            if best.box.iou(box) >= 0.3 { found += 1 }
            let aside = PixelRect(x: box.x + 2 * size, y: box.y, width: box.width, height: box.height)
            print("[colour] group3_2 frame \(index): best IoU \(best.box.iou(box)), agreement \(best.agreement); "
                  + "at the walker \(redetector.agreement(in: frame, box: box)), beside \(redetector.agreement(in: frame, box: aside))")
            XCTAssertGreaterThan(redetector.agreement(in: frame, box: box), redetector.agreement(in: frame, box: aside),
                                 "frame \(index): the walker's colours should agree better than the ground beside")
        }
        XCTAssertGreaterThanOrEqual(found, 4, "the walker should be the best colour match on most probed frames")
    }

    /// Frames without colour, boxes outside the frame and regions without room for the object give
    /// nothing, not a crash (a walker of the bundled pedestrian clip, 22 x 55 px).
    func testMissingColourAndDegenerateBoxesGiveNothing() throws {
        let frame = try XCTUnwrap(try colourFrames(TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"), [0])[0])
        let walker = PixelRect(x: 157, y: 138, width: 22, height: 55)
        XCTAssertNil(ColourRedetector(frame: ImageFrame(luma: frame.luma), box: walker))
        XCTAssertNil(ColourRedetector(frame: frame, box: PixelRect(x: -50, y: -50, width: 20, height: 20)))
        XCTAssertNil(ColourRedetector(frame: frame, box: PixelRect(x: 10, y: 10, width: 2, height: 2)))
        XCTAssertNil(ColourRedetector(frame: frame, box: PixelRect(x: .nan, y: 10, width: 20, height: 20)))
        let redetector = try XCTUnwrap(ColourRedetector(frame: frame, box: walker))
        XCTAssertEqual(redetector.agreement(in: ImageFrame(luma: frame.luma), box: walker), 0)
        XCTAssertEqual(redetector.agreement(in: frame, box: PixelRect(x: 5000, y: 0, width: 20, height: 20)), 0)
        XCTAssertTrue(redetector.search(in: frame, within: PixelRect(x: 5000, y: 0, width: 100, height: 100), width: 22, height: 55).isEmpty)
        XCTAssertTrue(redetector.search(in: frame, within: frame.bounds, width: .infinity, height: 55).isEmpty)
        XCTAssertTrue(redetector.search(in: frame, within: PixelRect(x: 0, y: 0, width: 30, height: 30), width: 22, height: 55).isEmpty)
    }

    /// The pipeline with the correlation filters at both levels: with re-seeding, the track lost on
    /// the trees is moved back onto the walker once its colours single it out again (two searches in
    /// a row), though by then its velocity predicts it off the frame (the whole frame is searched once
    /// a track is lost for good); without re-seeding it never comes back. Every re-seed lands on the
    /// walker. The learned trackers (the default) do not lose the walker on the trees at all: 271
    /// (`fast`) and 243 (`accurate`) frames on the walker after the trees, unaided.
    func testLostWalkerIsRelocatedAfterTheTrees() throws {
        let (clip, truth) = try TestFootage.developmentSequence("group3_2")
        let folder = try PipelineFixtures.temporaryFolder(self)
        let target = [TrackTarget(label: "walker", box: truth[0])]
        func onWalkerAfterTrees(_ records: [TrackRecord]) -> Int {
            records.filter { $0.frame >= 125 && $0.frame < truth.count && truth[$0.frame].isValid && $0.box.iou(truth[$0.frame]) >= 0.1 }.count
        }
        for level in [TrackingLevel.fast, .accurate] {
            let (learned, _) = try PipelineFixtures.track(clip, targets: target, options: TrackingOptions(level: level, reseedEvery: 0), in: folder)
            XCTAssertGreaterThanOrEqual(onWalkerAfterTrees(learned), 15, "\(level): the learned tracker should keep the walker")
            let (unaided, _) = try PipelineFixtures.track(clip, targets: target, options: TrackingOptions(
                level: level, reseedEvery: 0, trackerKind: .correlationFilter), in: folder)
            let (records, _) = try PipelineFixtures.track(clip, targets: target, options: TrackingOptions(
                level: level, reseedEvery: 50, trackerKind: .correlationFilter), in: folder)
            XCTAssertEqual(records.count, truth.count)
            let reseeds = records.filter { $0.state == .reseeded }
            for record in reseeds {
                // The colour window's place is one cell (a sixth of the object) coarse: the re-seed must
                // put the box's centre on the walker, and overlap it.
                let walker = truth[record.frame], box = record.box
                XCTAssertTrue(walker.x...(walker.x + walker.width) ~= box.centerX && walker.y...(walker.y + walker.height) ~= box.centerY,
                              "\(level): frame \(record.frame) re-seeded at \(box), off the walker at \(walker)")
                XCTAssertGreaterThanOrEqual(box.iou(walker), 0.2, "\(level): frame \(record.frame) re-seeded away from the walker")
            }
            print("[colour] group3_2 \(level): re-seeded at frames \(reseeds.map(\.frame)); \(onWalkerAfterTrees(records)) frames on the walker "
                  + "after the trees with re-seeding, \(onWalkerAfterTrees(unaided)) without; learned tracker \(onWalkerAfterTrees(learned))")
            XCTAssertFalse(reseeds.isEmpty, "\(level): the walker should be re-found after the trees")
            XCTAssertEqual(onWalkerAfterTrees(unaided), 0, "\(level): the unaided tracker was expected to stay lost")
            XCTAssertGreaterThanOrEqual(onWalkerAfterTrees(records), 15, "\(level): re-seeding should bring the track back onto the walker")
        }
    }
}
