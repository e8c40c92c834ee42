import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import XCTest

/// The default detector, `auto`, on TUD-Campus (MOTChallenge, 640x480, 71 frames, `fast`, re-seeding
/// every 50 frames): a box on a walker (person 2's first ground-truth box) is followed as that
/// person, exactly as `--detector person` follows it, its identity checked between runs; a box on the
/// building above the walkers, where the person detector finds no one, exactly as the template
/// re-detector follows it, with no identity.
final class AutomaticDetectorTests: XCTestCase {
    private let walker = TrackTarget(label: "walker", box: PixelRect(x: 281, y: 200, width: 92, height: 184))
    private let building = TrackTarget(label: "building", box: PixelRect(x: 540, y: 30, width: 60, height: 60))

    func testABoxOnAPersonIsFollowedAsThatPersonAndAnyOtherBoxAsTheTemplateFollowsIt() throws {
        let clip = try TestFootage.developmentData("data/mot/TUD-Campus/TUD-Campus.mp4")
        func run(_ target: TrackTarget, _ detector: DetectorChoice) throws -> [TrackRecord] {
            let sink = RecordingSink()
            _ = try ClipTrackingSession(clipPath: clip, targets: [target], options: TrackingOptions(level: .fast, detector: detector))
                .run(makeSinks: { [sink] })
            return sink.records
        }
        XCTAssertEqual(TrackingOptions().detector, .automatic, "auto is the default")

        let walkerByDefault = try run(walker, .automatic)
        XCTAssertEqual(walkerByDefault.count, 71)
        XCTAssertEqual(walkerByDefault.map(\.box), try run(walker, .person).map(\.box), "a person is followed as --detector person does")
        XCTAssertEqual(walkerByDefault.map(\.confidence), try run(walker, .person).map(\.confidence))
        let checked = walkerByDefault.filter { $0.evidence?.identityMargin != nil }
        print("[auto] TUD-Campus walker: \(checked.count) of \(walkerByDefault.count) frames with an identity margin")
        XCTAssertGreaterThanOrEqual(checked.count, 50, "the walker's identity is checked from frame 10 on")

        let buildingByDefault = try run(building, .automatic)
        XCTAssertEqual(buildingByDefault.count, 71)
        let byTemplate = try run(building, .template)
        XCTAssertEqual(buildingByDefault.map(\.box), byTemplate.map(\.box), "any other box is followed as the template does")
        XCTAssertEqual(buildingByDefault.map(\.confidence), byTemplate.map(\.confidence))
        XCTAssertTrue(buildingByDefault.allSatisfy { $0.evidence?.identityMargin == nil }, "no identity for a building")
    }
}
