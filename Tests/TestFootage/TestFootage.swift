import Foundation
import Imaging
import XCTest

/// Where the tests find real footage.
///
/// Every clone has the clips of `SampleVideos/`, so tests of core behaviour use those (or footage
/// they make). The development data — the sequences with ground truth, the other clips and the
/// team's scoring scripts — lives in the `shared` folder beside the repository and is not in git;
/// the tests that need it (accuracy on real sequences, agreement with the scoring scripts) skip
/// without it and say what is missing.
///
///     let clip = TestFootage.sampleVideo("carphone_face_in_car.mp4")
///     let truth = try TestFootage.developmentData("data/sequences/bag/groundtruth_rect.txt")
public enum TestFootage {
    /// The package root: three levels above this file.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The development data folder: `<package root>/../shared`.
    public static let developmentFolder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// The path of a clip in `SampleVideos/` (it is always there: a missing one fails the test that opens it).
    public static func sampleVideo(_ name: String) -> String {
        packageRoot.appendingPathComponent("SampleVideos/\(name)").path
    }

    /// The path of `relative` (e.g. `data/sequences/bag` or `tools/otb_metrics.py`) under the
    /// development data folder; skips the test, naming what is missing, when it is not there.
    public static func developmentData(_ relative: String) throws -> String {
        let path = developmentFolder.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("needs the development data: \(path) is missing (README: Tests that need the development data)")
        }
        return path
    }

    /// A development sequence: its MP4 and its ground truth (`groundtruth_rect.txt`, one `x,y,w,h`
    /// line per frame, pixels, top-left origin; `nan` lines become invalid rectangles). Skips the test
    /// when the development data is missing or a line is malformed.
    public static func developmentSequence(_ name: String) throws -> (clip: String, groundTruth: [PixelRect]) {
        let clip = try developmentData("data/sequences/\(name)/\(name).mp4")
        let path = try developmentData("data/sequences/\(name)/groundtruth_rect.txt")
        let groundTruth = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map { line in
            let v = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { Double($0) ?? .nan }
            guard v.count == 4 else { throw XCTSkip("\(path): malformed ground truth line \(line)") }
            return PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        return (clip, groundTruth)
    }
}
