import Foundation
import Imaging
import NeuralDetection
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// The README's sample run re-seeded by the person detector. The reference for "a person is there"
/// is the same model searching every 10th frame whole (no hints, score >= 0.3; it found 39 of 44
/// people counted by hand on eight frames): a solid box overlapping no such detection (IoU < 0.1)
/// is on a place where no person is.
final class PersonReseedTests: XCTestCase {
    private let targets = ["left=157,138,22,55", "middle=312,97,20,48", "right=401,149,27,52"]

    func testNoTrackStaysSolidWhereNoPersonIsForMoreThanOneCycle() throws {
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let people = try referencePeople(in: clip)
        let folder = try PipelineFixtures.temporaryFolder(self)
        let boxes = try targets.map(TrackTarget.init(parsing:))
        var solidOnPersonShare: [String: Double] = [:]
        for detector in [DetectorChoice.person, .template] {
            let (records, _) = try PipelineFixtures.track(clip, targets: boxes, options: TrackingOptions(detector: detector), in: folder)
            var onPerson = 0, onNobody = 0
            for id in Set(records.map(\.trackID)).sorted() {
                var run = 0, longest = 0
                for record in records where record.trackID == id && record.frame % 10 == 0 {
                    let nobody = !(people[record.frame] ?? []).contains { $0.iou(record.box) >= 0.1 }
                    if record.confidence > 0.5 && nobody { run += 10; onNobody += 1 } else { run = 0 }
                    if record.confidence > 0.5 && !nobody { onPerson += 1 }
                    longest = max(longest, run)
                }
                if detector == .person {
                    XCTAssertLessThanOrEqual(longest, 50, "track \(id) solid where no person is for \(longest) frames")
                }
            }
            solidOnPersonShare[detector.description] = Double(onPerson) / Double(max(1, onPerson + onNobody))
            print("[person] sample run, --detector \(detector): \(onPerson) sampled track-frames solid on a person, \(onNobody) solid on no one")
        }
        // The confidence is a probability, so the measure is how often a solid box is on a person,
        // not how many solid boxes there are. Measured: 36 of 40 with the person detector; with the
        // template re-detector 108 of 109 (114 of 137 before the confidence had the appearance cue,
        // which now dashes `right`'s box left on the sign).
        for (detector, share) in solidOnPersonShare {
            XCTAssertGreaterThanOrEqual(share, 0.85, "--detector \(detector): a solid box should be on a person")
        }
    }

    /// Whole-frame person detections (score >= 0.3) on every 10th frame.
    private func referencePeople(in clip: String) throws -> [Int: [PixelRect]] {
        let detector = try SSDLitePersonDetector()
        let reader = try VideoReader(path: clip)
        var people: [Int: [PixelRect]] = [:]
        while let frame = try reader.nextFrame() {
            guard frame.index % 10 == 0 else { continue }
            people[frame.index] = try detector.detect(in: frame.imageFrame(colour: true)).map(\.box)
        }
        return people
    }

    /// No box: every person on the start frame gets a track, people who come later get new ones,
    /// tracks that no detection supports end, ids are never reused, at most 16 live at once.
    func testPersonDetectorStartsAndEndsTracksByItself() throws {
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let folder = try PipelineFixtures.temporaryFolder(self)
        let (records, report) = try PipelineFixtures.track(clip, targets: [], options: TrackingOptions(level: .fast, detector: .person),
                                                           in: folder)
        let ids = Set(records.map(\.trackID)).sorted()
        let first = records.filter { $0.frame == 0 }
        print("[person] automatic tracks: \(ids.count) tracks, \(first.count) on the first frame")
        // The three people boxed by hand on frame 0 (the README's boxes).
        let hand = ["157,138,22,55", "312,97,20,48", "401,149,27,52"].map { try? TrackTarget(parsing: $0).box }.compactMap { $0 }
        XCTAssertEqual(first.count, 3)
        for person in hand {
            XCTAssertTrue(first.contains { $0.box.iou(person) >= 0.5 && $0.label == "person" }, "no track on \(person)")
        }
        XCTAssertGreaterThan(ids.count, 10, "people who walk in later get tracks")
        XCTAssertEqual(report.tracks, ids.count)
        var ended = 0
        for id in ids {
            let frames = records.filter { $0.trackID == id }.map(\.frame)
            XCTAssertEqual(frames, Array((frames.first ?? 0)...(frames.last ?? 0)), "track \(id) has gaps: an id was reused")
            // A track the detector did not confirm is dropped without an `ended` record.
            let tentativeOnly = records.filter { $0.trackID == id }.allSatisfy { $0.state == .tentative }
            XCTAssertEqual(records.filter { $0.trackID == id && $0.state == .ended }.count, tentativeOnly ? 0 : 1)
            if (frames.last ?? 0) < 794 { ended += 1 }
        }
        XCTAssertGreaterThan(ended, 5, "tracks of people who left end before the clip does")
        for frame in Set(records.map(\.frame)) {
            XCTAssertLessThanOrEqual(records.filter { $0.frame == frame }.count, 16)
        }
    }
}
