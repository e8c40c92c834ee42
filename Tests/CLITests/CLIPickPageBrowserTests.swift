import Foundation
import TestFootage
import VideoIO
import XCTest

/// `vtrack pick` in a real browser (headless chromium; skipped with a line where it is not
/// installed), opened from `file://` after its folder moved: boxes dragged with mouse events give
/// the clip's pixels, as typed, at device pixel ratios 1 and 2, on a 480x360 clip, a 1280x720 clip
/// and a phone clip stored sideways; the page's command and keyframes file, run for real, track
/// from exactly the dragged box. No console messages, script exceptions or browser errors.
final class CLIPickPageBrowserTests: XCTestCase {
    /// A clip, a box typed in its pixels, and the zooms to drag at (`1`: one CSS pixel per clip pixel).
    private struct Case {
        var name: String
        var clip: String
        var size: (width: Int, height: Int)
        var box: [Int]
        var zooms: [String]
        var runsCommand: Bool
    }

    func testDraggedBoxesAreTheTypedPixelsAtEachSizeAndPixelRatio() throws {
        let folder = try CLITemporaryFolder()
        try CLI.makeClip(folder.path("clips/wide.mp4"), size: "1280x720", frames: 12)
        try CLI.makeClip(folder.path("clips/stored.mp4"), size: "640x360", frames: 12)
        try CLI.ffmpeg(["-i", folder.path("clips/stored.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", folder.path("clips/phone.mp4")])
        let cases = [
            Case(name: "pets", clip: TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"), size: (480, 360),
                 box: [157, 138, 22, 55], zooms: ["1"], runsCommand: false),
            Case(name: "wide", clip: folder.path("clips/wide.mp4"), size: (1280, 720), box: [901, 403, 117, 66], zooms: ["1", "fit"],
                 runsCommand: true),
            Case(name: "phone", clip: folder.path("clips/phone.mp4"), size: (360, 640), box: [41, 517, 73, 29], zooms: ["1", "2"],
                 runsCommand: true),
        ]
        for item in cases {
            let picked = try CLI.vtrack(["pick", item.clip, "--page", folder.path("\(item.name)/page.html"), "--stills", "3"])
            XCTAssertEqual(picked.status, 0, picked.stderr)
            try FileManager.default.moveItem(atPath: folder.path(item.name), toPath: folder.path("\(item.name)-moved"))
            let still = try XCTUnwrap(try VideoReader(path: folder.path("\(item.name)-moved/page.stills/frame-000000.png")).nextFrame())
            XCTAssertEqual([still.width, still.height], [item.size.width, item.size.height], "\(item.name): the still is the upright picture")

            let runs: [[String: Any]] = [1, 2].flatMap { ratio in
                item.zooms.map { ["dpr": ratio, "zoom": $0, "boxes": [["box": item.box, "name": "thing"]]] as [String: Any] }
            }
            let result = try CLI.checkPickPage(folder.path("\(item.name)-moved/page.html"),
                                               spec: ["downloads": folder.path("\(item.name)-downloads"), "runs": runs])
            try assertNoProblems(result)
            let done = try XCTUnwrap(result["runs"] as? [[String: Any]])
            XCTAssertEqual(done.count, runs.count, "\(result)")
            for (run, outcome) in zip(runs, done) {
                let label = "\(item.name) at ratio \(run["dpr"]!), zoom \(run["zoom"]!)"
                let geometry = try XCTUnwrap(outcome["geometry"] as? [String: Any])
                XCTAssertEqual(geometry["ratio"] as? Double, Double(run["dpr"] as! Int), label)
                XCTAssertEqual(geometry["natural"] as? [Int], [item.size.width, item.size.height], label)
                let rows = try XCTUnwrap(outcome["rows"] as? [[String: Any]])
                let dragged = try XCTUnwrap(rows.first?["box"] as? String).split(separator: ",").compactMap { Int($0) }
                XCTAssertEqual(dragged.count, 4, label)
                for (got, typed) in zip(dragged, item.box) {
                    XCTAssertLessThanOrEqual(abs(got - typed), run["zoom"] as? String == "fit" ? 1 : 0, "\(label): \(dragged) for \(item.box)")
                }
                print("pick figure: \(label): dragged \(dragged), typed \(item.box)")
            }
            guard item.runsCommand, let first = done.first, let command = first["command"] as? String else { continue }
            let words = CLI.shellWords(command)
            XCTAssertEqual(Array(words.prefix(3)), ["vtrack", "track", item.clip], command)
            XCTAssertTrue(words.contains("--box=thing=" + item.box.map(String.init).joined(separator: ",")), command)
            try folder.write("", to: "\(item.name)-run/.keep")
            let tracked = try CLI.vtrack(Array(words.dropFirst()), directory: folder.path("\(item.name)-run"))
            XCTAssertEqual(tracked.status, 0, tracked.stderr)
            let rows = try String(contentsOfFile: folder.path("\(item.name)-run/vtrack-out/\(item.name).csv"), encoding: .utf8)
                .split(separator: "\n")
            XCTAssertTrue(rows.dropFirst().first?.hasPrefix("0,0.000000,1,thing,\(item.box.map(String.init).joined(separator: ",")),") ?? false,
                          "\(item.name): the first row is the dragged box: \(rows.prefix(2))")
        }
    }

    func testTheLoopFromThePageToTheTrackerOnARealClip() throws {
        let folder = try CLITemporaryFolder()
        let picked = try CLI.vtrack(["pick", cliSampleClip, "--frame", "60", "--page", folder.path("pick/car.html"), "--level", "fast",
                                     "--correlation-filter"])
        XCTAssertEqual(picked.status, 0, picked.stderr)
        XCTAssertTrue(picked.stdout.contains("wrote " + folder.path("pick/car.html")), picked.stdout)
        try FileManager.default.moveItem(atPath: folder.path("pick"), toPath: folder.path("moved"))

        let onSixty = [50, 28, 64, 66]
        let result = try CLI.checkPickPage(folder.path("moved/car.html"), spec: [
            "downloads": folder.path("downloads"),
            "runs": [
                // Frame 0: a box drawn, then its bottom-right corner dragged 4 right and 3 up; a third box drawn and deleted.
                ["dpr": 1, "frame": 0, "boxes": [["box": [58, 32, 56, 65], "name": "face"], ["box": [130, 90, 30, 40], "name": "seat"]],
                 "resize": ["index": 0, "by": [4, -3]], "deleteExtra": true, "screenshot": folder.path("pick.png")],
                // Frame 60, the frame the page opens on: the box needs @60.
                ["dpr": 2, "boxes": [["box": onSixty, "name": "face"]]],
            ] as [[String: Any]],
        ])
        try assertNoProblems(result)
        let runs = try XCTUnwrap(result["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 2, "\(result)")
        let atZero = try XCTUnwrap(runs.first), atSixty = try XCTUnwrap(runs.last)
        XCTAssertEqual((atZero["rows"] as? [[String: Any]])?.map { $0["box"] as? String }, ["58,32,60,62", "130,90,30,40"],
                       "resized by the corner; the third box deleted")
        XCTAssertEqual((atZero["rows"] as? [[String: Any]])?.map { $0["name"] as? String }, ["face", "seat"])
        let saved = try XCTUnwrap(atZero["saved"] as? [String: Any])
        XCTAssertEqual(saved["name"] as? String, "carphone_face_in_car.keyframes.csv")
        XCTAssertEqual(saved["text"] as? String, "frame,track_id,label,x,y,width,height,state,source\n"
            + "0,1,face,58,32,60,62,tracked,keyframe\n0,2,seat,130,90,30,40,tracked,keyframe\n")
        let sixtyCommand = try XCTUnwrap(atSixty["command"] as? String)
        XCTAssertTrue(sixtyCommand.contains("--box=face=50,28,64,66@60"), sixtyCommand)

        // The command the page shows, run for real: the CSV starts with the dragged box.
        let command = CLI.shellWords(try XCTUnwrap(atZero["command"] as? String))
        XCTAssertEqual(command, ["vtrack", "track", cliSampleClip, "--box=face=58,32,60,62", "--box=seat=130,90,30,40",
                                 "--level", "fast", "--correlation-filter", "--out", "vtrack-out", "--report", "vtrack-out/carphone_face_in_car.html"],
                       "the boxes and the tracking options given to pick")
        try folder.write("", to: "run/.keep")
        let tracked = try CLI.vtrack(Array(command.dropFirst()), directory: folder.path("run"))
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        let rows = try String(contentsOfFile: folder.path("run/vtrack-out/carphone_face_in_car.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 1 + 2 * 120, "two objects on 120 frames")
        XCTAssertTrue(rows[1].hasPrefix("0,0.000000,1,face,58,32,60,62,"), "the first row is the dragged box: \(rows[1])")

        // The keyframes file the page saved, and the frame-60 command: each tracks from its keyframe.
        let keyframed = CLI.shellWords(try XCTUnwrap(atZero["keyframesCommand"] as? String))
        XCTAssertTrue(keyframed.contains("--keyframes=carphone_face_in_car.keyframes.csv") && keyframed.contains("--correlation-filter"), "\(keyframed)")
        let fromFile = try CLI.vtrack(Array(keyframed.dropFirst()), directory: folder.path("downloads/run-0"))
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let fileRows = try String(contentsOfFile: folder.path("downloads/run-0/vtrack-out/carphone_face_in_car.csv"), encoding: .utf8)
            .split(separator: "\n")
        XCTAssertTrue(fileRows[1].hasPrefix("0,0.000000,1,face,58,32,60,62,") && fileRows[1].hasSuffix(",keyframe"), String(fileRows[1]))
        try folder.write("", to: "sixty/.keep")
        let fromSixty = try CLI.vtrack(Array(CLI.shellWords(sixtyCommand).dropFirst()), directory: folder.path("sixty"))
        XCTAssertEqual(fromSixty.status, 0, fromSixty.stderr)
        let sixtyRows = try String(contentsOfFile: folder.path("sixty/vtrack-out/carphone_face_in_car.csv"), encoding: .utf8)
            .split(separator: "\n")
        XCTAssertTrue(sixtyRows.contains { $0.hasPrefix("60,") && $0.contains(",face,50,28,64,66,") && $0.hasSuffix(",keyframe") },
                      "frame 60 is the dragged keyframe")
    }

    func testBadInputIsOneLineNamingTheFile() throws {
        let folder = try CLITemporaryFolder()
        let past = try CLI.vtrack(["pick", cliSampleClip, "--frame", "500", "--page", folder.path("out/page.html")])
        XCTAssertEqual(past.status, 1)
        XCTAssertEqual(past.messages, ["Error: \(cliSampleClip): frame 500 is past the end of the clip (120 frames)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/page.html")))
        XCTAssertEqual(folder.files(under: "out"), [], "no stills left behind")

        try folder.write("not a video\n", to: "broken.mp4")
        let broken = try CLI.vtrack(["pick", folder.path("broken.mp4"), "--page", folder.path("out/page.html")])
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.messages.count, 1, broken.stderr)
        XCTAssertTrue(broken.messages.first?.hasPrefix("Error: " + folder.path("broken.mp4")) ?? false, broken.stderr)

        try folder.copy(cliSampleClip, to: "clip.mp4")
        let overwrite = try CLI.vtrack(["pick", folder.path("clip.mp4"), "--page", folder.path("clip.mp4")])
        XCTAssertEqual(overwrite.status, 1)
        XCTAssertEqual(overwrite.messages, ["Error: \(folder.path("clip.mp4")): refusing to overwrite an input file (the clip)"])

        let startFrame = try CLI.vtrack(["pick", cliSampleClip, "--start-frame", "5", "--page", folder.path("out/page.html")])
        XCTAssertNotEqual(startFrame.status, 0)
        XCTAssertTrue(startFrame.stderr.contains("--start-frame does not apply to pick"), startFrame.stderr)
    }

    private func assertNoProblems(_ result: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(result["failure"] as? String, "\(result)", file: file, line: line)
        for key in ["console", "exceptions", "errors"] {
            XCTAssertEqual((result[key] as? [Any])?.count, 0, "nothing in \(key): \(result)", file: file, line: line)
        }
    }
}
