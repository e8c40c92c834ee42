import Foundation
import Pipeline
import TrackFormats
import XCTest

/// `vtrack batch --mot --jsonl --cvat` writes OUT/<clip>.mot.txt, OUT/<clip>.jsonl and OUT/<clip>.cvat.xml
/// beside each clip's CSV.
final class CLIBatchFormatsTests: XCTestCase {
    func testBatchWritesMOTAndJSONLinesForEachClip() throws {
        let folder = try CLITemporaryFolder()
        try folder.copy(cliSampleClip, to: "in/a.mp4")
        try folder.write("x,y,width,height\n58,32,60,62\n", to: "in/a.boxes.csv")
        try folder.copy(cliSampleClip, to: "in/cam 2/b.mp4")
        try folder.write("frame,label,x,y,width,height\n5,face,58,32,60,62\n", to: "in/cam 2/b.boxes.csv")
        let plain = ["batch", folder.path("in"), "--out", folder.path("out"), "--no-video", "--level", "fast", "--jobs", "2"]

        let first = try CLI.vtrack(plain)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(folder.files(under: "out").filter(isNotAStill), [".vtrack-batch.lock", "a.csv", "a.done.json", "a.html", "a.thumb.png", "cam_2/b.csv", "cam_2/b.done.json",
                                                    "cam_2/b.html", "cam_2/b.thumb.png", "index.html", "summary.csv", "summary.json"])

        // Asking for the new files makes the complete clips run again, since their outputs are missing.
        let withFormats = try CLI.vtrack(plain + ["--mot", "--jsonl", "--cvat"])
        XCTAssertFalse(withFormats.signalled, withFormats.stderr)
        XCTAssertEqual(withFormats.status, 0, withFormats.stderr)
        XCTAssertEqual(folder.files(under: "out").filter(isNotAStill), [".vtrack-batch.lock", "a.csv", "a.cvat.xml", "a.done.json", "a.html", "a.jsonl", "a.mot.txt",
                                                    "a.thumb.png", "cam_2/b.csv", "cam_2/b.cvat.xml", "cam_2/b.done.json", "cam_2/b.html",
                                                    "cam_2/b.jsonl", "cam_2/b.mot.txt", "cam_2/b.thumb.png", "index.html", "summary.csv",
                                                    "summary.json"], "no partial file left")
        let summary = try BatchSummary.read(path: folder.path("out/summary.json"))
        XCTAssertEqual(summary.clips.map(\.status), [.ok, .ok])
        XCTAssertEqual(summary.clips.map(\.outputs), [["a.csv", "a.mot.txt", "a.jsonl", "a.cvat.xml", "a.html", "a.thumb.png"],
                                                     ["cam_2/b.csv", "cam_2/b.mot.txt", "cam_2/b.jsonl", "cam_2/b.cvat.xml",
                                                      "cam_2/b.html", "cam_2/b.thumb.png"]])
        for (base, firstFrame) in [("a", 0), ("cam_2/b", 5)] {
            let csv = try TrackCSV.read(path: folder.path("out/\(base).csv"))
            XCTAssertEqual(csv.first?.frame, firstFrame)
            let mot = try String(contentsOfFile: folder.path("out/\(base).mot.txt"), encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(mot.count, csv.count, base)
            XCTAssertEqual(mot.first?.split(separator: ",").first.flatMap { Int($0) }, firstFrame + 1, "1-based frames in \(base).mot.txt")
            XCTAssertEqual(try TrackFileFormat.read(path: folder.path("out/\(base).mot.txt")).map(\.box), csv.map(\.box))
            let jsonLines = try String(contentsOfFile: folder.path("out/\(base).jsonl"), encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(jsonLines.count, 120 - firstFrame, "one line per tracked frame in \(base).jsonl")
            XCTAssertTrue(jsonLines.first?.hasPrefix("{\"frame\":\(firstFrame),") ?? false, base)
            let cvat = try TrackFileFormat.read(path: folder.path("out/\(base).cvat.xml"))
            XCTAssertEqual(cvat.map(\.frame), csv.map(\.frame), base)
            XCTAssertEqual(cvat.map(\.box.description), csv.map(\.box.description), base)
        }

        let again = try CLI.vtrack(plain + ["--mot", "--jsonl", "--cvat"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try BatchSummary.read(path: folder.path("out/summary.json")).clips.map(\.status), [.skipped, .skipped])
    }
}
