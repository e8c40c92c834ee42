import Foundation
import Imaging
import Pipeline
import TestFootage
import TrackFormats
import VideoIO
import XCTest

/// Paths and helpers shared by the pipeline tests.
enum PipelineFixtures {
    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes `scene` as an MP4 with its ground truth into `folder`; returns the clip path and the truth.
    static func writeSynthetic(_ parameters: SyntheticSceneParameters, in folder: URL) throws -> (clip: String, truth: [SyntheticGroundTruth]) {
        let scene = SyntheticScene(parameters)
        let clip = folder.appendingPathComponent("synthetic.mp4").path
        try SyntheticClip.write(scene, videoPath: clip, groundTruthPath: folder.appendingPathComponent("groundtruth_rect.txt").path)
        return (clip, scene.groundTruth)
    }

    /// Tracks `targets` through `clip` and returns the records read back from the CSV written.
    static func track(_ clip: String, targets: [TrackTarget], options: TrackingOptions, in folder: URL) throws -> (records: [TrackRecord], report: ClipReport) {
        let csv = folder.appendingPathComponent("tracks-\(UUID().uuidString).csv").path
        let session = try ClipTrackingSession(clipPath: clip, targets: targets, options: options)
        let report = try session.run(makeSinks: { [try CSVTrackSink(path: csv)] })
        return (try TrackCSV.read(path: csv), report)
    }

    /// Scores a CSV with the development data's tools/otb_metrics.py and returns its success AUC, or
    /// skips when the script or numpy is missing.
    static func otbSuccessAUC(csv: String, sequence: String) throws -> Double {
        let script = try TestFootage.developmentData("tools/otb_metrics.py")
        let gt = try TestFootage.developmentData("data/sequences/\(sequence)/groundtruth_rect.txt")
        guard try runPython(["-c", "import numpy"]).status == 0 else { throw XCTSkip("python3 with numpy is not available") }
        let (status, data) = try runPython([script, "--seq", sequence, "--pred", csv, "--gt", gt, "--json"])
        XCTAssertEqual(status, 0, "otb_metrics.py rejected \(csv)")
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let mean = (json?["summary"] as? [String: Any])?["mean"] as? [String: Any]
        guard let auc = mean?["auc"] as? Double else {
            XCTFail("no summary.mean.auc in otb_metrics.py output: \(String(decoding: data, as: UTF8.self))")
            return 0
        }
        return auc
    }

    private static func runPython(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}

extension PipelineFixtures {
    /// Every frame of a synthetic clip written into `folder` and decoded again, with its ground truth.
    static func decodedSynthetic(_ parameters: SyntheticSceneParameters, in folder: URL) throws
        -> (frames: [VideoFrame], truth: [SyntheticGroundTruth]) {
        let (clip, truth) = try writeSynthetic(parameters, in: folder)
        let reader = try VideoReader(path: clip)
        var frames: [VideoFrame] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        return (frames, truth)
    }
}

/// Collects every record written, with its evidence (which the CSV does not hold).
final class RecordingSink: TrackSink {
    var records: [TrackRecord] = []
    func write(frame: FrameContext, records: [TrackRecord]) throws { self.records += records }
    func finish() throws {}
}
