import Foundation
import Pipeline
import TestFootage
import TrackFormats
import Tracking
import XCTest

/// Runs the whole pipeline on real OTB sequences and scores the CSV it writes with the team's
/// scoring script (shared/tools/otb_metrics.py), one-pass protocol, re-seeding off.
final class OTBSequenceTests: XCTestCase {
    func testCrossingAndCoupleEndToEndAndScored() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        for name in ["Crossing", "Couple"] {
            let (clip, truth) = try TestFootage.developmentSequence(name)
            for level in TrackingLevel.allCases {
                let csv = folder.appendingPathComponent("\(name)-\(level).csv").path
                let session = try ClipTrackingSession(clipPath: clip, targets: [TrackTarget(label: name, box: truth[0])],
                                                      options: TrackingOptions(level: level, reseedEvery: 0))
                let report = try session.run(makeSinks: { [try CSVTrackSink(path: csv)] })
                XCTAssertEqual(report.framesTracked, truth.count)
                let auc = try PipelineFixtures.otbSuccessAUC(csv: csv, sequence: name)
                print("[otb] \(name) \(level): success AUC \(String(format: "%.3f", auc)), \(String(format: "%.0f", Double(report.framesTracked) / max(report.trackingSeconds, 1e-9))) tracker fps")
                XCTAssertGreaterThan(auc, 0.4, "\(name) \(level)")
            }
        }
    }
}
