import Foundation
import Imaging
import Tracking
import XCTest

final class CorrelationTrackerTests: XCTestCase {
    private let scene = ScriptedScene(width: 240, height: 180)

    /// A smooth path through the frame: up to ~3 px per frame.
    private func path(_ t: Int) -> PixelRect {
        let x = 100 + 60 * sin(Double(t) / 12), y = 70 + 40 * sin(Double(t) / 17)
        return PixelRect(x: x, y: y, width: 32, height: 44)
    }

    func testFollowsMovingTexturedObject() throws {
        for level in TrackingLevel.allCases {
            let tracker = try CorrelationTracker(frame: scene.frame(object: path(0)), box: path(0),
                                                 parameters: .for(level))
            var ious: [Double] = []
            for t in 1..<60 {
                let estimate = tracker.update(on: scene.frame(object: path(t)))
                ious.append(estimate.box.iou(path(t)))
                XCTAssertGreaterThan(estimate.confidence, 0.5, "\(level) frame \(t)")
            }
            let mean = ious.reduce(0, +) / Double(ious.count)
            XCTAssertGreaterThanOrEqual(mean, 0.8, "\(level) mean IoU")
        }
    }

    /// The camera pans 24 px per frame (the background's shift, given as `cameraShift`) over a
    /// 32x44 object: an object that stays put in the scene drifts across the picture, an object the
    /// camera follows stays put in the picture. Both are followed on every frame.
    func testFollowsObjectsThatMoveWithTheSceneAndWithTheCamera() throws {
        let pan = 24
        let wideScene = ScriptedScene(width: 480, height: 180)
        for level in TrackingLevel.allCases {
            for followedByCamera in [false, true] {
                func box(_ t: Int) -> PixelRect {
                    PixelRect(x: followedByCamera ? 224 : 30 + Double(pan * t), y: 68, width: 32, height: 44)
                }
                func frame(_ t: Int) -> ImageFrame { wideScene.frame(object: box(t), backgroundShift: (pan * t, 0)) }
                let tracker = try CorrelationTracker(frame: frame(0), box: box(0), parameters: .for(level))
                for t in 1..<12 {
                    let estimate = tracker.update(on: frame(t), cameraShift: (Double(pan), 0))
                    XCTAssertGreaterThan(estimate.box.iou(box(t)), 0.6,
                                         "\(level), \(followedByCamera ? "followed by the camera" : "still in the scene"), frame \(t)")
                }
            }
        }
    }

    func testRecoversZoom() throws {
        // The object grows 1% per frame, to 1.3x after 27 frames, around a slowly moving centre.
        func box(_ t: Int) -> PixelRect {
            let s = pow(1.01, Double(t))
            return PixelRect(x: 120 + Double(t) * 0.5, y: 90, width: 0, height: 0).resized(width: 40 * s, height: 50 * s)
        }
        for level in TrackingLevel.allCases {
            let tracker = try CorrelationTracker(frame: scene.frame(object: box(0)), box: box(0), parameters: .for(level))
            var last = TrackerEstimate(box: box(0), confidence: 1)
            for t in 1...27 { last = tracker.update(on: scene.frame(object: box(t))) }
            let ratio = last.box.width / box(0).width
            // fast's window follows the predicted motion, which costs its 17-step scale filter a few
            // per cent of lag on this zoom (1.22 for 1.31); on the development set the prediction
            // raised fast's SRE mean AUC from 0.371 to 0.422, so the lag is accepted and bounded here.
            XCTAssertEqual(ratio, pow(1.01, 27), accuracy: level == .fast ? 0.1 : 0.07, "\(level) scale")
            XCTAssertGreaterThan(last.box.iou(box(27)), 0.75, "\(level) IoU")
        }
    }

    /// The object moves along the path, then slowly behind a static occluder that hides it for
    /// 12 frames: confidence stays above 0.5 while it is visible and falls to 0.5 or below while
    /// it is covered.
    func testConfidenceDropsWhileCovered() throws {
        let hideAt = 20
        let hidden = path(hideAt)
        let occluder = PixelRect(x: hidden.x - 20, y: hidden.y - 20, width: 80, height: 90)
        func object(_ t: Int) -> PixelRect {
            t < hideAt ? path(t) : PixelRect(x: hidden.x + Double(t - hideAt) * 0.5, y: hidden.y,
                                             width: hidden.width, height: hidden.height)
        }
        for level in TrackingLevel.allCases {
            let tracker = try CorrelationTracker(frame: scene.frame(object: object(0)), box: object(0), parameters: .for(level))
            var visible: [Float] = [], covered: [Float] = [], drift: [Double] = []
            for t in 1..<(hideAt + 12) {
                let estimate = tracker.update(on: scene.frame(object: object(t), occluder: t >= hideAt ? occluder : nil))
                if t < hideAt {
                    visible.append(estimate.confidence)
                } else {
                    covered.append(estimate.confidence)
                    drift.append(hypot(estimate.box.centerX - hidden.centerX, estimate.box.centerY - hidden.centerY))
                }
            }
            XCTAssertGreaterThan(visible.min() ?? 0, 0.5, "\(level) visible: \(visible)")
            XCTAssertLessThanOrEqual(covered.max() ?? 1, 0.5, "\(level) covered: \(covered)")
            // A lost tracker holds its box near where the object disappeared.
            XCTAssertLessThan(drift.max() ?? .infinity, 12, "\(level) drift while covered: \(drift)")
        }
    }

    /// Without a confident fix the box may drift off: the longer the stretch, the lower the tracker's
    /// fix signal (``TrackingEvidence/fixConfidence``, one cue of the reported confidence), against the
    /// same tracker without the drift discount. Confident frames are unchanged.
    func testConfidenceFallsTheLongerTheObjectStaysCovered() throws {
        let hideAt = 15, frames = 60
        let hidden = path(hideAt)
        let occluder = PixelRect(x: hidden.x - 20, y: hidden.y - 20, width: 80, height: 90)
        var undiscounted = TrackerParameters.fast
        undiscounted.driftSpread = 0
        let start = scene.frame(object: path(0))
        let tracker = try CorrelationTracker(frame: start, box: path(0), parameters: .fast)
        let reference = try CorrelationTracker(frame: start, box: path(0), parameters: undiscounted)
        var covered: [(discounted: Float, undiscounted: Float)] = []
        for t in 1..<frames {
            let frame = scene.frame(object: t < hideAt ? path(t) : hidden, occluder: t >= hideAt ? occluder : nil)
            let discounted = try XCTUnwrap(tracker.update(on: frame).evidence?.fixConfidence)
            let plain = try XCTUnwrap(reference.update(on: frame).evidence?.fixConfidence)
            if t < hideAt {
                XCTAssertEqual(discounted, plain, "frame \(t): a confident frame is not discounted")
            } else {
                covered.append((discounted, plain))
            }
        }
        XCTAssertTrue(covered.allSatisfy { $0.undiscounted <= 0.5 }, "covered: \(covered)")
        XCTAssertTrue(covered.allSatisfy { $0.discounted <= $0.undiscounted }, "covered: \(covered)")
        let first = try XCTUnwrap(covered.first), last = try XCTUnwrap(covered.last)
        XCTAssertGreaterThan(first.discounted, 0.99 * first.undiscounted, "one frame without a fix costs little")
        XCTAssertLessThan(last.discounted, 0.5 * last.undiscounted, "\(covered.count) frames without a fix")
    }

    func testRejectsInvalidBoxes() {
        let frame = scene.frame(object: path(0))
        let bad = [PixelRect(x: 10, y: 10, width: 0, height: 5), PixelRect(x: .nan, y: 0, width: 5, height: 5),
                   PixelRect(x: 500, y: 500, width: 10, height: 10)]
        for box in bad {
            XCTAssertThrowsError(try CorrelationTracker(frame: frame, box: box, parameters: .fast)) { error in
                guard case TrackingError.invalidObservation = error else { return XCTFail("\(error)") }
            }
        }
        let grey = ImageFrame(luma: frame.luma)
        XCTAssertThrowsError(try CorrelationTracker(frame: grey, box: path(0), parameters: .accurate)) { error in
            XCTAssertEqual(error as? TrackingError, .colourRequired)
        }
        XCTAssertNoThrow(try CorrelationTracker(frame: grey, box: path(0), parameters: .fast))
    }

    /// Out-of-range settings are clamped: no trap, finite boxes, confidence in 0...1.
    func testDegenerateParametersStayFinite() throws {
        var odd = TrackerParameters.fast
        odd.cellSize = 0
        odd.templateCells = 1
        odd.padding = -3
        odd.scaleCount = -4
        odd.scaleStep = 0.5
        odd.aspectCount = 3
        odd.aspectLimit = .nan
        odd.regularisation = 0
        let tracker = try CorrelationTracker(frame: scene.frame(object: path(0)), box: path(0), parameters: odd)
        for t in 1..<10 {
            let estimate = tracker.update(on: scene.frame(object: path(t)))
            XCTAssertTrue(estimate.box.isValid, "frame \(t): \(estimate.box)")
            XCTAssertTrue((0...1).contains(estimate.confidence))
        }
        // A 2 x 200 px sliver at the frame's edge.
        let sliver = PixelRect(x: 238, y: 0, width: 2, height: 200)
        let thin = try CorrelationTracker(frame: scene.frame(object: path(0)), box: sliver, parameters: .accurate)
        XCTAssertTrue(thin.update(on: scene.frame(object: path(1))).box.isValid)
    }

    func testParameterSets() {
        XCTAssertEqual(TrackerParameters.for(.fast), .fast)
        XCTAssertEqual(TrackerParameters.for(.accurate), .accurate)
        XCTAssertTrue(TrackerParameters.accurate.needsColour)
        XCTAssertFalse(TrackerParameters.fast.needsColour)
    }
}
