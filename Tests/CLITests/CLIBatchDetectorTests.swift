import Foundation
import Pipeline
import TrackFormats
import XCTest

/// `vtrack batch --detector face`: clips without boxes start their tracks from the neural face detector,
/// clips with a sidecar keep their boxes.
final class CLIBatchDetectorTests: XCTestCase {
    func testClassDetectorStartsTracksOfClipsWithoutBoxes() throws {
        let folder = try CLITemporaryFolder()
        try folder.copy(cliSampleClip, to: "in/face.mp4")
        try folder.copy(cliSampleClip, to: "in/boxed.mp4")
        try folder.write("label,x,y,width,height\nmine,60,30,50,60\n", to: "in/boxed.boxes.csv")

        let outcome = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out"), "--detector", "face",
                                      "--no-video", "--level", "fast"])
        XCTAssertFalse(outcome.signalled, outcome.stderr)
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .ok])
        let boxed = try TrackCSV.read(path: folder.path("out/boxed.csv"))
        XCTAssertEqual(boxed.first?.label, "mine")
        let faces = try TrackCSV.read(path: folder.path("out/face.csv"))
        XCTAssertGreaterThanOrEqual(summary.clips[1].tracks, 1, "the detector found the face")
        XCTAssertTrue(faces.allSatisfy { $0.label == "face" }, "automatic tracks are labelled with the detector")
        XCTAssertEqual(faces.first?.frame, 0)

        let without = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out2"), "--no-video", "--level", "fast"])
        XCTAssertEqual(without.status, 0, without.stderr)
        let plain = try BatchSummary.read(path: folder.path("out2/summary.json"))
        XCTAssertEqual(plain.clips.map(\.status), [.ok, .skipped], "without a class detector, a clip without boxes is skipped")
        XCTAssertTrue(plain.clips[1].error.hasPrefix("no boxes"), plain.clips[1].error)
    }
}
