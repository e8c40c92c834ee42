import Foundation
import Imaging
import Pipeline
import Tracking
import XCTest

/// ``TrackReseeder`` with the template re-detector, on a lost track: where its own appearance
/// search finds the object decides whether the track is confirmed, moved or kept lost.
final class TrackReseederTests: XCTestCase {
    /// 320x240, 6 frames: a 64x56 object at (60, 90), hidden on frame 1, back 50 px to the right
    /// (IoU 0.12 with where it was, within one object size) from frame 2.
    private func clip() throws -> (frames: [FrameContext], start: PixelRect) {
        var parameters = SyntheticSceneParameters(width: 320, height: 240, frameCount: 6, seed: 9,
                                                  objectStart: PixelRect(x: 60, y: 90, width: 64, height: 56))
        parameters.hiddenFrames = 1..<2
        parameters.jumpAfterHidden = PixelOffset(dx: 50, dy: 0)
        let (frames, truth) = try PipelineFixtures.decodedSynthetic(parameters, in: PipelineFixtures.temporaryFolder(self))
        return (frames.map { FrameContext(frame: $0, colour: true) }, truth[0].box)
    }

    /// A track started on `context` at `box` whose tracker is taken to have lost it.
    private func lostTrack(at box: PixelRect, on context: FrameContext) -> TrackedObject {
        let object = TrackedObject(trackID: 1, label: "a", classLabel: nil, box: box, on: context, level: .fast,
                                   kind: .correlationFilter, learnsAppearance: true)
        object.markLost()
        return object
    }

    func testAnObjectFoundTwiceInARowAwayFromItsTrackerIsReseededThere() throws {
        let (frames, start) = try clip()
        let object = lostTrack(at: start, on: frames[0])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .template)
        XCTAssertNil(reseeder.classDetector)
        let moved = PixelRect(x: 110, y: 90, width: 64, height: 56)

        try reseeder.prepare([object], on: frames[2], frameOffset: 2)
        let proposal = try XCTUnwrap(object.proposedRelocation, "the first sighting is only proposed")
        XCTAssertGreaterThan(proposal.box.iou(moved), 0.6)
        XCTAssertTrue(object.isLost)

        try reseeder.prepare([object], on: frames[3], frameOffset: 3)
        XCTAssertFalse(object.isLost)
        XCTAssertNil(object.proposedRelocation)
        XCTAssertGreaterThan(object.predictedBox.iou(moved), 0.8, "re-seeded where the object is, at its own size")
    }

    func testAnObjectStillWhereItsTrackerIsConfirmsTheTrack() throws {
        let (frames, start) = try clip()
        let object = lostTrack(at: start, on: frames[0])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .template)
        // Frame 0 again: the object is in the tracker's box.
        try reseeder.prepare([object], on: frames[0], frameOffset: 1)
        XCTAssertFalse(object.isLost)
        XCTAssertNil(object.proposedRelocation)
        XCTAssertEqual(object.predictedBox, start)
    }

    func testAnObjectHiddenEverywhereLeavesTheTrackLost() throws {
        let (frames, start) = try clip()
        let object = lostTrack(at: start, on: frames[0])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .template)
        try reseeder.prepare([object], on: frames[1], frameOffset: 1)
        XCTAssertTrue(object.isLost)
        XCTAssertNil(object.proposedRelocation)
    }
}
