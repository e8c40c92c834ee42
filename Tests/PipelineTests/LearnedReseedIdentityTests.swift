import Foundation
import Imaging
import Pipeline
import TestFootage
import Tracking
import VideoIO
import XCTest

/// A person detector's box says "a person", not which one: without an identity it never re-starts a
/// learned track, which keeps its object by its first view. On a real crossing the detection that
/// overlaps a walker's track box is another walker's; the filter's track is re-seeded onto him, the
/// learned one is not. With an identity (re-identification), both are re-seeded onto the right walker.
final class LearnedReseedIdentityTests: XCTestCase {
    /// TUD-Stadtmitte (640x480, MOTChallenge ground truth), 0-based frames: walker 5 on frame 0,
    /// alone; on frame 26 walker 4 stands where walker 5 was (IoU 0.50 with walker 5's first box) and
    /// walker 5 has walked on 0.6 of his size to the right, within reach of his track.
    private let walker5OnFrame0 = PixelRect(x: 458, y: 89, width: 64.796, height: 236.59)
    private let walker5OnFrame26 = PixelRect(x: 529, y: 90, width: 68.154, height: 222.42)
    private let walker4OnFrame26 = PixelRect(x: 435, y: 83, width: 69.575, height: 232.15)

    private func frames(_ indices: Set<Int>) throws -> [Int: FrameContext] {
        let reader = try VideoReader(path: try TestFootage.developmentData("data/mot/TUD-Stadtmitte/TUD-Stadtmitte.mp4"))
        var contexts: [Int: FrameContext] = [:]
        while let frame = try reader.nextFrame(), frame.index <= indices.max() ?? 0 {
            if indices.contains(frame.index) { contexts[frame.index] = FrameContext(frame: frame, colour: true) }
        }
        return contexts
    }

    /// A track of a person started at `box` on `context`, before its tracker has run: its box
    /// is still the one it was given.
    private func track(_ box: PixelRect, on context: FrameContext, level: TrackingLevel, kind: TrackerKind) -> TrackedObject {
        TrackedObject(trackID: 1, label: "walker", classLabel: "person", box: box, on: context, level: level,
                      kind: kind, learnsAppearance: true)
    }

    func testADetectionOfAnotherWalkerDoesNotReseedTheTrack() throws {
        let contexts = try frames([0, 26])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .person)
        let detector = try XCTUnwrap(reseeder.classDetector)
        let found = try detector.detect(in: contexts[26]!.colour).map(\.box)
        // The scene is the one described: both walkers are detected, and walker 4's detection is the
        // one that overlaps walker 5's track box.
        let walker4Detection = try XCTUnwrap(found.first { $0.iou(walker4OnFrame26) >= 0.5 }, "walker 4 not detected: \(found)")
        XCTAssertTrue(found.contains { $0.iou(walker5OnFrame26) >= 0.5 }, "walker 5 not detected: \(found)")
        XCTAssertEqual(found.max { $0.iou(walker5OnFrame0) < $1.iou(walker5OnFrame0) }, walker4Detection)

        for level in TrackingLevel.allCases {
            let learned = track(walker5OnFrame0, on: contexts[0]!, level: level, kind: .learned)
            try reseeder.prepare([learned], on: contexts[26]!, frameOffset: ReseedPolicy().interval)
            XCTAssertEqual(learned.predictedBox, walker5OnFrame0, "\(level): walker 5's learned track was re-seeded onto walker 4")

            let filter = track(walker5OnFrame0, on: contexts[0]!, level: level, kind: .correlationFilter)
            try reseeder.prepare([filter], on: contexts[26]!, frameOffset: ReseedPolicy().interval)
            XCTAssertGreaterThan(filter.predictedBox.iou(walker4OnFrame26), 0.5, "\(level): the filter's track was not re-seeded")
        }
    }

    /// With an identity (the re-identification embedding of walker 5's start box), the same scene
    /// re-seeds both kinds of track onto walker 5, who walked on, and not onto walker 4, who stands
    /// where the track is.
    func testTheWalkersIdentityReseedsHisTrackOntoHimNotOntoTheWalkerInHisPlace() throws {
        let contexts = try frames([0, 26])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .person)
        for kind in [TrackerKind.learned, .correlationFilter] {
            let walker = track(walker5OnFrame0, on: contexts[0]!, level: .accurate, kind: kind)
            try reseeder.startIdentities(of: [walker], in: contexts[0]!.colour)
            try reseeder.prepare([walker], on: contexts[26]!, frameOffset: ReseedPolicy().interval)
            XCTAssertGreaterThan(walker.predictedBox.iou(walker5OnFrame26), 0.5, "\(kind): not re-seeded onto walker 5: \(walker.predictedBox)")
            XCTAssertFalse(walker.isLost, "\(kind)")
        }
    }

    /// Between scheduled runs a person track's box is checked against the people seen near its start
    /// (walker 4, 100 px to walker 5's left on frame 0, is one). A track still at walker 5's start box
    /// is on walker 5 and nobody else on frame 10 (IoU 0.40 by the ground truth) and is left alone; on
    /// frame 30 walker 4 stands there (IoU 0.71, none with walker 5), so the track is doubted: drawn
    /// dashed until a run confirms it.
    func testATrackThatNowShowsTheWalkerBesideItsPersonIsDoubtedBetweenRuns() throws {
        let contexts = try frames([0, 10, 30])
        let reseeder = try TrackReseeder(policy: ReseedPolicy(), detector: .person)
        let walker = track(walker5OnFrame0, on: contexts[0]!, level: .accurate, kind: .learned)
        try reseeder.startIdentities(of: [walker], in: contexts[0]!.colour)
        try reseeder.prepare([walker], on: contexts[10]!, frameOffset: 10)
        XCTAssertFalse(walker.doubtsIdentity, "doubted on frame 10, on walker 5")
        try reseeder.prepare([walker], on: contexts[30]!, frameOffset: 30)
        XCTAssertTrue(walker.doubtsIdentity, "not doubted on frame 30, on walker 4")
    }
}
