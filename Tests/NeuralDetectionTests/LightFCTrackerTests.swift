import Foundation
import Imaging
import NeuralDetection
import TestFootage
import Tracking
import VideoIO
import XCTest

/// The Siamese tracker on LightFC's vendored networks, on real footage: a fast mover that NanoTrack
/// loses is kept, the vendored files match their provenance note, and a damaged file is refused.
final class LightFCTrackerTests: XCTestCase {
    /// Tracks `clip` from `start` with `settings` on the installed network of `settings.release`;
    /// the boxes of every frame.
    private func track(_ clip: String, from start: PixelRect, settings: SiameseSettings) throws -> [PixelRect] {
        try NeuralTestSupport.trackBare(clip, from: start, settings: settings, confidenceModel: SiameseConfiguration.lightFC.confidenceModel)
    }

    /// The share of `boxes` (after the first) with IoU >= 0.5 against the ground truth where it has a box.
    private func onObject(_ boxes: [PixelRect], _ truth: [PixelRect]) -> Double {
        let scored = zip(boxes, truth).dropFirst().filter { $0.1.isValid }
        return Double(scored.filter { $0.0.iou($0.1) >= 0.5 }.count) / Double(max(1, scored.count))
    }

    func testKeepsAFastMoverThatNanoTrackLoses() throws {
        // MotorRolling: a motocross rider somersaulting (fast rotation and motion, scale change).
        // NanoTrack v2 as OpenCV's TrackerNano runs it loses him in his jumps.
        let sequence = try TestFootage.developmentSequence("MotorRolling")
        let lightFC = onObject(try track(sequence.clip, from: sequence.groundTruth[0], settings: .authorsLightFC), sequence.groundTruth)
        let nanoTrack = onObject(try track(sequence.clip, from: sequence.groundTruth[0], settings: .openCVTrackerNano), sequence.groundTruth)
        print("[lightfc] MotorRolling: on the object (IoU >= 0.5) LightFC \(String(format: "%.3f", lightFC)), "
              + "NanoTrack v2 as TrackerNano \(String(format: "%.3f", nanoTrack))")
        // Measured 0.963 and 0.509 (the stored TrackerNano run keeps 0.14: after the first jump each is
        // on whatever it found, and the two runs part there).
        XCTAssertGreaterThan(lightFC, 0.9)
        XCTAssertGreaterThan(lightFC - nanoTrack, 0.3, "LightFC keeps the rider through the jumps that NanoTrack loses him in")
    }

    func testVendoredNetworksLoadAndMatchTheirProvenanceNote() throws {
        let note = try String(contentsOf: TestFootage.packageRoot.appendingPathComponent("Models/lightfc/README.md"), encoding: .utf8)
        let network = try LightFCNetwork.loaded()
        XCTAssertEqual(network.responseSide, 16)
        XCTAssertEqual(network.templateFeatureCount, 96 * 64)
        var listed = 0
        for line in note.split(separator: "\n") where line.hasPrefix("| lightfc_") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let url = TestFootage.packageRoot.appendingPathComponent("Models/lightfc/" + cells[0])
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            XCTAssertEqual((attributes[.size] as? NSNumber)?.intValue, Int(cells[1]), "\(cells[0])'s size in the note")
            XCTAssertEqual(SHA256Digest.hex(of: try Data(contentsOf: url)), cells[2], "\(cells[0])'s SHA-256 in the note")
            listed += 1
        }
        XCTAssertEqual(listed, 2, "the note lists both files")
    }

    func testDamagedOrMissingNetworkIsOneLineNamingTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-lightfc-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let installed = URL(fileURLWithPath: LightFCNetwork.directory)
        for name in ["lightfc_backbone.onnx", "lightfc_tracking.onnx"] {
            try FileManager.default.copyItem(at: installed.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let tracking = folder.appendingPathComponent("lightfc_tracking.onnx")
        var bytes = try Data(contentsOf: tracking)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: tracking)
        XCTAssertThrowsError(try LightFCNetwork(directory: folder.path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(tracking.path + ": "), message)
            XCTAssertTrue(message.contains("SHA-256"), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
        try FileManager.default.removeItem(at: tracking)
        XCTAssertThrowsError(try LightFCNetwork(directory: folder.path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(tracking.path + ": "), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
    }
}
