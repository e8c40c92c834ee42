import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import Tracking
import XCTest

/// Re-seeding and confidence on real footage: a track left behind on a static structure is drawn
/// dashed, and a lost track is never moved onto a look-alike.
final class ReseedEvidenceTests: XCTestCase {
    /// The README's sample run: three pedestrians who walk past a sign and a lamp post, where
    /// trackers are left behind. A box that stops dead after following a walker (centre still within
    /// 2 px for 15 frames after moving more than 20 px in the 30 frames before) and that the tracker
    /// never carries on from by itself (more than 20 px away with no re-seed in between: a person
    /// who stood still and walked on) sits on the structure, not on the walker. Re-seeded by the
    /// person detector, as the README's run is, no such box is drawn solid: the detector finds no
    /// person there. With the template re-detector alone the only evidence is the tracker's, whose
    /// sharp response on the sign reads as an object that changed its look (measured: 20 of 53 such
    /// frames solid, at 0.68-0.78, where the old cap on a failed first-appearance search dashed
    /// them all; that cap also dashed hundreds of frames on turning objects in the development set).
    /// The template case runs the correlation filters, which are left behind there; the learned
    /// default is not (1 such track-frame).
    func testTrackLeftBehindOnTheSignOrLampPostIsDrawnDashed() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let targets = try ["left=157,138,22,55", "middle=312,97,20,48", "right=401,149,27,52"].map(TrackTarget.init(parsing:))
        for detector in [DetectorChoice.person, .template] {
            let kind: TrackerKind = detector == .person ? .learned : .correlationFilter
            let (records, _) = try PipelineFixtures.track(clip, targets: targets, options: TrackingOptions(detector: detector, trackerKind: kind),
                                                          in: folder)
            var leftBehind = 0, solid: [String] = []
            for id in Set(records.map(\.trackID)).sorted() {
                let track = records.filter { $0.trackID == id }.sorted { $0.frame < $1.frame }
                for index in 45..<track.count {
                    let here = track[index].box
                    let still = (index - 15...index).allSatisfy { distance(track[$0].box, here) < 2 }
                    let moved = distance(track[index - 15].box, track[index - 45].box) > 20
                    let later = track[(index + 1)...].prefix { $0.state != .reseeded && $0.state != .ended }
                    let walksOn = later.contains { distance($0.box, here) > 20 }
                    guard still && moved && !walksOn else { continue }
                    leftBehind += 1
                    if track[index].confidence > 0.5 { solid.append("track \(id) frame \(track[index].frame)") }
                }
            }
            print("[reseed] sample run, --detector \(detector): \(leftBehind) track-frames left behind on a structure, \(solid.count) drawn solid")
            if detector == .person {
                XCTAssertEqual(solid, [], "left-behind boxes drawn solid")
            } else {
                XCTAssertGreaterThan(leftBehind, 10, "the clip should leave a tracker behind on the sign or lamp post")
                XCTAssertLessThan(2 * solid.count, leftBehind, "most left-behind boxes drawn solid")
            }
        }
    }

    /// Football1: a helmet among look-alike helmets. With re-seeding the track is searched for when
    /// its tracker loses confidence; every re-seed must land on the ground-truth helmet, never on
    /// another player's.
    func testLostTrackIsNotMovedOntoALookAlikeHelmet() throws {
        let (clip, truth) = try TestFootage.developmentSequence("Football1")
        let folder = try PipelineFixtures.temporaryFolder(self)
        for level in TrackingLevel.allCases {
            let (records, _) = try PipelineFixtures.track(
                clip, targets: [TrackTarget(label: "helmet", box: truth[0])],
                options: TrackingOptions(level: level, reseedEvery: 10), in: folder)
            XCTAssertEqual(records.count, truth.count)
            let searched = records.filter { $0.state == .lost || $0.state == .reseeded }
            print("[reseed] Football1 \(level): \(searched.count) frames lost or re-seeded")
            for record in records where record.state == .reseeded && truth[record.frame].isValid {
                XCTAssertGreaterThanOrEqual(record.box.iou(truth[record.frame]), 0.3,
                                            "\(level): frame \(record.frame) re-seeded away from the helmet")
            }
        }
    }

    /// Animal1, an animal in a herd seen from a drone, at `fast`: the tracker slides off as the
    /// animal turns, and one search later finds a look-alike 2.8 sizes away that agrees with the
    /// first appearance (0.73) clearly more than anything else in reach. Before relocations needed a
    /// second search to find the candidate again, the track was moved there (IoU 0 to the end) and
    /// re-seeding cost 0.10 AUC. Every re-seed must land on the animal, and the track must overlap
    /// it on as many frames as the unaided tracker does. The correlation filter: the learned tracker
    /// does not slide off the animal.
    func testRelocationOntoALookAlikeInTheHerdIsRefused() throws {
        let (clip, truth) = try TestFootage.developmentSequence("Animal1")
        let folder = try PipelineFixtures.temporaryFolder(self)
        func overlapping(_ records: [TrackRecord]) -> Int {
            records.filter { $0.frame < truth.count && truth[$0.frame].isValid && $0.box.iou(truth[$0.frame]) >= 0.1 }.count
        }
        let target = [TrackTarget(label: "animal", box: truth[0])]
        let (unaided, _) = try PipelineFixtures.track(clip, targets: target, options: TrackingOptions(
            level: .fast, reseedEvery: 0, trackerKind: .correlationFilter), in: folder)
        let (records, _) = try PipelineFixtures.track(clip, targets: target, options: TrackingOptions(
            level: .fast, reseedEvery: 50, trackerKind: .correlationFilter), in: folder)
        XCTAssertEqual(records.count, truth.count)
        XCTAssertTrue(records.contains { $0.state == .lost }, "the track was expected to be searched for")
        for record in records where record.state == .reseeded {
            XCTAssertGreaterThanOrEqual(record.box.iou(truth[record.frame]), 0.3, "frame \(record.frame) re-seeded away from the animal")
        }
        print("[reseed] Animal1 fast: \(overlapping(records)) frames overlap the animal with re-seeding, \(overlapping(unaided)) without")
        XCTAssertGreaterThanOrEqual(overlapping(records), overlapping(unaided))
    }

    /// Drone footage where both levels drift off their object and stay off: in group3_2 the person
    /// walks behind trees and the box settles on another walker or the background; in wakeboard5
    /// the camera jumps by more than the search window and the box stays on the spray and the
    /// water. (truck2, where the box stayed on the palms the truck drove past, no longer serves:
    /// `accurate`'s constrained filter keeps the truck.) The tracker, unaided (no re-seeding), must
    /// draw the frames where it has lost the object (IoU < 0.1) dashed, and in group3_2 the frames
    /// where it still holds it (IoU >= 0.5) solid. Before the confidence had its first-model
    /// agreement term, 81-82% of group3_2's lost frames were drawn dashed. Every stretch of at least
    /// 30 frames off the object (IoU < 0.1) must also be dashed within 10 frames of its start and
    /// `lost` on most of the rest (measured: 74% of the later frames at `fast` in group3_2, 82-99%
    /// elsewhere). group3_2 runs the correlation filters: the learned trackers keep its walker (13 and
    /// 41 frames off it at `fast` and `accurate`, 92% and 93% of them dashed); wakeboard5 runs the
    /// learned default, which the camera's jump still throws off.
    func testDriftOffTheObjectIsDrawnDashed() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        for (name, kind) in [("group3_2", TrackerKind.correlationFilter), ("wakeboard5", .learned)] {
            let (clip, truth) = try TestFootage.developmentSequence(name)
            for level in TrackingLevel.allCases {
                let (records, _) = try PipelineFixtures.track(
                    clip, targets: [TrackTarget(label: name, box: truth[0])],
                    options: TrackingOptions(level: level, reseedEvery: 0, trackerKind: kind), in: folder)
                XCTAssertEqual(records.count, truth.count)
                let scored = records.filter { $0.frame < truth.count && truth[$0.frame].isValid }
                let lost = scored.filter { $0.box.iou(truth[$0.frame]) < 0.1 }
                let held = scored.filter { $0.box.iou(truth[$0.frame]) >= 0.5 }
                let lostDashed = Double(lost.filter { $0.confidence <= 0.5 }.count) / Double(max(lost.count, 1))
                let heldSolid = Double(held.filter { $0.confidence > 0.5 }.count) / Double(max(held.count, 1))
                print("[confidence] \(name) \(level): \(lost.count) lost frames, \(lostDashed) dashed; \(held.count) held, \(heldSolid) solid")
                XCTAssertGreaterThan(lost.count, 50, "\(name) \(level): the tracker was expected to lose the object")
                XCTAssertGreaterThanOrEqual(lostDashed, 0.85, "\(name) \(level): lost frames drawn solid")
                if name == "group3_2" {
                    XCTAssertGreaterThanOrEqual(heldSolid, 0.9, "\(name) \(level): frames on the object drawn dashed")
                }
                let stretches = offObjectStretches(records, truth: truth, minimumLength: 30)
                XCTAssertFalse(stretches.isEmpty, "\(name) \(level): the tracker was expected to lose the object")
                var lostFrames = 0, laterFrames = 0
                for stretch in stretches {
                    let settled = stretch.dropFirst(10)
                    let dashedEarly = stretch.prefix(11).contains { $0.style == .dashed }
                    XCTAssertTrue(dashedEarly, "\(name) \(level): off the object from frame \(stretch[0].frame), still solid 10 frames later")
                    lostFrames += settled.filter { $0.state == .lost }.count
                    laterFrames += settled.count
                }
                print("[confidence] \(name) \(level): \(stretches.count) stretches off the object, \(lostFrames) of \(laterFrames) later frames lost")
                XCTAssertGreaterThanOrEqual(Double(lostFrames), 0.7 * Double(laterFrames), "\(name) \(level): off the object but not lost")
            }
        }
    }

    /// Runs of consecutive scored records with IoU < 0.1, at least `minimumLength` long.
    private func offObjectStretches(_ records: [TrackRecord], truth: [PixelRect], minimumLength: Int) -> [[TrackRecord]] {
        var stretches: [[TrackRecord]] = [], current: [TrackRecord] = []
        for record in records where record.frame > 0 && record.frame < truth.count && truth[record.frame].isValid {
            if record.box.iou(truth[record.frame]) < 0.1 {
                current.append(record)
            } else {
                if current.count >= minimumLength { stretches.append(current) }
                current = []
            }
        }
        if current.count >= minimumLength { stretches.append(current) }
        return stretches
    }

    private func distance(_ a: PixelRect, _ b: PixelRect) -> Double {
        hypot(a.centerX - b.centerX, a.centerY - b.centerY)
    }
}
