import Foundation
import Pipeline
import TestFootage
import TrackFormats
import XCTest

/// `vtrack track` with keyframes: the CVAT round trip (CSV → CVAT XML → keyframes → the same
/// boxes), the review page's disagreement moments, and the one-line errors for keyframes that
/// cannot be used, with nothing written.
final class CLIKeyframeTests: XCTestCase {
    func testTheCVATFileTrackWroteComesBackAsTheSameBoxes() throws {
        let folder = try CLITemporaryFolder()
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let first = try CLI.vtrack(["track", clip, "--box", "left=157,138,22,55", "--box", "401,149,27,52", "--level", "fast",
                                    "--csv", folder.path("first.csv"), "--cvat", folder.path("first.cvat.xml"), "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let again = try CLI.vtrack(["track", clip, "--keyframes", folder.path("first.cvat.xml"), "--level", "fast",
                                    "--csv", folder.path("again.csv"), "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let original = try TrackCSV.read(path: folder.path("first.csv")).filter { $0.state != .lost }
        let returned = Dictionary(uniqueKeysWithValues: try TrackCSV.read(path: folder.path("again.csv")).map { ("\($0.frame)/\($0.trackID)", $0) })
        XCTAssertGreaterThan(original.count, 300)
        for record in original {
            guard let back = returned["\(record.frame)/\(record.trackID)"] else { return XCTFail("frame \(record.frame), track \(record.trackID) missing") }
            XCTAssertEqual(back.source, .keyframe)
            for (a, b) in [(back.box.x, record.box.x), (back.box.y, record.box.y), (back.box.width, record.box.width), (back.box.height, record.box.height)] {
                XCTAssertEqual(a, b, accuracy: 0.015, "frame \(record.frame), track \(record.trackID)")
            }
        }
    }

    /// car14 (UAV123): the car drives out at the top of the picture on frame 273 and is back on 298.
    /// From its boxes on frames 0 and 330 and a row saying it is absent on frame 285 (as the review
    /// page saves "absent": state `lost`, source `keyframe`), the run reports it `lost` on 285, and no
    /// pass carries a box through that frame: the rows before it are the forward pass from frame 0
    /// alone, the rows after it the backward pass from frame 330 alone. Without that row the two
    /// passes meet across the gap and are combined there.
    func testAnAbsentKeyframeStopsThePassesOnEitherSide() throws {
        let folder = try CLITemporaryFolder()
        let (clip, truth) = try TestFootage.developmentSequence("car14")
        XCTAssertFalse(truth[285].isValid, "the car is out of view on frame 285")
        func row(_ frame: Int, state: String = "tracked") -> String {
            let box = truth[frame].isValid ? truth[frame] : truth[272]
            return "\(frame),1,car,\(box.x),\(box.y),\(box.width),\(box.height),\(state),keyframe"
        }
        let header = "frame,track_id,label,x,y,width,height,state,source"
        try [header, row(0), row(285, state: "lost"), row(330)].joined(separator: "\n").write(toFile: folder.path("absent.csv"), atomically: true, encoding: .utf8)
        try [header, row(0), row(330)].joined(separator: "\n").write(toFile: folder.path("boxes.csv"), atomically: true, encoding: .utf8)
        var runs: [String: [Int: TrackRecord]] = [:]
        for name in ["absent", "boxes"] {
            let run = try CLI.vtrack(["track", clip, "--keyframes", folder.path("\(name).csv"), "--level", "fast",
                                      "--csv", folder.path("\(name).out.csv"), "--quiet"], timeout: 600)
            XCTAssertEqual(run.status, 0, run.stderr)
            runs[name] = Dictionary(uniqueKeysWithValues: try TrackCSV.read(path: folder.path("\(name).out.csv")).map { ($0.frame, $0) })
        }
        let absent = try XCTUnwrap(runs["absent"]), boxes = try XCTUnwrap(runs["boxes"])
        let gap = try XCTUnwrap(absent[285])
        XCTAssertEqual(gap.state, .lost)
        XCTAssertEqual(gap.confidence, 0)
        XCTAssertEqual(gap.source, .keyframe)
        for frame in 1..<330 where frame != 285 {
            XCTAssertEqual(absent[frame]?.source, .tracked, "frame \(frame): one pass only, \(frame < 285 ? "forward from 0" : "backward from 330")")
        }
        XCTAssertGreaterThan((1..<330).filter { [.combined, .disputed].contains(boxes[$0]?.source) }.count, 150,
                             "without the absent row, the passes from frames 0 and 330 meet across the gap")
        XCTAssertEqual(absent[330]?.source, .keyframe)
        XCTAssertEqual(absent[400]?.source, .tracked, "after the last keyframe, its forward pass")
    }

    func testAWrongKeyframeIsAMomentToCheckOnTheReviewPage() throws {
        let folder = try CLITemporaryFolder()
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let run = try CLI.vtrack(["track", clip, "--box", "left=157,138,22,55@0", "--box", "left=400,250,22,55@40", "--level", "fast",
                                  "--csv", folder.path("t.csv"), "--video", folder.path("t.mp4"), "--report", folder.path("t.html"), "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try TrackCSV.read(path: folder.path("t.csv"))
        XCTAssertEqual(records.filter { $0.source == .keyframe }.map(\.frame), [0, 40])
        XCTAssertGreaterThan(records.filter { $0.source == .disputed }.count, 10, "the passes from the two keyframes part ways")
        let page = try String(contentsOfFile: folder.path("t.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("left: passes disagree"), "the review page lists where the passes disagree")
        XCTAssertTrue(page.contains(#"class="disputed""#), "the timeline marks the disputed frames")
        XCTAssertEqual(page.components(separatedBy: #"class="keyframe""#).count - 1, 1, "a tick at the keyframe on frame 40, none at the start")
    }

    func testUnusableKeyframesAreOneLineErrorsAndWriteNothing() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 40)
        try "frame,track_id,label,x,y,width,height\n0,1,a,10,10,20,20\n5,1,a,10,10,20\n".write(toFile: folder.path("short.csv"), atomically: true, encoding: .utf8)
        try "frame,track_id,label,x,y,width,height\n0,1,a,10,10,20,20\n".write(toFile: folder.path("keys.csv"), atomically: true, encoding: .utf8)
        let cases: [([String], [String])] = [
            (["--box", "a=10,10,20,20@0", "--box", "a=10,10,20,20@40"], ["--box a=10,10,20,20@40", "frame 40 is past the end", "40 frames"]),
            (["--box", "a=10,10,0,20@3"], ["--box a=10,10,0,20@3", "width and height must be positive"]),
            (["--box", "a=500,500,20,20@3"], ["--box a=500,500,20,20@3", "outside the 160x120 frame"]),
            (["--keyframes", folder.path("short.csv")], ["short.csv:3"]),
            (["--keyframes", folder.path("keys.csv"), "--box", "b=1,1,9,9@4"], ["no object in", "labelled 'b'"]),
            (["--keyframes", folder.path("missing.csv")], ["missing.csv"]),
            (["--box", "a=10,10,20,20@0", "--rect", "1,1,9,1,9,9,1,9"], ["--rect cannot be combined with keyframes"]),
        ]
        for (arguments, expected) in cases {
            let outcome = try CLI.vtrack(["track", clip] + arguments + ["--csv", folder.path("out/t.csv"), "--video", folder.path("out/t.mp4"), "--quiet"])
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            let errors = outcome.messages.filter { $0.hasPrefix("Error:") }
            XCTAssertEqual(errors.count, 1, outcome.stderr)
            for text in expected { XCTAssertTrue(errors.first?.contains(text) ?? false, "\(errors.first ?? outcome.stderr) should mention \(text)") }
            XCTAssertEqual(folder.files(under: "out").filter { !$0.hasPrefix(".") && !$0.contains("/.") }, [], "\(arguments): no output")
        }
        let before = try folder.data("keys.csv")
        let overwrite = try CLI.vtrack(["track", clip, "--keyframes", folder.path("keys.csv"), "--csv", folder.path("keys.csv"), "--quiet"])
        XCTAssertNotEqual(overwrite.status, 0)
        XCTAssertEqual(try folder.data("keys.csv"), before, "the keyframes file is an input: never an output")
    }
}
