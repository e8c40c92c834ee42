import Foundation
import Imaging
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// `vtrack render` draws a tracks CSV onto its clip the way `vtrack track` does, including a CSV
/// edited by hand.
final class CLIRenderTests: XCTestCase {
    func testRenderMatchesTrackAndFollowsEdits() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 30)
        let tracked = try CLI.vtrack(["track", clip, "--box", "thing=40,30,40,40", "--level", "fast",
                                      "--csv", folder.path("t.csv"), "--video", folder.path("tracked.mp4"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)

        let rendered = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("rendered.mp4"), "--quiet"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let plain = try lumaFrames(clip)
        let fromTrack = try lumaFrames(folder.path("tracked.mp4"))
        let fromRender = try lumaFrames(folder.path("rendered.mp4"))
        XCTAssertEqual(fromRender.count, 30)
        XCTAssertEqual(fromTrack.count, 30)
        for index in 0..<min(30, fromTrack.count, fromRender.count) {
            let drawnByTrack = drawn(fromTrack[index], over: plain[index])
            XCTAssertGreaterThan(drawnByTrack.count, 50, "frame \(index): track drew a box")
            XCTAssertGreaterThan(overlap(drawnByTrack, drawn(fromRender[index], over: plain[index])), 0.9,
                                 "frame \(index): render draws what track drew, to a pixel")
        }

        // Move the box 60 px right and make it doubtful from frame 15 on.
        var records = try TrackCSV.read(path: folder.path("t.csv"))
        for i in records.indices where records[i].frame >= 15 {
            records[i].box = PixelRect(x: 100, y: 30, width: 40, height: 40)
            records[i].confidence = 0.2
        }
        try ([TrackCSV.header] + records.map(TrackCSV.row)).joined(separator: "\n")
            .write(toFile: folder.path("edited.csv"), atomically: true, encoding: .utf8)
        let edited = try CLI.vtrack(["render", clip, "--tracks", folder.path("edited.csv"), "--video", folder.path("edited.mp4"), "--quiet"])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        let fromEdit = try lumaFrames(folder.path("edited.mp4"))
        XCTAssertEqual(fromEdit.count, 30)
        for index in 0..<min(30, fromEdit.count, fromRender.count) {
            let drawnByEdit = drawn(fromEdit[index], over: plain[index])
            if index < 15 {
                XCTAssertGreaterThan(overlap(drawn(fromRender[index], over: plain[index]), drawnByEdit), 0.9, "frame \(index) was not edited")
            } else {
                // The box's left side, x = 100, rows 31...68: drawn, with gaps (dashed: confidence 0.2).
                let rows = Set(drawnByEdit.filter { (99...101).contains($0.x) && (31...68).contains($0.y) }.map(\.y))
                XCTAssertGreaterThan(rows.count, 15, "frame \(index): the moved box is drawn at x = 100")
                XCTAssertLessThan(rows.count, 34, "frame \(index): the doubtful box is dashed")
            }
        }
    }

    /// `track --cvat` writes CVAT for video XML that `render` draws as `track` drew its solid boxes;
    /// a CVAT file cut short is one line naming it, and no MP4.
    func testRenderDrawsTheCVATFileTrackWrote() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 30)
        let tracked = try CLI.vtrack(["track", clip, "--box", "thing=40,30,40,40", "--level", "fast", "--csv", folder.path("t.csv"),
                                      "--cvat", folder.path("t.cvat.xml"), "--video", folder.path("tracked.mp4"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        XCTAssertEqual(folder.files(under: ""), ["clip.mp4", "t.csv", "t.cvat.xml", "tracked.mp4"])
        let rendered = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.cvat.xml"), "--video", folder.path("r.mp4"), "--quiet"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let solid = Set(try TrackCSV.read(path: folder.path("t.csv")).filter { $0.style == .solid }.map(\.frame))
        XCTAssertGreaterThan(solid.count, 20)
        let plain = try lumaFrames(clip), fromTrack = try lumaFrames(folder.path("tracked.mp4")), fromRender = try lumaFrames(folder.path("r.mp4"))
        XCTAssertEqual(fromRender.count, 30)
        for index in solid.sorted() where index < min(fromTrack.count, fromRender.count) {
            XCTAssertGreaterThan(overlap(drawn(fromTrack[index], over: plain[index]), drawn(fromRender[index], over: plain[index])), 0.9,
                                 "frame \(index): render draws the CVAT box where track drew it")
        }

        let text = try String(contentsOfFile: folder.path("t.cvat.xml"), encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(toFile: folder.path("cut.xml"), atomically: true, encoding: .utf8)
        let cut = try CLI.vtrack(["render", clip, "--tracks", folder.path("cut.xml"), "--video", folder.path("cut.mp4"), "--quiet"])
        XCTAssertFalse(cut.signalled, cut.stderr)
        XCTAssertNotEqual(cut.status, 0)
        XCTAssertEqual(cut.messages.count, 1, cut.stderr)
        XCTAssertTrue(cut.messages.first?.hasPrefix("Error: \(folder.path("cut.xml")):") ?? false, cut.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("cut.mp4")), "no MP4 for a bad tracks file")
    }

    /// A record with corners is drawn as its quadrilateral, not as its bounding box.
    func testRenderReadsBackWhatTrackWritesForRandomLabels() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 6)
        let alphabet: [Character] = ["a", "Z", "7", "é", "✓", "🙂", "漢", ",", "\"", "\n", "\r\n", " ", ";", "'", "\\", "\t", "="]
        var generator = CLISeededGenerator(seed: 23)
        var labels = (0..<12).map { _ -> String in
            let length = Int.random(in: 1...40, using: &generator)
            return String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        labels.append(String(repeating: "long,\"label\"\n", count: 1_000))
        // What --box keeps of a label: up to the first '=', without surrounding spaces.
        labels = labels.map { String($0.replacingOccurrences(of: "=", with: "_")).trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { $0.isEmpty ? "x" : $0 }
        for (index, pair) in stride(from: 0, to: labels.count, by: 2).map({ Array(labels[$0..<min($0 + 2, labels.count)]) }).enumerated() {
            let csv = folder.path("t\(index).csv")
            let boxes = pair.enumerated().flatMap { ["--box", "\($1)=\(20 + 40 * $0),30,30,30"] }
            let tracked = try CLI.vtrack(["track", clip] + boxes + ["--csv", csv, "--quiet"])
            XCTAssertEqual(tracked.status, 0, tracked.stderr)
            let records = try TrackCSV.read(path: csv)
            XCTAssertEqual(records.filter { $0.frame == 0 }.map(\.label), pair)
            let rendered = try CLI.vtrack(["render", clip, "--tracks", csv, "--video", folder.path("r\(index).mp4")])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            XCTAssertTrue(rendered.stdout.contains("drew \(records.count) boxes on 6 frames"), rendered.stdout)
        }
    }

    func testRenderDrawsTheCornersOfARectangleRecord() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 5)
        let quad = Quadrilateral(topLeft: PixelPoint(x: 30, y: 20), topRight: PixelPoint(x: 130, y: 50),
                                 bottomRight: PixelPoint(x: 120, y: 110), bottomLeft: PixelPoint(x: 40, y: 100))
        let records = (0..<5).map { frame in
            TrackRecord(frame: frame, time: Double(frame) / 25, trackID: 1, label: "", box: quad.boundingBox,
                        confidence: 0.9, state: .tracked, corners: quad)
        }
        try ([TrackCSV.header] + records.map(TrackCSV.row)).joined(separator: "\n")
            .write(toFile: folder.path("quad.csv"), atomically: true, encoding: .utf8)
        let rendered = try CLI.vtrack(["render", clip, "--tracks", folder.path("quad.csv"), "--video", folder.path("quad.mp4"), "--quiet"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let plain = try lumaFrames(clip), fromRender = try lumaFrames(folder.path("quad.mp4"))
        XCTAssertEqual(fromRender.count, 5)
        for index in 0..<min(5, fromRender.count) {
            let painted = drawn(fromRender[index], over: plain[index])
            // Along the slanted top edge, (30,20) to (130,50), the outline is there...
            let onTopEdge = (0...10).filter { step in
                let t = Double(step) / 10, x = Int(30 + 100 * t), y = Int(20 + 30 * t)
                return painted.contains { abs($0.x - x) <= 2 && abs($0.y - y) <= 2 }
            }
            XCTAssertGreaterThanOrEqual(onTopEdge.count, 7, "frame \(index): the slanted edge is drawn")
            // ...and the bounding box's top-right corner, far from every edge, is not drawn.
            XCTAssertFalse(painted.contains { abs($0.x - 126) <= 2 && abs($0.y - 24) <= 2 }, "frame \(index): not the bounding box")
        }
    }

        func testRenderErrors() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 10)
        let before = try folder.data("clip.mp4")
        try folder.write("frame,track_id,x,y,width,height\n0,1,10,10,20,20\n12,1,10,10,20,20\n", to: "t.csv")
        try folder.write("frame,track_id,x,y,width,height\n0,1,10,10,20\n", to: "short.csv")

        let overClip = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", clip])
        XCTAssertNotEqual(overClip.status, 0)
        XCTAssertTrue(overClip.stderr.contains("refusing to overwrite an input file"), overClip.stderr)
        XCTAssertEqual(try folder.data("clip.mp4"), before)

        let overTracks = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("t.csv")])
        XCTAssertNotEqual(overTracks.status, 0)
        XCTAssertTrue(overTracks.stderr.contains("refusing to overwrite an input file"), overTracks.stderr)

        let malformed = try CLI.vtrack(["render", clip, "--tracks", folder.path("short.csv"), "--video", folder.path("o.mp4")])
        XCTAssertFalse(malformed.signalled)
        XCTAssertNotEqual(malformed.status, 0)
        XCTAssertTrue(malformed.messages.contains { $0.hasPrefix("Error: \(folder.path("short.csv")):2:") }, malformed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("o.mp4")))

        let pastEnd = try CLI.vtrack(["render", clip, "--tracks", folder.path("t.csv"), "--video", folder.path("o.mp4"), "--quiet"])
        XCTAssertEqual(pastEnd.status, 0, pastEnd.stderr)
        XCTAssertTrue(pastEnd.stderr.contains("1 rows are on frames past the clip's last frame 9"), pastEnd.stderr)
        XCTAssertEqual(try lumaFrames(folder.path("o.mp4")).count, 10)
    }

    /// A MOTChallenge file written by `vtrack track --mot` renders as its CSV does: the same boxes on
    /// the same frames (MOT frame - 1), where the CSV's state does not change the drawing (MOTChallenge
    /// has no state, so `lost` and `ended` records are drawn by their confidence alone).
    func testRenderDrawsAMOTFileAsItsCSV() throws {
        let folder = try CLITemporaryFolder()
        let tracked = try CLI.vtrack(["track", cliSampleClip, "--box", "58,32,60,62", "--level", "accurate",
                                      "--csv", folder.path("t.csv"), "--mot", folder.path("t.mot.txt"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        for (tracks, video) in [("t.csv", "from-csv.mp4"), ("t.mot.txt", "from-mot.mp4")] {
            let rendered = try CLI.vtrack(["render", cliSampleClip, "--tracks", folder.path(tracks), "--video", folder.path(video)])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            XCTAssertTrue(rendered.stdout.contains("drew 120 boxes on 120 frames"), rendered.stdout)
        }
        let plain = try lumaFrames(cliSampleClip)
        let fromCSV = try lumaFrames(folder.path("from-csv.mp4"))
        let fromMOT = try lumaFrames(folder.path("from-mot.mp4"))
        XCTAssertEqual(fromMOT.count, 120, "the MP4 rendered from the MOT file decodes, every frame")
        XCTAssertEqual(fromCSV.count, 120)
        let states = try Dictionary(TrackCSV.read(path: folder.path("t.csv")).map { ($0.frame, $0.state) }) { first, _ in first }
        let comparable = (0..<min(120, fromCSV.count, fromMOT.count)).filter { states[$0] == .tracked || states[$0] == .reseeded }
        XCTAssertGreaterThan(comparable.count, 100)
        for index in comparable {
            let drawnFromCSV = drawn(fromCSV[index], over: plain[index]), drawnFromMOT = drawn(fromMOT[index], over: plain[index])
            XCTAssertGreaterThan(drawnFromCSV.count, 50, "frame \(index): a box is drawn")
            XCTAssertGreaterThan(overlap(drawnFromCSV, drawnFromMOT), 0.9, "frame \(index)")
            XCTAssertGreaterThan(overlap(drawnFromMOT, drawnFromCSV), 0.9, "frame \(index)")
        }
    }

    /// A malformed MOTChallenge line stops the render with one error line naming the file and the line,
    /// and nothing is written.
    func testMalformedMOTLineNamesTheFileAndLine() throws {
        let folder = try CLITemporaryFolder()
        let clip = folder.path("clip.mp4")
        try CLI.makeClip(clip, frames: 10)
        let good = "1,1,10,10,20,20,1.0000,-1,-1,-1\n2,1,11,10,20,20,0.4000,-1,-1,-1\n"
        try folder.write(good + "3,1,12,10,20,x,1,-1,-1,-1\n", to: "word.mot.txt")
        try folder.write(good + "\n3,1,12,10,20,20,1,-1,-1\n", to: "short.mot.txt")
        try folder.write("0,1,12,10,20,20,1,-1,-1,-1\n", to: "zero.txt")
        for (name, line, reason) in [("word.mot.txt", 3, "bb_height is not a finite number ('x')"),
                                     ("short.mot.txt", 4, "expected 10 comma-separated numbers"),
                                     ("zero.txt", 1, "frame is not a whole number of 1 or more ('0')")] {
            let outcome = try CLI.vtrack(["render", clip, "--tracks", folder.path(name), "--video", folder.path("o.mp4")])
            XCTAssertFalse(outcome.signalled, outcome.stderr)
            XCTAssertNotEqual(outcome.status, 0, name)
            let errors = outcome.messages.filter { $0.hasPrefix("Error:") }
            XCTAssertEqual(errors.count, 1, outcome.stderr)
            XCTAssertTrue(errors.first?.hasPrefix("Error: \(folder.path(name)):\(line): \(reason)") ?? false, outcome.stderr)
            XCTAssertEqual(folder.files(under: ""), ["clip.mp4", "short.mot.txt", "word.mot.txt", "zero.txt"], "no output for \(name)")
        }
    }

    private func lumaFrames(_ path: String) throws -> [Image<UInt8>] {
        let reader = try VideoReader(path: path)
        var frames: [Image<UInt8>] = []
        while let frame = try reader.nextFrame() { frames.append(frame.luma) }
        return frames
    }

    /// Pixels where an annotated frame differs clearly from the plain one: what was drawn
    /// (compression noise stays well below the threshold).
    private func drawn(_ annotated: Image<UInt8>, over plain: Image<UInt8>) -> Set<DrawnPixel> {
        guard annotated.width == plain.width, annotated.height == plain.height else { return [] }
        var points = Set<DrawnPixel>()
        for y in 0..<plain.height {
            for x in 0..<plain.width where abs(Int(annotated.pixels[y * plain.width + x]) - Int(plain.pixels[y * plain.width + x])) > 48 {
                points.insert(DrawnPixel(x: x, y: y))
            }
        }
        return points
    }

    /// The fraction of `reference` with a point of `other` at most one pixel away (the CSV keeps boxes
    /// to 0.01 px, so a box can round to the neighbouring pixel when drawn from it).
    private func overlap(_ reference: Set<DrawnPixel>, _ other: Set<DrawnPixel>) -> Double {
        guard !reference.isEmpty else { return 0 }
        let matched = reference.filter { point in
            (-1...1).contains { dy in (-1...1).contains { dx in other.contains(DrawnPixel(x: point.x + dx, y: point.y + dy)) } }
        }
        return Double(matched.count) / Double(reference.count)
    }
}

private struct DrawnPixel: Hashable {
    let x: Int
    let y: Int
}
