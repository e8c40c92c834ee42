import Foundation
import Imaging
import Pipeline
import TrackFormats
import XCTest

/// Sidecar (CSV and JSON) and manifest parsing: what is accepted, and that every rejection names
/// the file, the place and the reason.
final class BatchBoxFileTests: XCTestCase {
    func testCSVSidecarWithAllColumns() throws {
        let boxes = try BoxSidecar.parseCSV("frame,label,x,y,width,height\n5,walker,157,138,22,55\n5,,401.5,149,27,52\n", path: "c.boxes.csv")
        XCTAssertEqual(boxes.startFrame, 5)
        XCTAssertEqual(boxes.targets, [
            TrackTarget(label: "walker", box: PixelRect(x: 157, y: 138, width: 22, height: 55)),
            TrackTarget(label: "", box: PixelRect(x: 401.5, y: 149, width: 27, height: 52)),
        ])
    }

    func testCSVSidecarWithoutOptionalColumnsAndInAnyOrder() throws {
        let boxes = try BoxSidecar.parseCSV("Height,WIDTH,y,x\r\n55,22,138,157\r\n\r\n", path: "c.boxes.csv")
        XCTAssertNil(boxes.startFrame)
        XCTAssertEqual(boxes.targets, [TrackTarget(box: PixelRect(x: 157, y: 138, width: 22, height: 55))])
    }

    func testCSVSidecarQuotedLabelAndEmptyFrame() throws {
        let boxes = try BoxSidecar.parseCSV("frame,label,x,y,width,height\n,\"car, red\",1,2,3,4\n", path: "c.boxes.csv")
        XCTAssertNil(boxes.startFrame)
        XCTAssertEqual(boxes.targets.first?.label, "car, red")
    }

    func testCSVSidecarRejections() {
        let header = "frame,label,x,y,width,height\n"
        let cases: [(String, String)] = [
            ("", "empty file"),
            ("label,x,y,width\n", "missing column(s) height"),
            (header, "no boxes"),
            (header + "0,a,1,2,3\n", "line 2: height is missing"),
            (header + "0,a,1,2,,4\n", "line 2: width is missing"),
            (header + "0,a,nan,2,3,4\n", "line 2: x 'nan' is not a finite number"),
            (header + "0,a,1,inf,3,4\n", "line 2: y 'inf' is not a finite number"),
            (header + "0,a,1,2,-3,4\n", "line 2: width and height must be positive"),
            (header + "0,a,1,2,3,0\n", "line 2: width and height must be positive"),
            (header + "-1,a,1,2,3,4\n", "line 2: frame '-1' is not a non-negative integer"),
            (header + "1.5,a,1,2,3,4\n", "line 2: frame '1.5' is not a non-negative integer"),
            (header + "0,a,1,2,3,4\n3,b,1,2,3,4\n", "boxes on different frames (0, 3)"),
            (header + "0,\"open,1,2,3,4\n", "line 2: unterminated quoted field"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try BoxSidecar.parseCSV(text, path: "dir/c.boxes.csv"), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("dir/c.boxes.csv"), message)
                XCTAssertTrue(message.contains(expected), "\(message) does not contain \(expected)")
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testCSVSidecarAcceptsBoxesPartlyOutsideThePicture() throws {
        let boxes = try BoxSidecar.parseCSV("x,y,width,height\n-10,-5,40,30\n", path: "c.boxes.csv")
        XCTAssertEqual(boxes.targets.first?.box, PixelRect(x: -10, y: -5, width: 40, height: 30))
    }

    func testJSONSidecar() throws {
        let json = #"[{"label": "car", "x": 10, "y": 20.5, "width": 64, "height": 40, "frame": 3}, {"x": 1, "y": 2, "width": 3, "height": 4, "frame": null}]"#
        let boxes = try BoxSidecar.parseJSON(Data(json.utf8), path: "c.boxes.json")
        XCTAssertEqual(boxes.startFrame, 3)
        XCTAssertEqual(boxes.targets, [
            TrackTarget(label: "car", box: PixelRect(x: 10, y: 20.5, width: 64, height: 40)),
            TrackTarget(label: "", box: PixelRect(x: 1, y: 2, width: 3, height: 4)),
        ])
    }

    func testJSONSidecarRejections() {
        let cases: [(String, String)] = [
            ("", "not valid JSON"),
            ("{not json", "not valid JSON"),
            (#"{"x": 1}"#, "expected a JSON array"),
            ("[]", "no boxes"),
            ("[1]", "item 1: expected an object"),
            (#"[{"x": 1, "y": 2, "width": 3}]"#, "item 1: height is missing"),
            (#"[{"x": 1, "y": 2, "width": 3, "height": 4}, {"x": "1", "y": 2, "width": 3, "height": 4}]"#, "item 2: x is not a number"),
            (#"[{"x": true, "y": 2, "width": 3, "height": 4}]"#, "item 1: x is not a number"),
            (#"[{"x": 1, "y": 2, "width": -3, "height": 4}]"#, "item 1: width and height must be positive"),
            (#"[{"x": 1, "y": 2, "width": 3, "height": 4, "frame": -2}]"#, "item 1: frame -2 is not a non-negative integer"),
            (#"[{"x": 1, "y": 2, "width": 3, "height": 4, "frame": 1.5}]"#, "item 1: frame 1.5 is not a non-negative integer"),
            (#"[{"x": 1, "y": 2, "width": 3, "height": 4, "label": 7}]"#, "item 1: label is not a string"),
            (#"[{"x": 1, "y": 2, "width": 3, "height": 4, "frame": 0}, {"x": 1, "y": 2, "width": 3, "height": 4, "frame": 9}]"#, "different frames"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try BoxSidecar.parseJSON(Data(text.utf8), path: "c.boxes.json"), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("c.boxes.json"), message)
                XCTAssertTrue(message.contains(expected), "\(message) does not contain \(expected)")
            }
        }
    }

    func testSidecarFilesBesideTheClip() throws {
        let folder = try BatchTemporaryFolder()
        let clip = folder.path("cam/one.mp4")
        try folder.write("", to: "cam/one.mp4")
        XCTAssertNil(try BoxSidecar.boxes(forClip: clip))
        try folder.write("x,y,width,height\n1,2,3,4\n", to: "cam/one.boxes.csv")
        XCTAssertEqual(try BoxSidecar.boxes(forClip: clip)?.targets.count, 1)
        try folder.write(#"[{"x":1,"y":2,"width":3,"height":4}]"#, to: "cam/one.boxes.json")
        XCTAssertThrowsError(try BoxSidecar.boxes(forClip: clip)) { error in
            XCTAssertTrue("\(error)".contains("keep one"), "\(error)")
        }
    }

    func testManifestGroupsRowsByClip() throws {
        let manifest = try BatchManifest(parsing: """
            clip,frame,label,x,y,width,height
            ./cam1/a.mp4,0,walker,157,138,22,55
            cam1/a.mp4,0,,401,149,27,52
            cam2//b.mkv,12,car,10,20,64,40
            """, path: "m.csv")
        XCTAssertEqual(manifest.clips, ["cam1/a.mp4", "cam2/b.mkv"])
        XCTAssertEqual(try manifest.boxes(for: "cam1/a.mp4")?.get().targets.count, 2)
        XCTAssertEqual(try manifest.boxes(for: "cam2/b.mkv")?.get().startFrame, 12)
        XCTAssertNil(manifest.boxes(for: "cam3/c.mp4"))
    }

    func testManifestBadRowFailsOnlyItsClip() throws {
        let manifest = try BatchManifest(parsing: """
            clip,x,y,width,height
            good.mp4,1,2,3,4
            bad.mp4,1,2,3,4
            bad.mp4,1,2,NaN,4
            ../outside.mp4,1,2,3,4
            /abs.mp4,1,2,3,4
            """, path: "m.csv")
        XCTAssertNoThrow(try manifest.boxes(for: "good.mp4")?.get())
        for (clip, expected) in [("bad.mp4", "m.csv: line 4: width 'NaN' is not a finite number"),
                                 ("../outside.mp4", "m.csv: line 5: clip '../outside.mp4' must be a path inside"),
                                 ("/abs.mp4", "m.csv: line 6: clip '/abs.mp4' must be a path inside")] {
            XCTAssertThrowsError(try manifest.boxes(for: clip)?.get(), clip) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    func testManifestWithoutClipColumnOrWithEmptyClipIsRejected() {
        XCTAssertThrowsError(try BatchManifest(parsing: "x,y,width,height\n1,2,3,4\n", path: "m.csv")) { error in
            XCTAssertTrue("\(error)".contains("missing column(s) clip"), "\(error)")
        }
        XCTAssertThrowsError(try BatchManifest(parsing: "clip,x,y,width,height\n,1,2,3,4\n", path: "m.csv")) { error in
            XCTAssertEqual("\(error)", "m.csv: line 2: clip is empty")
        }
    }
}
