import Foundation
import Imaging
import Pipeline
import TestFootage
import Tracking
import VideoIO
import XCTest

/// The translation filter constrained to the object's box (`TrackerParameters.filterSupport`) on
/// real footage where the unconstrained filter learns the context and follows it.
final class FilterSupportTests: XCTestCase {
    /// UAV123's truck2: the camera pans while a 45x17 px truck drives past palm trees and a lamp
    /// post (frames 50-70). With `accurate`'s filter confined to the truck it stays on the truck to
    /// the end; the same tracker without the constraint stays behind on the trees.
    func testTruckPassingPalmsUnderAPanningCameraKeepsItsTrack() throws {
        let (clip, truth) = try TestFootage.developmentSequence("truck2")
        let constrained = TrackerParameters.accurate
        XCTAssertGreaterThan(constrained.filterSupport, 0, "accurate constrains its filter")
        var unconstrained = constrained
        unconstrained.filterSupport = 0
        let overlapWith = try meanOverlapAfterPalms(clip: clip, truth: truth, parameters: constrained)
        let overlapWithout = try meanOverlapAfterPalms(clip: clip, truth: truth, parameters: unconstrained)
        print("[support] truck2 frames 80-128, mean IoU: constrained \(String(format: "%.2f", overlapWith)), unconstrained \(String(format: "%.2f", overlapWithout))")
        XCTAssertGreaterThan(overlapWith, 0.5)
        XCTAssertLessThan(overlapWithout, 0.2)
    }

    /// Tracks from the ground-truth box on frame 0; mean IoU with the ground truth over frames 80 on.
    private func meanOverlapAfterPalms(clip: String, truth: [PixelRect], parameters: TrackerParameters) throws -> Double {
        let reader = try VideoReader(path: clip)
        var tracker: CorrelationTracker?
        var overlaps: [Double] = []
        while let frame = try reader.nextFrame(), frame.index < truth.count {
            let image = frame.imageFrame(colour: true)
            guard let running = tracker else {
                tracker = try CorrelationTracker(frame: image, box: truth[frame.index], parameters: parameters)
                continue
            }
            let estimate = running.update(on: image)
            if frame.index >= 80 { overlaps.append(estimate.box.iou(truth[frame.index])) }
        }
        XCTAssertEqual(overlaps.count, truth.count - 80, "every frame decoded")
        return overlaps.reduce(0, +) / Double(max(overlaps.count, 1))
    }
}
