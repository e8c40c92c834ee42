import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// Keyframe-guided tracking on real footage with ground truth (Couple, 140 frames): keyframes are
/// written exactly, each stretch between two keyframes is covered by both passes, the backward pass
/// reaches before the first keyframe and no further back than the kept frames, and a wrong keyframe
/// makes the passes disagree where it misleads them. The passes run the `fast` correlation filter, whose
/// figures these are (Couple is one of the sequences where the filter beats the learned tracker).
final class KeyframeGuidedTrackingTests: XCTestCase {
    private func guided(_ keyframes: [Int], boxes: [PixelRect]? = nil, windowBytes: Int = KeyframeGuidedSession.defaultWindowBytes)
        throws -> (records: [TrackRecord], truth: [PixelRect], session: KeyframeGuidedSession) {
        let (clip, truth) = try TestFootage.developmentSequence("Couple")
        let given = boxes ?? keyframes.map { truth[$0] }
        let target = KeyframedTarget(label: "couple", keyframes: zip(keyframes, given).map { Keyframe(frame: $0, box: $1, origin: "test @\($0)") })
        let session = try KeyframeGuidedSession(clipPath: clip, targets: [target], options: TrackingOptions(level: .fast, trackerKind: .correlationFilter),
                                                windowBytes: windowBytes)
        let collector = RecordingSink()
        _ = try session.run(makeSinks: { [collector] })
        return (collector.records, truth, session)
    }

    func testKeyframesAreWrittenAsGivenAndBothPassesCoverTheFramesBetweenThem() throws {
        let (records, truth, _) = try guided([0, 50, 100])
        XCTAssertEqual(records.map(\.frame), Array(0..<truth.count), "one record on every frame")
        for frame in [0, 50, 100] {
            XCTAssertEqual(records[frame].source, .keyframe)
            XCTAssertEqual(records[frame].box, truth[frame])
            XCTAssertEqual(records[frame].confidence, 1)
        }
        let between = records.filter { (1..<100).contains($0.frame) && $0.frame != 50 }
        XCTAssertTrue(between.allSatisfy { $0.source == .combined || $0.source == .disputed }, "both passes cover 1...99")
        XCTAssertTrue(records[101...].allSatisfy { $0.source == .tracked }, "after the last keyframe only the forward pass runs")
        XCTAssertEqual(records.last?.state, .ended)
        let meanIoU = between.reduce(0) { $0 + $1.box.iou(truth[$1.frame]) } / Double(between.count)
        XCTAssertGreaterThan(meanIoU, 0.7, "between keyframes the combined boxes stay on the couple")
    }

    func testTheBackwardPassReachesBeforeTheFirstKeyframe() throws {
        let (records, truth, _) = try guided([40])
        XCTAssertEqual(records.first?.frame, 0, "the backward pass from frame 40 gives frames 0...39")
        XCTAssertTrue(records.prefix(40).allSatisfy { $0.source == .tracked })
        let onObject = records.prefix(40).filter { $0.box.iou(truth[$0.frame]) >= 0.5 }.count
        XCTAssertGreaterThan(onObject, 30, "backward, the tracker follows the couple to the clip's start")
    }

    func testBackwardPassesReachNoFurtherThanTheKeptFrames() throws {
        let (clip, _) = try TestFootage.developmentSequence("Couple")
        let info = try VideoReader(path: clip).info
        // Room for 10 frames (about 5.5 bytes a pixel each).
        let (records, _, session) = try guided([0, 60], windowBytes: info.width * info.height * 11 / 2 * 10)
        XCTAssertEqual(session.reach, 10)
        XCTAssertTrue(records[1...50].allSatisfy { $0.source == .tracked }, "beyond the reach, the forward pass alone")
        XCTAssertTrue(records[51...59].allSatisfy { $0.source != .tracked }, "the last 9 frames before the keyframe are combined")
        XCTAssertEqual(records[60].source, .keyframe)
    }

    func testAWrongKeyframeMakesThePassesDisagree() throws {
        let (_, truth) = try TestFootage.developmentSequence("Couple")
        // At frame 50 the box is put on the background, far from the couple.
        let wrong = PixelRect(x: truth[50].x > 160 ? 20 : 250, y: 150, width: truth[50].width, height: truth[50].height)
        let (records, _, _) = try guided([0, 50], boxes: [truth[0], wrong])
        let disputed = records[1..<50].filter { $0.source == .disputed }.count
        XCTAssertGreaterThan(disputed, 25, "the passes from the right and the wrong keyframe disagree on most frames between them")
        let (honest, _, _) = try guided([0, 50])
        XCTAssertLessThan(honest[1..<50].filter { $0.source == .disputed }.count, disputed / 3)
    }
}
