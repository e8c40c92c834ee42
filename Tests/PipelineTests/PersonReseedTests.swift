import Foundation
import Imaging
import NeuralDetection
import Pipeline
import VideoIO
import XCTest

/// The README's sample run re-seeded by the person detector. The reference for "a person is there"
/// is the same model searching every 10th frame whole (no hints, score >= 0.3; it found 39 of 44
/// people counted by hand on eight frames): a solid box overlapping no such detection (IoU < 0.1)
/// is on a place where no person is.
final class PersonReseedTests: XCTestCase {
    private let targets = ["left=157,138,22,55", "middle=312,97,20,48", "right=401,149,27,52"]

    func testNoTrackStaysSolidWhereNoPersonIsForMoreThanOneCycle() throws {
        let clip = PipelineFixtures.sampleVideos.appendingPathComponent("pets09_s2l1_vtest_pedestrians.mp4").path
        let people = try referencePeople(in: clip)
        let folder = try PipelineFixtures.temporaryFolder(self)
        let boxes = try targets.map(TrackTarget.init(parsing:))
        var solidOnPerson: [String: Int] = [:]
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
            solidOnPerson[detector.description] = onPerson
            print("[person] sample run, --detector \(detector): \(onPerson) sampled track-frames solid on a person, \(onNobody) solid on no one")
        }
        XCTAssertGreaterThan(solidOnPerson["person"] ?? 0, solidOnPerson["template"] ?? 0,
                             "the person detector keeps more tracks confidently on their people")
    }

    /// Whole-frame person detections (score >= 0.3) on every 10th frame.
    private func referencePeople(in clip: String) throws -> [Int: [PixelRect]] {
        let detector = try PersonDetector()
        let reader = try VideoReader(path: clip)
        var people: [Int: [PixelRect]] = [:]
        while let frame = try reader.nextFrame() {
            guard frame.index % 10 == 0 else { continue }
            people[frame.index] = try detector.detect(in: frame.imageFrame(colour: true)).map(\.box)
        }
        return people
    }
}
