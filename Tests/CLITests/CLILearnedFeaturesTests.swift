import Foundation
import Imaging
import TestFootage
import XCTest

/// `vtrack track --learned-features` on a real development sequence: the Siamese tracker follows the
/// object through the whole pipeline (CSV, re-seeding), and without the neural runtime the option is
/// one error line that says how to install it, with nothing written.
final class CLILearnedFeaturesTests: XCTestCase {
    func testLearnedFeaturesFollowTheObjectThroughThePipeline() throws {
        let (clip, truth) = try TestFootage.developmentSequence("car_vot14")
        let folder = try CLITemporaryFolder()
        let box = truth[0]
        let outcome = try CLI.vtrack(["track", clip, "--box", "\(box.x),\(box.y),\(box.width),\(box.height)", "--level", "fast",
                                      "--learned-features", "--csv", folder.path("car.csv"), "--quiet"], timeout: 300)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let rows = try String(contentsOfFile: folder.path("car.csv"), encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        XCTAssertEqual(rows.count, truth.count)
        var overlaps: [Double] = []
        for row in rows {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            let frame = try XCTUnwrap(Int(fields[0]))
            let tracked = PixelRect(x: Double(fields[4]) ?? .nan, y: Double(fields[5]) ?? .nan,
                                    width: Double(fields[6]) ?? .nan, height: Double(fields[7]) ?? .nan)
            if truth[frame].isValid { overlaps.append(tracked.iou(truth[frame])) }
        }
        let mean = overlaps.reduce(0, +) / Double(overlaps.count)
        print("[learned] car_vot14 fast --learned-features: mean IoU \(String(format: "%.3f", mean)) over \(overlaps.count) frames")
        // The SUV grows 6x wide; NanoTrack v2 follows it (mean IoU 0.867 bare, `vtrack eval`; the
        // filter's `fast` 0.773).
        XCTAssertGreaterThan(mean, 0.75)
    }

    func testWithoutTheRuntimeTheOptionIsOneLineAndNothingIsWritten() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("clip.mp4"))
        let outcome = try CLI.vtrack(["track", folder.path("clip.mp4"), "--box", "40,30,40,40", "--learned-features",
                                      "--csv", folder.path("out.csv"), "--quiet"],
                                     environment: ["VTRACK_DEPS": folder.path("no-deps")])
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertFalse(outcome.signalled)
        XCTAssertEqual(outcome.messages.count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("OpenVINO runtime not available"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("install-deps.sh"), outcome.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.csv")))
    }
}
