import Files
import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// The MOTChallenge and JSON Lines files are written like the CSV: as frames are tracked, under hidden
/// `.NAME.PID-RANDOM.partial` names, and renamed into place when the clip is complete.
final class TrackFileSinkTests: XCTestCase {
    func testFilesGrowUnderPartialNamesAndAppearWhenTheClipIsComplete() throws {
        let folder = try PipelineFixtures.temporaryFolder(self)
        let clip = TestFootage.sampleVideo("carphone_face_in_car.mp4")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let outputs = try OutputPaths(clip: clip, out: nil, csv: path("t.csv"), video: nil, mot: path("t.mot.txt"), jsonLines: path("t.jsonl"))
        let session = try ClipTrackingSession(clipPath: clip, targets: [try TrackTarget(parsing: "58,32,60,62")],
                                              options: TrackingOptions(level: .fast, startFrame: 2))
        let observer = PartialFileObserver(folder: folder.path, names: ["t.csv", "t.mot.txt", "t.jsonl"])
        let report = try session.run(makeSinks: { try outputs.makeSinks(clip: clip, info: session.info) + [observer] })

        XCTAssertEqual(report.framesTracked, 118)
        XCTAssertEqual(observer.frames, 118)
        XCTAssertTrue(observer.problems.isEmpty, observer.problems.joined(separator: "\n"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["t.csv", "t.jsonl", "t.mot.txt"],
                       "no partial file left")
        let csv = try TrackCSV.read(path: path("t.csv"))
        let mot = try MOTChallengeFormat.parse(String(contentsOfFile: path("t.mot.txt"), encoding: .utf8), path: "t.mot.txt")
        XCTAssertEqual(mot.map(\.frame), csv.map(\.frame))
        XCTAssertEqual(mot.first?.frame, 2, "frames are the clip's, not counted from the start frame")
        XCTAssertEqual(mot.map(\.box), csv.map(\.box))
        let lines = try String(contentsOfFile: path("t.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 118)
        XCTAssertTrue(lines.first?.hasPrefix(#"{"frame":2,"#) ?? false)
    }
}

/// A sink placed after the file sinks: on each frame it checks that they have flushed that frame
/// into their partial files and that nothing is under a final name yet.
private final class PartialFileObserver: TrackSink {
    let folder: String
    let names: [String]
    private(set) var frames = 0
    private(set) var problems: [String] = []

    init(folder: String, names: [String]) {
        self.folder = folder
        self.names = names
    }

    func write(frame: FrameContext, records: [TrackRecord]) throws {
        frames += 1
        for name in names {
            let final = FilePath.joining(folder, name)
            let partials = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix("." + name + ".\(getpid())-") && $0.hasSuffix(".partial") }
            guard partials.count == 1 else {
                problems.append("frame \(frame.index): \(name) has \(partials.count) partial files, expected 1")
                continue
            }
            let partial = FilePath.joining(folder, partials[0])
            if FileManager.default.fileExists(atPath: final) { problems.append("frame \(frame.index): \(name) exists before the end") }
            let lines = ((try? String(contentsOfFile: partial, encoding: .utf8)) ?? "").split(separator: "\n").count
            let expected = name.hasSuffix(".csv") ? frames + 1 : frames
            if lines != expected { problems.append("frame \(frame.index): \(name)'s partial file has \(lines) lines, expected \(expected)") }
        }
    }

    func finish() throws {}
}
