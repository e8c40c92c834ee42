import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import XCTest

/// Several sessions over one decode (`ClipTrackingSession.runTogether`) give what each gives alone,
/// on real encoded video, with different levels, start frames and re-seeding.
final class SessionsTogetherTests: XCTestCase {
    func testSessionsRunTogetherWriteWhatEachWritesAlone() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let runs: [(targets: [TrackTarget], options: TrackingOptions)] = [
            ([try TrackTarget(parsing: "left=157,138,22,55")], TrackingOptions(level: .fast, reseedEvery: 0)),
            ([try TrackTarget(parsing: "right=401,149,27,52")], TrackingOptions(level: .accurate, startFrame: 20, reseedEvery: 50)),
            ([try TrackTarget(parsing: "middle=312,97,20,48"), try TrackTarget(parsing: "157,138,22,55")],
             TrackingOptions(level: .fast, startFrame: 60, reseedEvery: 25)),
        ]
        var alone: [[TrackRecord]] = []
        for (index, run) in runs.enumerated() {
            let csv = folder.appendingPathComponent("alone-\(index).csv").path
            _ = try ClipTrackingSession(clipPath: clip, targets: run.targets, options: run.options)
                .run(makeSinks: { [try CSVTrackSink(path: csv)] })
            alone.append(try TrackCSV.read(path: csv))
        }
        let sessions = try runs.map { try ClipTrackingSession(clipPath: clip, targets: $0.targets, options: $0.options) }
        let paths = runs.indices.map { folder.appendingPathComponent("together-\($0).csv").path }
        let reports = try ClipTrackingSession.runTogether(sessions, makeSinks: paths.map { path in { [try CSVTrackSink(path: path)] } })
        for (index, report) in reports.enumerated() {
            let together = try TrackCSV.read(path: paths[index])
            XCTAssertEqual(try report.get().framesTracked, together.map(\.frame).max().map { $0 + 1 - runs[index].options.startFrame })
            XCTAssertEqual(together, alone[index], "run \(index)")
        }
        XCTAssertEqual(alone[1].first?.frame, 20)
        XCTAssertGreaterThan(Set(alone[2].map(\.trackID)).count, 1)
    }

    func testAFailingSessionStopsAloneAndTheOthersFinish() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let target = try TrackTarget(parsing: "157,138,22,55")
        let sessions = try [0, 5000].map { start in
            try ClipTrackingSession(clipPath: clip, targets: [target], options: TrackingOptions(level: .fast, startFrame: start))
        }
        let csv = folder.appendingPathComponent("ok.csv").path
        let reports = try ClipTrackingSession.runTogether(sessions, makeSinks: [{ [try CSVTrackSink(path: csv)] }, { [] }])
        XCTAssertGreaterThan(try reports[0].get().framesTracked, 700)
        XCTAssertThrowsError(try reports[1].get()) { error in
            XCTAssertTrue("\(error)".contains("start frame 5000 is past the end of the clip"), "\(error)")
        }
    }
}
