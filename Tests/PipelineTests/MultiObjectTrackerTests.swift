import Detection
import Foundation
import Imaging
import Pipeline
import TrackFormats
import Tracking
import XCTest

/// ``MultiObjectTracker`` driven frame by frame with a detector that answers from a script, on a
/// synthetic clip: when tracks start, are confirmed, end, and which ids they get.
final class MultiObjectTrackerTests: XCTestCase {
    /// Answers its n-th call with the n-th list of the script (nothing once the script ends).
    private final class ScriptedDetector: Detector {
        private var script: [[Detection]]
        init(_ script: [[Detection]]) { self.script = script }
        func detect(in frame: ImageFrame, near hints: [PixelRect]) throws -> [Detection] {
            script.isEmpty ? [] : script.removeFirst()
        }
    }

    /// Runs the tracker over a 320x240 clip of 8 frames whose object moves 2 px right a frame; the
    /// detector runs on frames 0, 2, 4 and 6. `script(truth)` gives its answers. Returns each frame's
    /// records.
    private func run(_ script: ([PixelRect]) -> [[Detection]]) throws -> [[TrackRecord]] {
        let parameters = SyntheticSceneParameters(width: 320, height: 240, frameCount: 8, seed: 4,
                                                  objectStart: PixelRect(x: 40, y: 60, width: 48, height: 64),
                                                  motion: .linear(dxPerFrame: 2, dyPerFrame: 0))
        let (frames, truth) = try PipelineFixtures.decodedSynthetic(parameters, in: PipelineFixtures.temporaryFolder(self))
        let tracker = MultiObjectTracker(detector: ScriptedDetector(script(truth.map(\.box))), usesColour: false,
                                         defaultLabel: "object", level: .fast, parameters: .init())
        let handler = SequenceRequestHandler()
        var records: [[TrackRecord]] = []
        for (offset, frame) in frames.enumerated() {
            let context = FrameContext(frame: frame, colour: false)
            if offset == 0 { try tracker.start(on: context) } else { try tracker.prepare(on: context, frameOffset: offset) }
            try handler.perform(tracker.requests, on: context.image)
            tracker.observe(context)
            records.append(tracker.records(on: context).sorted { $0.trackID < $1.trackID })
            tracker.advance()
        }
        return records
    }

    /// Background places with no object: a newcomer the detector reports, and a one-off false alarm.
    private let newcomer = PixelRect(x: 200, y: 40, width: 40, height: 60)
    private let falseAlarm = PixelRect(x: 200, y: 150, width: 40, height: 60)

    func testStartFrameTracksAreConfirmedAtOnceAndNewcomersAfterTwoRuns() throws {
        let records = try run { truth in
            [[Detection(box: truth[0], score: 0.9)],
             [Detection(box: truth[2], score: 0.9), Detection(box: newcomer, score: 0.8)],
             [Detection(box: truth[4], score: 0.9), Detection(box: newcomer, score: 0.8)],
             [Detection(box: truth[6], score: 0.9), Detection(box: newcomer, score: 0.8)]]
        }
        XCTAssertEqual(records[0].map(\.trackID), [1])
        XCTAssertNotEqual(records[0][0].state, .tentative)
        XCTAssertEqual(records[2].map(\.trackID), [1, 2])
        XCTAssertEqual(records[2][1].state, .tentative)
        XCTAssertEqual(records[3][1].state, .tentative)
        XCTAssertEqual(records[4][1].state, .reseeded, "confirmed by its second run, and re-seeded at its detection")
        XCTAssertEqual(records[5][1].state, .tracked)
        XCTAssertGreaterThan(records[7][0].box.iou(PixelRect(x: 54, y: 60, width: 48, height: 64)), 0.7, "track 1 follows the object")
        XCTAssertGreaterThan(records[7][1].box.iou(newcomer), 0.7)
    }

    func testATentativeTrackNotSeenAgainEndsAndItsIDIsNotReused() throws {
        let records = try run { truth in
            [[Detection(box: truth[0], score: 0.9)],
             [Detection(box: truth[2], score: 0.9), Detection(box: falseAlarm, score: 0.8)],
             [Detection(box: truth[4], score: 0.9)],
             [Detection(box: truth[6], score: 0.9), Detection(box: newcomer, score: 0.8)]]
        }
        XCTAssertEqual(records[2].map(\.trackID), [1, 2])
        XCTAssertEqual(records[4].map(\.trackID), [1], "the false alarm's track is dropped without a record")
        XCTAssertEqual(records[6].map(\.trackID), [1, 3])
    }

    func testDetectionsBelowTheConfidentScoreStartNoTrack() throws {
        let records = try run { truth in
            [[Detection(box: truth[0], score: 0.9), Detection(box: newcomer, score: 0.4)],
             [Detection(box: truth[2], score: 0.9), Detection(box: newcomer, score: 0.4)]]
        }
        XCTAssertEqual(records[0].map(\.trackID), [1])
        XCTAssertEqual(records[3].map(\.trackID), [1])
    }
}
