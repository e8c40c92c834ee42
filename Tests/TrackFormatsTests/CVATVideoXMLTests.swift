import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import XCTest

/// `--cvat`: CVAT for video 1.1 XML holds the CSV's tracks (a track per object, a box per frame,
/// `outside` where lost, every box a keyframe so that CVAT keeps it), and reads back as the same boxes.
final class CVATVideoXMLTests: XCTestCase {
    func testTheCVATFileHoldsTheCSVBoxesOfARealRunAndReadsBackAsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let clip = TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let outputs = try OutputPaths(clip: clip, out: nil, csv: path("t.csv"), video: nil, cvat: path("t.cvat.xml"))
        let session = try ClipTrackingSession(clipPath: clip, targets: [try TrackTarget(parsing: "left=157,138,22,55"),
                                                                        try TrackTarget(parsing: "401,149,27,52")],
                                              options: TrackingOptions(level: .fast, reseedEvery: 0))
        let report = try session.run(makeSinks: { try outputs.makeSinks(clip: clip, info: session.info) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["t.csv", "t.cvat.xml"])

        // Read with Foundation's XML document, independently of vtrack's reader.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path("t.cvat.xml")))
        XCTAssertEqual(try document.nodes(forXPath: "/annotations/version").first?.stringValue, "1.1")
        XCTAssertEqual(try document.nodes(forXPath: "/annotations/meta/task/mode").first?.stringValue, "interpolation")
        XCTAssertEqual(try document.nodes(forXPath: "/annotations/meta/task/size").first?.stringValue, "\(report.framesTracked)")
        XCTAssertEqual(try document.nodes(forXPath: "/annotations/meta/task/original_size/width").first?.stringValue,
                       "\(session.info.width)")
        XCTAssertEqual(try document.nodes(forXPath: "/annotations/meta/task/labels/label/name").compactMap(\.stringValue),
                       ["left", CVATVideoXML.unlabelled])
        let tracks = try document.nodes(forXPath: "/annotations/track").compactMap { $0 as? XMLElement }
        XCTAssertEqual(tracks.map { $0.attribute(forName: "id")?.stringValue }, ["0", "1"])
        XCTAssertEqual(tracks.map { $0.attribute(forName: "label")?.stringValue }, ["left", CVATVideoXML.unlabelled])

        let csv = try TrackCSV.read(path: path("t.csv"))
        XCTAssertTrue(csv.contains { $0.state == .lost }, "the right walker is lost where the walkers cross: outside is exercised")
        for (index, track) in tracks.enumerated() {
            let rows = csv.filter { $0.trackID == index + 1 }
            let boxes = track.elements(forName: "box")
            XCTAssertEqual(boxes.count, rows.count, "a box per CSV row of track \(index + 1)")
            for (box, row) in zip(boxes, rows) {
                func number(_ name: String) -> Double { Double(box.attribute(forName: name)?.stringValue ?? "") ?? .nan }
                XCTAssertEqual(Int(box.attribute(forName: "frame")?.stringValue ?? ""), row.frame)
                XCTAssertEqual(number("xtl"), row.box.x, accuracy: 1e-9)
                XCTAssertEqual(number("ytl"), row.box.y, accuracy: 1e-9)
                XCTAssertEqual(number("xbr"), row.box.x + row.box.width, accuracy: 1e-9)
                XCTAssertEqual(number("ybr"), row.box.y + row.box.height, accuracy: 1e-9)
                XCTAssertEqual(box.attribute(forName: "outside")?.stringValue, row.state == .lost ? "1" : "0", "frame \(row.frame)")
                XCTAssertEqual(box.attribute(forName: "keyframe")?.stringValue, "1", "CVAT imports keyframes only")
            }
        }

        // vtrack's own reader gives the CSV's frames, ids and boxes; lost rows come back lost.
        let read = try TrackFileFormat.read(path: path("t.cvat.xml"))
        XCTAssertEqual(read.count, csv.count)
        for (back, row) in zip(read, csv) {
            XCTAssertEqual(back.frame, row.frame)
            XCTAssertEqual(back.trackID, row.trackID)
            XCTAssertEqual(back.label, row.label.isEmpty ? CVATVideoXML.unlabelled : row.label)
            XCTAssertEqual(back.box.description, row.box.description, "frame \(row.frame) of track \(row.trackID)")
            XCTAssertEqual(back.state == .lost, row.state == .lost, "frame \(row.frame) of track \(row.trackID)")
        }
    }

    func testFormatIsToldApartByContent() {
        XCTAssertEqual(TrackFileFormat(detecting: "  \n<?xml version=\"1.0\"?>\n<annotations/>", path: "a.txt"), .cvatXML)
        XCTAssertEqual(TrackFileFormat(detecting: "1,1,10,10,5,5,1,-1,-1,-1\n", path: "a.xml"), .motChallenge)
        XCTAssertEqual(TrackFileFormat(detecting: "frame,track_id,x,y,width,height\n", path: "a.xml"), .vtrackCSV)
    }

    func testBadFilesAreOneLineNamingTheFileAndTheLine() {
        let cases: [(text: String, line: Int, reason: String)] = [
            ("<annotations>\n  <track id=\"0\" label=\"a\">\n    <box frame=\"3\" xtl=\"1\" ytl=\"2\" xbr=\"1\" ybr=\"9\"/>\n", 3,
             "<box frame=\"3\"> is empty (xbr <= xtl or ybr <= ytl)"),
            ("<annotations>\n<track id=\"0\" label=\"a\">\n<box xtl=\"1\" ytl=\"2\" xbr=\"5\" ybr=\"9\"/>\n</track>\n</annotations>\n", 3,
             "a <box> without a whole frame of 0 or more"),
            ("<annotations>\n<track id=\"0\" label=\"a\">\n<box frame=\"1\" xtl=\"1\" ytl=\"two\" xbr=\"5\" ybr=\"9\"/>\n", 3,
             "<box frame=\"1\"> has no number in ytl"),
            ("<annotations>\n<track id=\"-1\" label=\"a\">\n", 2, "a <track> without a whole id of 0 or more"),
            ("<tracks>\n</tracks>\n", 1, "no <annotations> element: not a CVAT XML file"),
        ]
        for (text, line, reason) in cases {
            XCTAssertThrowsError(try CVATVideoXML.parse(text, path: "bad.xml")) { error in
                XCTAssertEqual(error as? CVATXMLError, CVATXMLError(path: "bad.xml", line: line, reason: reason), text)
            }
        }
        for cut in ["<annotations>\n<track id=\"0\" label=\"a\">\n<box frame=\"1\" xtl=\"1\" ytl=\"2\" xbr=\"5\" ybr=\"9\"/>\n",
                    "<annotations>\n<track id=\"0\" label=\"a\">\n<box frame=\"1\" xtl=\"1\" ytl=\"2\" xb"] {
            XCTAssertThrowsError(try CVATVideoXML.parse(cut, path: "cut.xml"), cut) { error in
                let description = "\(error)"
                XCTAssertTrue(description.hasPrefix("cut.xml:"), description)
                XCTAssertFalse(description.contains("\n"), description)
            }
        }
    }
}
