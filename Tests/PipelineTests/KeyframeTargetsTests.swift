import Foundation
import Imaging
import Pipeline
import XCTest

/// The objects of a keyframe-guided run, from `--box ...@FRAME` texts and keyframes files in the
/// three formats, and the one-line errors for keyframes that cannot be used.
final class KeyframeTargetsTests: XCTestCase {
    private func file(_ text: String, named name: String) throws -> String {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testBoxesWithTheSameLabelAreOneObjectsKeyframes() throws {
        let targets = try KeyframeTargets.make(boxes: ["walker=10,20,30,40@80", "5,5,10,10@3", "walker=11,21,30,40@0", "car=1,2,3,4"],
                                               file: nil, startFrame: 7)
        XCTAssertEqual(targets.map(\.label), ["walker", "", "car"])
        XCTAssertEqual(targets[0].keyframes.map(\.frame), [0, 80], "in frame order")
        XCTAssertEqual(targets[0].keyframes[0].box, PixelRect(x: 11, y: 21, width: 30, height: 40))
        XCTAssertEqual(targets[0].keyframes[1].origin, "--box walker=10,20,30,40@80")
        XCTAssertEqual(targets[2].keyframes.map(\.frame), [7], "a box without @ is on the start frame")
    }

    func testMalformedBoxesAndRepeatedFramesAreOneLineErrors() {
        let cases: [([String], String)] = [
            (["a=1,2,3,4@x"], "frame 'x' after '@'"),
            (["a=1,2,3,4@-2"], "frame '-2' after '@'"),
            (["a=1,2,0,4@5"], "width and height must be positive"),
            (["a=1,2,3@5"], "expected 4 comma-separated numbers"),
            (["a=1,2,3,4@5", "a=2,2,3,4@5"], "a second keyframe of this object on frame 5"),
        ]
        for (boxes, expected) in cases {
            XCTAssertThrowsError(try KeyframeTargets.make(boxes: boxes, file: nil)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(expected) && text.hasPrefix("--box ") && !text.contains("\n"), "\(boxes): \(text)")
            }
        }
    }

    /// A marked `lost` row (the review page's "absent") is an absent keyframe; in a file with no
    /// marked row, `lost` rows are a tracker's verdict and are left out.
    func testACSVGivesItsRowsMarkedKeyframeOrEveryRowWhenNoneIsMarked() throws {
        let marked = try file("""
            frame,track_id,label,x,y,width,height,state,source
            0,1,left,10,10,20,30,tracked,keyframe
            1,1,left,11,10,20,30,tracked,tracked
            2,1,left,12,10,20,30,lost,keyframe
            60,1,left,40,12,20,30,tracked,keyframe
            0,2,right,100,10,20,30,tracked,keyframe
            """, named: "marked.csv")
        let targets = try KeyframeTargets.make(boxes: ["left=45,12,20,30@90", "9,9,9,9@4"], file: marked)
        XCTAssertEqual(targets.map(\.label), ["left", "right", ""])
        XCTAssertEqual(targets[0].keyframes.map(\.frame), [0, 2, 60, 90], "tracked rows are not keyframes; the --box one is added")
        XCTAssertEqual(targets[0].keyframes.map(\.isAbsent), [false, true, false, false], "a lost keyframe row says the object is absent")
        XCTAssertEqual(targets[0].keyframes[2].origin, "\(marked):5")

        let plain = try file("frame,track_id,x,y,width,height\n0,3,1,1,5,5\n9,3,2,2,5,5\n", named: "plain.csv")
        XCTAssertEqual(try KeyframeTargets.make(boxes: [], file: plain).map { $0.keyframes.map(\.frame) }, [[0, 9]])
        let plainLost = try file("frame,track_id,x,y,width,height,state\n0,3,1,1,5,5,tracked\n5,3,1,1,5,5,lost\n9,3,2,2,5,5,tracked\n", named: "run.csv")
        XCTAssertEqual(try KeyframeTargets.make(boxes: [], file: plainLost).map { $0.keyframes.map(\.frame) }, [[0, 9]],
                       "unmarked lost rows are the tracker's verdict, not keyframes")
    }

    func testMOTChallengeAndCVATFilesGiveTheirBoxes() throws {
        let mot = try file("1,4,10,20,30,40,-1,-1,-1,-1\n51,4,12,20,30,40,0.5,-1,-1,-1\n1,7,90,20,30,40,1,-1,-1,-1\n", named: "keys.mot.txt")
        let fromMOT = try KeyframeTargets.make(boxes: [], file: mot)
        XCTAssertEqual(fromMOT.map { $0.keyframes.map(\.frame) }, [[0, 50], [0]], "1-based frames, one object per id")
        XCTAssertEqual(fromMOT[0].keyframes[1].box, PixelRect(x: 12, y: 20, width: 30, height: 40))

        let cvat = try file("""
            <?xml version="1.0" encoding="utf-8"?>
            <annotations>
              <version>1.1</version>
              <track id="0" label="car">
                <box frame="0" xtl="10" ytl="20" xbr="40" ybr="60" outside="0" occluded="0" keyframe="1" z_order="0"/>
                <box frame="5" xtl="12" ytl="20" xbr="42" ybr="60" outside="0" occluded="0" keyframe="0" z_order="0"/>
                <box frame="9" xtl="14" ytl="20" xbr="44" ybr="60" outside="1" occluded="0" keyframe="1" z_order="0"/>
                <box frame="30" xtl="20" ytl="22" xbr="50" ybr="62" outside="0" occluded="0" keyframe="1" z_order="0"/>
              </track>
            </annotations>
            """, named: "keys.xml")
        let fromCVAT = try KeyframeTargets.make(boxes: [], file: cvat)
        XCTAssertEqual(fromCVAT.map(\.label), ["car"])
        XCTAssertEqual(fromCVAT[0].keyframes.map(\.frame), [0, 9, 30], "interpolated boxes are not keyframes")
        XCTAssertEqual(fromCVAT[0].keyframes.map(\.isAbsent), [false, true, false], "an outside keyframe says the object is absent")
        XCTAssertEqual(fromCVAT[0].keyframes[2].origin, "\(cvat):8")
    }

    func testFileProblemsNameTheFileAndLine() throws {
        let csv = try file("frame,track_id,label,x,y,width,height\n0,1,a,1,1,5,5\n4,1,a,1,1,0,5\n", named: "empty.csv")
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: [], file: csv)) { XCTAssertEqual("\($0)", "\(csv):3: empty box (0.0x5.0) on frame 4") }
        let labelled = try file("frame,track_id,label,x,y,width,height\n0,1,a,1,1,5,5\n0,2,a,9,1,5,5\n", named: "twice.csv")
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: ["b=1,1,5,5@9"], file: labelled)) {
            XCTAssertEqual("\($0)", "--box b=1,1,5,5@9: no object in \(labelled) is labelled 'b'")
        }
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: ["a=1,1,5,5@9"], file: labelled)) {
            XCTAssertTrue("\($0)".contains("2 objects in \(labelled) are labelled 'a'"), "\($0)")
        }
        let broken = try file("frame,track_id,x,y,width,height\n0,1,1,1,5,5\n3,1,1,x,5,5\n", named: "broken.csv")
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: [], file: broken)) { XCTAssertTrue("\($0)".hasPrefix("\(broken):3: y is not")) }
        let lostOnly = try file("frame,track_id,x,y,width,height,state\n0,1,1,1,5,5,lost\n", named: "lost.csv")
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: [], file: lostOnly)) { XCTAssertTrue("\($0)".contains("no keyframes")) }
        let absentOnly = try file("""
            frame,track_id,label,x,y,width,height,state,source
            0,1,a,1,1,5,5,tracked,keyframe
            4,2,b,0,0,0,0,lost,keyframe
            9,2,b,0,0,0,0,lost,keyframe
            """, named: "absent.csv")
        XCTAssertThrowsError(try KeyframeTargets.make(boxes: [], file: absentOnly)) {
            XCTAssertEqual("\($0)", "\(absentOnly):3: object 'b' is absent on every keyframe: give its box on at least one frame to track it from")
        }
        XCTAssertEqual(try KeyframeTargets.make(boxes: ["b=3,3,6,6@12"], file: absentOnly).map { $0.keyframes.map(\.frame) }, [[0], [4, 9, 12]],
                       "an absent object's box given with --box makes it trackable; an absent row's empty box is no error")
    }
}
