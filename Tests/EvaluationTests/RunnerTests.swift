import Evaluation
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import TestFootage
import Tracking
import VideoIO
import XCTest

/// End to end: encode a synthetic clip with exact ground truth into an OTB-layout folder, run the
/// evaluation, and check the scores, the CSVs and the plots it writes.
final class RunnerTests: XCTestCase {
    private let frameCount = 40

    private func scene() -> SyntheticScene {
        SyntheticScene(SyntheticSceneParameters(
            width: 192, height: 144, frameCount: frameCount, seed: 5,
            objectStart: PixelRect(x: 40, y: 50, width: 36, height: 30),
            motion: .linear(dxPerFrame: 2, dyPerFrame: 0.75), cameraNoise: 2))
    }

    /// `Name/Name.mp4` + `Name/groundtruth_rect.txt`; `mirrored` writes a wrong ground truth that
    /// leaves frame 0 alone and moves the box the opposite way.
    private func writeSequence(_ name: String, in root: URL, scene: SyntheticScene, mirrored: Bool = false) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = folder.appendingPathComponent(name + ".mp4")
        let writer = try VideoWriter(path: video.path, width: scene.width, height: scene.height, framesPerSecond: 30)
        var lines: [String] = []
        let start = scene.groundTruth(frame: 0).box
        for t in 0..<frameCount {
            let rgb = try XCTUnwrap(scene.render(frame: t).rgb)
            try writer.write(rgb: rgb, time: Double(t) / 30)
            var box = scene.groundTruth(frame: t).box
            if mirrored { box.x = start.x - (box.x - start.x) }
            lines.append("\(box.x),\(box.y),\(box.width),\(box.height)")
        }
        try writer.finish()
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("groundtruth_rect.txt"),
                                                       atomically: true, encoding: .utf8)
        return video
    }

    func testRunnerScoresHighOnTrueGroundTruthAndLowOnWrongGroundTruth() throws {
        let root = try makeTemporaryFolder(self)
        let data = root.appendingPathComponent("data"), out = root.appendingPathComponent("out")
        let scene = scene()
        _ = try writeSequence("Square", in: data, scene: scene)
        _ = try writeSequence("Wrong", in: data, scene: scene, mirrored: true)

        var progress: [String] = []
        let report = try DatasetEvaluation.run(
            dataset: data.path, options: EvaluationOptions(levels: [.fast, .accurate], outputDirectory: out.path)
        ) { level, result in progress.append("\(level.rawValue)/\(result.sequence)") }

        XCTAssertEqual(progress, ["fast/Square", "fast/Wrong", "accurate/Square", "accurate/Wrong"])
        XCTAssertEqual(report.sequenceNames, ["Square", "Wrong"])
        for level in report.levels {
            let square = try XCTUnwrap(level.sequences.first { $0.sequence == "Square" })
            let wrong = try XCTUnwrap(level.sequences.first { $0.sequence == "Wrong" })
            XCTAssertEqual(square.scores.frames, frameCount)
            XCTAssertGreaterThanOrEqual(square.scores.auc, 0.7, "\(level.name) on the true ground truth")
            XCTAssertGreaterThanOrEqual(square.scores.precisionAt20, 0.9, level.name)
            XCTAssertLessThan(wrong.scores.auc, 0.35, "\(level.name) on a mirrored ground truth")
            XCTAssertGreaterThan(try XCTUnwrap(square.trackerFPS), 0)
            XCTAssertGreaterThan(try XCTUnwrap(square.decodeAndTrackFPS), 0)
            XCTAssertEqual(level.summary.meanAUC, (square.scores.auc + wrong.scores.auc) / 2, accuracy: 1e-12)
            XCTAssertNotNil(level.trackerFPSPooled)

            // The CSV is vtrack's format, one row per frame, frame 0 at the ground-truth box.
            let csv = try String(contentsOfFile: square.csv, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(csv.first, "frame,time_s,track_id,label,x,y,width,height,confidence,style,state,x1,y1,x2,y2,x3,y3,x4,y4,source")
            XCTAssertEqual(csv.count, frameCount + 1)
            XCTAssertTrue(csv[1].hasPrefix("0,0.000000,1,Square,40,50,36,30,1.0000,solid,tracked"), String(csv[1]))
        }

        try assertWellFormedXML(path: report.successPlot, polylines: 2)
        try assertWellFormedXML(path: report.precisionPlot, polylines: 2)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report.resultsJSON)))
        let levels = try XCTUnwrap((json as? [String: Any])?["levels"] as? [[String: Any]])
        XCTAssertEqual(levels.compactMap { $0["name"] as? String }, ["fast", "accurate"])
    }

    func testImageSequenceLayoutIsEvaluated() throws {
        let root = try makeTemporaryFolder(self)
        let video = try writeSequence("Frames", in: root, scene: scene())
        let images = root.appendingPathComponent("Frames/img")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-nostdin", "-loglevel", "error", "-i", video.path, "-q:v", "2",
                            "-start_number", "1", images.appendingPathComponent("%04d.jpg").path]
        do { try ffmpeg.run() } catch { throw XCTSkip("the ffmpeg command is not available: \(error)") }
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw XCTSkip("the ffmpeg command could not write JPEGs") }
        try FileManager.default.removeItem(at: video)

        let sequence = try OTBSequence(directory: root.appendingPathComponent("Frames").path)
        XCTAssertTrue(sequence.videoPath.hasSuffix("Frames/img/%04d.jpg"), sequence.videoPath)
        let run = try OPERunner.run(sequence, level: .fast)
        XCTAssertEqual(run.records.count, frameCount)
        XCTAssertEqual(run.records.map(\.frame), Array(0..<frameCount))
        let score = SequenceScore(predictions: run.records.map(\.box), groundTruth: sequence.groundTruth)
        XCTAssertGreaterThanOrEqual(score.curves.auc, 0.7)
    }

    func testUnusableFirstBoxIsATypedError() throws {
        let root = try makeTemporaryFolder(self)
        _ = try writeSequence("Outside", in: root, scene: scene())
        try "500,500,10,10\n".write(to: root.appendingPathComponent("Outside/groundtruth_rect.txt"), atomically: true, encoding: .utf8)
        let sequence = try OTBSequence(directory: root.appendingPathComponent("Outside").path)
        XCTAssertThrowsError(try OPERunner.run(sequence, level: .fast)) { error in
            guard case .trackingFailed(let name, let frame, _)? = error as? EvaluationError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(name, "Outside")
            XCTAssertEqual(frame, 0)
        }
    }

    /// The development data's scoring script, `otb_metrics.py --results <out>/<level>`, gives the
    /// runner's means on the CSVs it wrote.
    func testScoringScriptAgreesWithTheWrittenMeans() throws {
        let script = try TestFootage.developmentData("tools/otb_metrics.py")
        let root = try makeTemporaryFolder(self)
        let data = root.appendingPathComponent("data"), out = root.appendingPathComponent("out")
        _ = try writeSequence("Square", in: data, scene: scene())
        _ = try writeSequence("Wrong", in: data, scene: scene(), mirrored: true)
        let report = try DatasetEvaluation.run(
            dataset: data.path, options: EvaluationOptions(levels: [.fast, .accurate], outputDirectory: out.path)
        ) { _, _ in }
        for level in report.levels {
            let output = try runPython([script, "--results", out.appendingPathComponent(level.name).path, "--otb", data.path, "--json"])
            let json = try JSONSerialization.jsonObject(with: output) as? [String: Any]
            let mean = try XCTUnwrap((json?["summary"] as? [String: Any])?["mean"] as? [String: Any])
            XCTAssertEqual(level.summary.meanAUC, try XCTUnwrap(mean["auc"] as? Double), accuracy: 1e-3, level.name)
            XCTAssertEqual(level.summary.meanPrecisionAt20, try XCTUnwrap(mean["prec20"] as? Double), accuracy: 1e-3, level.name)
        }
    }

    private func assertWellFormedXML(path: String, polylines: Int) throws {
        final class Counter: NSObject, XMLParserDelegate {
            var polylines = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "polyline" { polylines += 1 }
            }
        }
        let parser = try XCTUnwrap(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        let counter = Counter()
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), path)
        XCTAssertEqual(counter.polylines, polylines, path)
    }
}
