import Foundation
import TestFootage
import XCTest

/// Correcting a run in its review page, in a real browser (headless chromium; skipped with a line
/// where it is not installed), opened from `file://` after the folder moved: a moment opens the
/// still of its exact frame with the run's boxes; a box dragged with the mouse, an object marked
/// absent and an object drawn are kept across a reload; the saved keyframes file holds the run's
/// keyframes and the corrections, and the command the page shows (with the run's tracking options)
/// re-tracks the clip with the corrected box on the corrected frame and the object marked absent
/// `lost` there. No console messages, script exceptions or browser errors.
final class CLIReviewCorrectionBrowserTests: XCTestCase {
    /// The page's data as its script reads it.
    private struct PageData: Decodable {
        struct Box: Decodable {
            var frame: Int, trackID: Int, label: String, x: Double, y: Double, width: Double, height: Double, state: String
        }
        struct Still: Decodable {
            var frame: Int, href: String, boxes: [Box]
        }
        var keyframes: [Box]
        var stills: [Still]
    }

    func testACorrectedMomentIsKeptSavedAndTrackedFrom() throws {
        let folder = try CLITemporaryFolder()
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        let tracked = try CLI.vtrack(["track", clip, "--box", "left=157,138,22,55", "--box", "middle=186,135,21,55", "--box", "right=401,149,27,52",
                                      "--level", "fast", "--correlation-filter", "--reseed-every", "25",
                                      "--out", folder.path("run"), "--report", folder.path("run/review.html"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        try FileManager.default.moveItem(atPath: folder.path("run"), toPath: folder.path("moved"))
        let html = try String(contentsOfFile: folder.path("moved/review.html"), encoding: .utf8)
        let json = try XCTUnwrap(html.components(separatedBy: #"id="review-data">"#).dropFirst().first?.components(separatedBy: "</script>").first)
        let data = try JSONDecoder().decode(PageData.self, from: Data(json.utf8))
        XCTAssertEqual(data.keyframes.map(\.frame), [0, 0, 0], "the run's own keyframes: the three boxes it started from")
        let listed = Set(html.components(separatedBy: ##"<li><a href="#" data-time=""##).dropFirst().compactMap { item in
            item.components(separatedBy: #"data-frame=""#).dropFirst().first.flatMap { Int($0.prefix { $0 != "\"" }) }
        })
        XCTAssertEqual(Set(data.stills.map(\.frame)), listed, "a still for every moment's frame")
        for still in data.stills {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("moved/" + still.href)), still.href)
        }

        // A still where one object's box is in view and clear of the others, and another object to mark absent.
        func apart(_ a: PageData.Box, _ b: PageData.Box) -> Bool {
            a.x + a.width + 8 < b.x || b.x + b.width + 8 < a.x || a.y + a.height + 8 < b.y || b.y + b.height + 8 < a.y
        }
        let (still, moved) = try XCTUnwrap(data.stills.lazy.compactMap { still -> (PageData.Still, PageData.Box)? in
            guard still.boxes.count == 3, let box = still.boxes.first(where: { box in
                box.state == "tracked" && box.x > 20 && box.y > 20 && still.boxes.allSatisfy { $0.trackID == box.trackID || apart($0, box) }
            }) else { return nil }
            return (still, box)
        }.first)
        let absent = try XCTUnwrap(still.boxes.first { $0.trackID != moved.trackID })
        let by = [6, 4]
        let corrected = [Int((moved.x + 6).rounded()), Int((moved.y + 4).rounded()), Int(moved.width.rounded()), Int(moved.height.rounded())]
        let added = [12, 300, 30, 40]

        let result = try CLI.checkReviewCorrection(folder.path("moved/review.html"), spec: [
            "downloads": folder.path("downloads"), "frame": still.frame, "move": ["track": moved.trackID, "by": by],
            "absent": absent.trackID, "add": ["name": "extra", "box": added], "screenshot": folder.path("correct.png"),
        ])
        XCTAssertNil(result["failure"] as? String, "\(result)")
        for key in ["console", "exceptions", "errors"] {
            XCTAssertEqual((result[key] as? [Any])?.count, 0, "nothing in \(key): \(result)")
        }
        let opened = try XCTUnwrap(result["opened"] as? [String: Any], "\(result)")
        XCTAssertEqual(opened["src"] as? String, "file://" + folder.path("moved/" + still.href), "the still of the moment's frame, beside the moved page")
        XCTAssertEqual(opened["natural"] as? [Int], [480, 360], "at the clip's size")
        let corrections = try XCTUnwrap(result["corrections"] as? [[String: Any]])
        XCTAssertEqual(corrections.map { $0["track"] as? Int }, [moved.trackID, absent.trackID, 4].sorted())
        XCTAssertEqual((result["reloaded"] as? [[String: Any]])?.map { $0["text"] as? String }, corrections.map { $0["text"] as? String },
                       "the corrections are kept across a reload")
        let after = try XCTUnwrap(result["boxesAfterReload"] as? [[String: Any]])
        let shown = try XCTUnwrap(after.first { $0["trackID"] as? Int == moved.trackID })
        XCTAssertEqual(["x", "y", "width", "height"].map { shown[$0] as? Int }, corrected, "the corrected box, after the reload")

        let saved = try XCTUnwrap(result["saved"] as? [String: Any])
        let text = try XCTUnwrap(saved["text"] as? String)
        let box = corrected.map(String.init).joined(separator: ",")
        XCTAssertTrue(text.contains("\n\(still.frame),\(moved.trackID),\(moved.label),\(box),tracked,keyframe\n"), text)
        XCTAssertTrue(text.contains("\n\(still.frame),\(absent.trackID),\(absent.label),"), text)
        XCTAssertTrue(text.contains(",lost,keyframe\n"), text)
        XCTAssertTrue(text.contains("\n\(still.frame),4,extra,12,300,30,40,tracked,keyframe\n"), text)
        XCTAssertTrue(text.contains("\n0,1,left,157,138,22,55,tracked,keyframe\n"), "the run's own keyframes: \(text)")

        // The command the page shows, run where the file was saved.
        let command = CLI.shellWords(try XCTUnwrap(result["command"] as? String))
        XCTAssertEqual(command, ["vtrack", "track", clip, "--keyframes=pets09_s2l1_vtest_pedestrians.keyframes.csv",
                                 "--level", "fast", "--correlation-filter", "--reseed-every", "25",
                                 "--out", "vtrack-out/retracked", "--report", "vtrack-out/retracked/pets09_s2l1_vtest_pedestrians.html"],
                       "the run's tracking options repeated")
        let retracked = try CLI.vtrack(Array(command.dropFirst()) + ["--quiet"], timeout: 300, directory: folder.path("downloads"))
        XCTAssertEqual(retracked.status, 0, retracked.stderr)
        let rows = try String(contentsOfFile: folder.path("downloads/vtrack-out/retracked/pets09_s2l1_vtest_pedestrians.csv"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let onFrame = rows.filter { $0.hasPrefix("\(still.frame),") }
        XCTAssertTrue(onFrame.contains { $0.contains(",\(moved.trackID),\(moved.label),\(box),") && $0.hasSuffix(",keyframe") },
                      "the corrected frame's box is the correction: \(onFrame)")
        XCTAssertTrue(onFrame.contains { $0.contains(",4,extra,12,300,30,40,") }, "the added object: \(onFrame)")
        XCTAssertTrue(onFrame.contains { $0.contains(",\(absent.trackID),\(absent.label),") && $0.contains(",0.0000,dashed,lost,") && $0.hasSuffix(",keyframe") },
                      "the object marked absent is lost there: \(onFrame)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("downloads/vtrack-out/retracked/pets09_s2l1_vtest_pedestrians.html")))
    }
}
