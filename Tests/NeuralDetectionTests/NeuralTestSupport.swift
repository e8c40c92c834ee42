import Foundation
import Imaging
import NeuralDetection
import Tracking
import VideoIO
import XCTest

/// Paths and helpers for the neural detector tests.
enum NeuralTestSupport {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The frames of `clip` whose indices are in `wanted` (all when nil), in colour.
    static func frames(of clip: String, wanted: Set<Int>? = nil) throws -> [Int: ImageFrame] {
        let reader = try VideoReader(path: clip)
        var result: [Int: ImageFrame] = [:]
        while let frame = try reader.nextFrame() {
            if wanted?.contains(frame.index) ?? true { result[frame.index] = frame.imageFrame(colour: true) }
            if let wanted, result.count == wanted.count { break }
        }
        return result
    }

    /// The boxes (pixels) of a bare ``SiameseTracker`` with `settings` on the installed network of
    /// `settings.release`, started at `start` on `clip`'s first frame, on every frame.
    static func trackBare(_ clip: String, from start: PixelRect, settings: SiameseSettings,
                          confidenceModel: ConfidenceModel) throws -> [PixelRect] {
        let network = try VendoredSiameseNetworks().network(settings.release)
        let reader = try VideoReader(path: clip)
        var tracker: SiameseTracker?
        var boxes: [PixelRect] = []
        while let frame = try reader.nextFrame() {
            let image = frame.imageFrame(colour: true)
            if let tracker {
                boxes.append(tracker.update(on: image).box)
            } else {
                tracker = try SiameseTracker(frame: image, box: start, network: network, settings: settings, confidenceModel: confidenceModel)
                boxes.append(start)
            }
        }
        return boxes
    }

    /// Follows `box` (pixels, on frame 0) through `clip` with the learned `fast` level's Siamese tracker
    /// set up as `configuration`, up to `frames` frames; each frame's box (pixels) and confidence.
    static func followWithSiamese(_ clip: String, from box: PixelRect, configuration: SiameseConfiguration,
                                  frames: Int = .max) throws -> [(box: PixelRect, confidence: Float)] {
        let reader = try VideoReader(path: clip)
        let handler = SequenceRequestHandler(siameseNetworks: VendoredSiameseNetworks())
        var request: TrackObjectRequest?
        var results: [(box: PixelRect, confidence: Float)] = []
        while let frame = try reader.nextFrame(), frame.index < frames {
            let image = frame.imageFrame(colour: true)
            if let request, let last = request.results.first { request.inputObservation = last }
            let current = request ?? {
                let first = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
                    boundingBox: NormalizedRect(box, imageWidth: image.width, imageHeight: image.height)), trackingLevel: .fast)
                first.trackerKind = .learned
                first.customConfiguration = .siamese(configuration)
                return first
            }()
            request = current
            try handler.perform([current], on: image)
            let observation = current.results[0]
            results.append((PixelRect(observation.boundingBox, imageWidth: image.width, imageHeight: image.height), observation.confidence))
        }
        return results
    }

    /// Runs `python3 SCRIPT ARGUMENTS`; skips the test when python3 or the onnx package is missing.
    static func python(_ script: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw XCTSkip("cannot run python3: \(error)") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 && message.contains("No module named") {
            throw XCTSkip("python3 with the onnx package is not available (scripts/install-deps.sh installs it): \(message)")
        }
        XCTAssertEqual(process.terminationStatus, 0, message)
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-neural-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
