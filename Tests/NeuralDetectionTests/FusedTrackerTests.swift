import Foundation
import Imaging
import NeuralDetection
import TestFootage
import Tracking
import VideoIO
import XCTest

/// The learned `accurate` level on real footage: both trackers run on every frame and the verdict
/// sees both (a test that fails if either is skipped), and the fusion keeps an object the Siamese
/// tracker alone loses.
final class FusedTrackerTests: XCTestCase {
    /// Tracks `clip` from its first ground-truth box with `configuration` through a handler with
    /// NanoTrack's networks, up to `frames` frames; each continued frame's box and evidence.
    private func track(_ name: String, configuration: TrackerConfiguration?, kind: TrackerKind = .learned,
                       frames: Int = .max) throws -> (boxes: [PixelRect], evidence: [TrackingEvidence?], truth: [PixelRect]) {
        let (clip, truth) = try TestFootage.developmentSequence(name)
        let reader = try VideoReader(path: clip)
        let handler = SequenceRequestHandler(siameseNetworks: VendoredSiameseNetworks())
        var request: TrackObjectRequest?
        var boxes: [PixelRect] = [], evidence: [TrackingEvidence?] = []
        while let frame = try reader.nextFrame(), frame.index < min(frames, truth.count) {
            let image = frame.imageFrame(colour: true)
            if let request, let last = request.results.first { request.inputObservation = last }
            let current = request ?? {
                let first = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
                    boundingBox: NormalizedRect(truth[0], imageWidth: image.width, imageHeight: image.height)), trackingLevel: .accurate)
                first.trackerKind = kind
                first.customConfiguration = configuration
                return first
            }()
            request = current
            try handler.perform([current], on: image)
            boxes.append(PixelRect(current.results[0].boundingBox, imageWidth: image.width, imageHeight: image.height))
            evidence.append(current.evidence)
        }
        return (boxes, evidence, truth)
    }

    func testTheLearnedAccurateLevelRunsBothTrackersOnEveryFrame() throws {
        guard case .fused = TrackerConfiguration.for(.accurate, kind: .learned) else {
            return XCTFail("the learned accurate level is not the fused pair")
        }
        let run = try track("truck2", configuration: nil)
        let continued = run.evidence.dropFirst()
        XCTAssertEqual(continued.count, run.truth.count - 1)
        let evidence = continued.compactMap { $0 }
        XCTAssertEqual(evidence.count, continued.count, "every continued frame has the fused evidence")
        // The Siamese tracker's cues: it has no first-model agreement (the filter's would vary).
        XCTAssertTrue(evidence.allSatisfy { $0.firstAgreement == 1 && $0.smoothedAgreement == 1 }, "not the Siamese tracker's cues")
        // The filter's view on every frame: its own box and confidence, which vary.
        XCTAssertTrue(evidence.allSatisfy { $0.partnerBox != nil }, "the filter did not run on every frame")
        XCTAssertGreaterThan(Set(evidence.map(\.partnerConfidence)).count, evidence.count / 2, "the filter's confidence does not vary")
        XCTAssertGreaterThan(evidence.count { $0.partnerAgreement < 0.99 }, evidence.count / 2, "the two boxes are the same")
    }

    /// truck2 (UAV123): the Siamese tracker alone leaves the truck early (AUC 0.18 on the whole set's
    /// run, `vtrack eval --set fusion=off`); the filter holds it, and the fusion reports the filter's
    /// box where the choice trusts it (AUC 0.70).
    func testTheFusionKeepsAnObjectTheSiameseTrackerAloneLoses() throws {
        let fused = try track("truck2", configuration: nil)
        let alone = try track("truck2", configuration: .siamese(.learned(.accurate)))
        func meanIoU(_ boxes: [PixelRect], _ truth: [PixelRect]) -> Double {
            let scored = zip(boxes, truth).dropFirst().filter { $0.1.isValid }
            return scored.map { $0.0.iou($0.1) }.reduce(0, +) / Double(scored.count)
        }
        let fusedIoU = meanIoU(fused.boxes, fused.truth), aloneIoU = meanIoU(alone.boxes, alone.truth)
        print("[fused] truck2: mean IoU fused \(String(format: "%.3f", fusedIoU)), Siamese tracker alone \(String(format: "%.3f", aloneIoU))")
        XCTAssertGreaterThan(fusedIoU, aloneIoU + 0.3)
        XCTAssertTrue(fused.evidence.contains { $0?.boxFromPartner == true }, "the filter's box was never reported")
    }
}
