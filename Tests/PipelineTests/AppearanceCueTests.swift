import Foundation
import Imaging
import NeuralDetection
import Pipeline
import TestFootage
import Tracking
import VideoIO
import XCTest

/// The appearance cue of the confidence on real footage: the packaged ImageNet description of a box
/// (``AppearanceDescription``) and what a ``SequenceRequestHandler`` with it reports.
final class AppearanceCueTests: XCTestCase {
    private func describer() throws -> AppearanceDescription {
        guard let describer = AppearanceDescription.shared else {
            throw XCTSkip("the OpenVINO runtime or the appearance model is not installed (scripts/install-deps.sh)")
        }
        return describer
    }

    /// The object 40 frames on agrees more with its first view than the background two box widths
    /// beside it does, on a truck among palms (truck2), a biker from a drone (MountainBike6) and a
    /// walker in a group (group3_2). Descriptions are unit vectors of 1,280 values; a box outside
    /// the picture has none.
    func testTheObjectLaterAgreesMoreWithItsFirstViewThanTheBackgroundBesideIt() throws {
        let describer = try describer()
        for name in ["truck2", "MountainBike6", "group3_2"] {
            let (clip, truth) = try TestFootage.developmentSequence(name)
            let reader = try VideoReader(path: clip)
            var first: [Float]?, later: (object: Float, beside: Float)?
            while let frame = try reader.nextFrame(), frame.index <= 40 {
                let image = frame.imageFrame(colour: true)
                if frame.index == 0 {
                    first = describer.describe(truth[0], in: image)
                    XCTAssertNil(describer.describe(PixelRect(x: -50, y: -50, width: 20, height: 20), in: image))
                }
                guard frame.index == 40, let first else { continue }
                let box = truth[40]
                let besideX = box.x > Double(image.width) / 2 ? box.x - 2 * box.width : box.x + 2 * box.width
                let object = try XCTUnwrap(describer.describe(box, in: image))
                let beside = try XCTUnwrap(describer.describe(PixelRect(x: besideX, y: box.y, width: box.width, height: box.height),
                                                              in: image))
                XCTAssertEqual(object.count, 1280)
                XCTAssertEqual(object.reduce(0) { $0 + $1 * $1 }, 1, accuracy: 1e-3)
                later = (zip(first, object).reduce(0) { $0 + $1.0 * $1.1 }, zip(first, beside).reduce(0) { $0 + $1.0 * $1.1 })
            }
            let cosines = try XCTUnwrap(later, "\(name): frame 40 decoded")
            print("[appearance] \(name): object at frame 40 \(cosines.object), background beside it \(cosines.beside)")
            XCTAssertGreaterThan(cosines.object, cosines.beside + 0.05, name)
        }
    }

    /// `fast` on truck2, started at frame 39 (one of `vtrack eval --protocol tre`'s starts), leaves the
    /// truck for the palms it passes (frames 50-70) and follows them. A handler with the describer
    /// refreshes the cue every 5 frames and draws fewer of those frames solid than the same tracker
    /// without it; the boxes are the same (measured: 40 solid frames off the truck without, 1 with).
    func testABoxLeftOnThePalmsIsDashedSoonerWithTheCue() throws {
        let describer = try describer()
        let (clip, truth) = try TestFootage.developmentSequence("truck2")
        let start = 39
        let with = try track(clip: clip, truth: truth, from: start, handler: SequenceRequestHandler(appearance: describer))
        let without = try track(clip: clip, truth: truth, from: start, handler: SequenceRequestHandler())
        XCTAssertEqual(with.boxes, without.boxes, "the cue changes the confidence, not the boxes")
        let similarities = with.similarities
        XCTAssertEqual(similarities.prefix(4), [1, 1, 1, 1], "the first description is refreshed on the 5th frame")
        XCTAssertTrue(similarities.enumerated().allSatisfy { index, value in (index + 1) % 5 == 0 || value == similarities[max(0, index - 1)] },
                      "the cue changes only when the box is described again")
        let smoothed = with.smoothedSimilarities
        XCTAssertEqual(smoothed.prefix(4), [1, 1, 1, 1], "no average before the first refresh")
        XCTAssertEqual(smoothed[4], similarities[4], "the average starts at the first refresh")
        for index in 5..<smoothed.count {
            XCTAssertEqual(smoothed[index], smoothed[index - 1] + 0.05 * (similarities[index] - smoothed[index - 1]), accuracy: 1e-5,
                           "frame \(start + 1 + index): a running average at 0.05 per frame")
        }
        XCTAssertTrue(without.similarities.allSatisfy { $0 == 1 } && without.smoothedSimilarities.allSatisfy { $0 == 1 },
                      "no describer, no cue")
        let failing = { (run: Run) in zip(run.boxes, run.confidences).enumerated().filter { index, pair in
            pair.1 > 0.5 && pair.0.iou(truth[start + 1 + index]) < 0.1
        }.count }
        print("[appearance] truck2 fast: solid frames off the truck \(failing(with)) with the cue, \(failing(without)) without")
        XCTAssertGreaterThan(failing(without), 10, "fast was expected to follow the palms")
        XCTAssertLessThan(failing(with), failing(without) / 2)
    }

    private struct Run {
        var boxes: [PixelRect] = []
        var confidences: [Float] = []
        var similarities: [Float] = []
        var smoothedSimilarities: [Float] = []
    }

    /// Tracks truck2 at `fast` from its ground-truth box on frame `start` (colour frames, as the pipeline
    /// gives a handler with a describer); per later frame, the box, the confidence and the cues.
    private func track(clip: String, truth: [PixelRect], from start: Int, handler: SequenceRequestHandler) throws -> Run {
        let reader = try VideoReader(path: clip)
        var request: TrackObjectRequest?
        var run = Run()
        while let frame = try reader.nextFrame(), frame.index < truth.count {
            guard frame.index >= start else { continue }
            let image = frame.imageFrame(colour: true)
            if request == nil {
                request = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
                    boundingBox: NormalizedRect(truth[start], imageWidth: image.width, imageHeight: image.height)), trackingLevel: .fast)
            }
            guard let request else { continue }
            try handler.perform([request], on: image)
            let result = try XCTUnwrap(request.results.first)
            request.inputObservation = result
            guard frame.index > start else { continue }
            run.boxes.append(PixelRect(result.boundingBox, imageWidth: image.width, imageHeight: image.height))
            run.confidences.append(result.confidence)
            let evidence = try XCTUnwrap(request.evidence)
            run.similarities.append(evidence.appearanceSimilarity)
            run.smoothedSimilarities.append(evidence.smoothedAppearanceSimilarity)
        }
        return run
    }
}
