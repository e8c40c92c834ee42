import Foundation
import Imaging
import Pipeline
import TrackFormats
import Tracking
import VideoIO
import XCTest

/// Tracks a synthetic object through a real encoded clip and compares with its exact ground truth.
final class SyntheticTrackingTests: XCTestCase {
    private func movingObject() -> SyntheticSceneParameters {
        SyntheticSceneParameters(
            width: 480, height: 270, frameCount: 120, seed: 11,
            objectStart: PixelRect(x: 100, y: 90, width: 60, height: 50),
            motion: .lissajous(amplitudeX: 120, amplitudeY: 60, periodX: 200, periodY: 150),
            finalScale: 1.35, cameraNoise: 4)
    }

    func testTrackingTheSyntheticObjectGivesMeanIoUAtLeast0_8AtBothLevels() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let (clip, truth) = try PipelineFixtures.writeSynthetic(movingObject(), in: folder)
        for level in TrackingLevel.allCases {
            let (records, report) = try PipelineFixtures.track(
                clip, targets: [TrackTarget(label: "object", box: truth[0].box)],
                options: TrackingOptions(level: level, reseedEvery: 0), in: folder)
            XCTAssertEqual(report.framesTracked, 120)
            XCTAssertEqual(records.count, 120, "one row per frame")
            XCTAssertEqual(records.map(\.frame), Array(0..<120))
            let ious = records.map { $0.box.iou(truth[$0.frame].box) }
            let mean = ious.reduce(0, +) / Double(ious.count)
            XCTAssertGreaterThanOrEqual(mean, 0.8, "\(level): mean IoU \(mean)")
            XCTAssertGreaterThan(records.filter { $0.confidence > 0.5 }.count, 110, "\(level): visible object tracked confidently")
        }
    }

    func testStartFrameAppliesTheBoxToThatFrame() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let (clip, truth) = try PipelineFixtures.writeSynthetic(movingObject(), in: folder)
        let (records, _) = try PipelineFixtures.track(
            clip, targets: [TrackTarget(box: truth[40].box)],
            options: TrackingOptions(level: .fast, startFrame: 40, reseedEvery: 0), in: folder)
        XCTAssertEqual(records.first?.frame, 40)
        XCTAssertEqual(records.count, 80)
        let mean = records.map { $0.box.iou(truth[$0.frame].box) }.reduce(0, +) / Double(records.count)
        XCTAssertGreaterThanOrEqual(mean, 0.8)
    }

    func testReseedEveryZeroGivesExactlyTheTrackerAlone() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let (clip, truth) = try PipelineFixtures.writeSynthetic(movingObject(), in: folder)
        let (records, _) = try PipelineFixtures.track(
            clip, targets: [TrackTarget(box: truth[0].box)],
            options: TrackingOptions(level: .fast, reseedEvery: 0, trackerKind: .correlationFilter), in: folder)

        // The same clip through the library alone (whose default is the correlation filter): Vision-style loop, result N is input N+1.
        let reader = try VideoReader(path: clip)
        let handler = SequenceRequestHandler()
        var request: TrackObjectRequest?
        var boxes: [PixelRect] = []
        while let frame = try reader.nextFrame() {
            let image = frame.imageFrame(colour: TrackerParameters.for(.fast).needsColour)
            let current = request ?? TrackObjectRequest(
                detectedObjectObservation: DetectedObjectObservation(
                    boundingBox: NormalizedRect(truth[0].box, imageWidth: image.width, imageHeight: image.height)),
                trackingLevel: .fast)
            request = current
            try handler.perform([current], on: image)
            let result = try XCTUnwrap(current.results.first)
            boxes.append(PixelRect(result.boundingBox, imageWidth: image.width, imageHeight: image.height))
            current.inputObservation = result
        }
        XCTAssertEqual(records.count, boxes.count)
        for (record, box) in zip(records, boxes) {
            XCTAssertEqual(record.box.x, box.x, accuracy: 0.01, "frame \(record.frame)")
            XCTAssertEqual(record.box.y, box.y, accuracy: 0.01, "frame \(record.frame)")
            XCTAssertEqual(record.box.width, box.width, accuracy: 0.01, "frame \(record.frame)")
            XCTAssertEqual(record.box.height, box.height, accuracy: 0.01, "frame \(record.frame)")
        }
        XCTAssertFalse(records.contains { $0.state == .reseeded || $0.state == .lost })
    }
}
