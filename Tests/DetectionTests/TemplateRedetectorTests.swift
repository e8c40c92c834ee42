import Detection
import Foundation
import Imaging
import TestFootage
import XCTest

/// A simple textured scene drawn by the test itself: a smooth, wavy background and a blocky
/// object whose texture is defined on the unit square (so it can be drawn at any size).
private struct TexturedScene {
    let width: Int
    let height: Int

    private static func hash(_ a: Int, _ b: Int) -> Int {
        var h = UInt64(bitPattern: Int64(a &* 73_856_093 ^ b &* 19_349_663))
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: (h ^ (h >> 33)) & 0xFFFF)
    }

    private func background(_ x: Int, _ y: Int) -> Double {
        let fx = Double(x), fy = Double(y)
        return 120 + 45 * sin(fx * 0.031 + 0.8 * sin(fy * 0.017)) + 35 * cos(fy * 0.043 + fx * 0.011)
            + Double(Self.hash(x, y) % 9) - 4
    }

    /// 8 x 6 cells of random grey with a darker diagonal band.
    private func object(_ u: Double, _ v: Double) -> Double {
        let cell = Self.hash(Int(u * 8), Int(v * 6) + 100)
        var value = 30 + Double(cell % 196)
        if abs(u - v) < 0.12 { value *= 0.4 }
        return value
    }

    /// The frame with the object drawn in `box` (pixels, top-left origin), or background only.
    func render(object box: PixelRect?) -> ImageFrame {
        var luma = Image<UInt8>(width: width, height: height, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                var value = background(x, y)
                if let box {
                    let u = (Double(x) + 0.5 - box.x) / box.width, v = (Double(y) + 0.5 - box.y) / box.height
                    if (0..<1).contains(u) && (0..<1).contains(v) { value = object(u, v) }
                }
                luma[x, y] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return ImageFrame(luma: luma)
    }
}

final class TemplateRedetectorTests: XCTestCase {
    private let scene = TexturedScene(width: 640, height: 360)
    private let start = PixelRect(x: 200, y: 140, width: 80, height: 60)

    private func learnedRedetector() throws -> TemplateRedetector {
        let redetector = TemplateRedetector(label: "object")
        try redetector.learn(from: scene.render(object: start), box: start, confidence: 1)
        XCTAssertEqual(redetector.templateCount, 1)
        return redetector
    }

    func testFindsTheObjectDisplacedBy100Pixels() throws {
        let redetector = try learnedRedetector()
        let moved = PixelRect(x: start.x + 100, y: start.y + 10, width: start.width, height: start.height)
        let found = try redetector.detect(in: scene.render(object: moved), near: [start])
        let best = try XCTUnwrap(found.first)
        XCTAssertGreaterThan(best.score, 0.8)
        XCTAssertGreaterThan(best.box.iou(moved), 0.8, "found \(best.box), object at \(moved)")
        XCTAssertEqual(best.label, "object")
        XCTAssertEqual(found.map(\.score), found.map(\.score).sorted(by: >))
    }

    func testFindsTheObjectAt1point2TimesItsSize() throws {
        let redetector = try learnedRedetector()
        let bigger = PixelRect(x: 380, y: 200, width: start.width * 1.2, height: start.height * 1.2)
        let found = try redetector.detect(in: scene.render(object: bigger), near: [])
        let best = try XCTUnwrap(found.first)
        XCTAssertGreaterThan(best.score, 0.7)
        XCTAssertGreaterThan(best.box.iou(bigger), 0.75, "found \(best.box), object at \(bigger)")
        XCTAssertEqual(best.box.width, bigger.width, accuracy: 0.1 * bigger.width)
    }

    func testWideSearchStaysInsideTheGivenArea() throws {
        let redetector = try learnedRedetector()
        let moved = PixelRect(x: 480, y: 250, width: start.width, height: start.height)
        let frame = scene.render(object: moved)
        let around = PixelRect(x: 100, y: 60, width: 300, height: 220)
        let inside = try redetector.detect(in: frame, near: [start], within: around)
        XCTAssertFalse(inside.contains { $0.box.iou(moved) > 0.3 }, "found outside the area: \(inside)")
        XCTAssertTrue(inside.allSatisfy { around.intersection($0.box) != nil }, "\(inside)")
        let wider = try redetector.detect(in: frame, near: [start], within: PixelRect(x: 100, y: 60, width: 480, height: 280))
        XCTAssertGreaterThan(wider.first?.box.iou(moved) ?? 0, 0.8, "\(wider)")
        XCTAssertEqual(try redetector.detect(in: frame, near: [], within: PixelRect(x: 700, y: 0, width: 50, height: 50)), [],
                       "an area outside the frame searches nothing")
    }

    func testReportsNothingConfidentWhenTheObjectIsAbsent() throws {
        let redetector = try learnedRedetector()
        let found = try redetector.detect(in: scene.render(object: nil), near: [start])
        XCTAssertTrue(found.allSatisfy { $0.score < 0.5 }, "scores \(found.map(\.score))")
        let present = try redetector.detect(in: scene.render(object: start), near: [start])
        XCTAssertGreaterThan(present.first?.score ?? 0, 0.9, "the learned frame itself matches")
    }

    func testRecentTemplatesAreLearnedOnlyWhenConfident() throws {
        var parameters = TemplateRedetector.Parameters()
        parameters.learningInterval = 2
        parameters.recentTemplateCount = 2
        let redetector = TemplateRedetector(parameters: parameters)
        let frame = scene.render(object: start)
        try redetector.learn(from: frame, box: start, confidence: 0.1)
        XCTAssertEqual(redetector.templateCount, 1, "the first call always learns")
        for _ in 0..<4 { try redetector.learn(from: frame, box: start, confidence: 0.2) }
        XCTAssertEqual(redetector.templateCount, 1, "unconfident calls add nothing")
        for _ in 0..<10 { try redetector.learn(from: frame, box: start, confidence: 0.9) }
        XCTAssertEqual(redetector.templateCount, 3, "first + at most 2 recent")
    }

    func testBadInputs() throws {
        let redetector = TemplateRedetector()
        let frame = scene.render(object: start)
        XCTAssertEqual(try redetector.detect(in: frame, near: [start]), [], "nothing learned yet")
        XCTAssertThrowsError(try redetector.learn(from: frame, box: PixelRect(x: 700, y: 0, width: 10, height: 10), confidence: 1))
        XCTAssertThrowsError(try redetector.learn(from: frame, box: PixelRect(x: .nan, y: 0, width: 10, height: 10), confidence: 1))
        XCTAssertThrowsError(try redetector.learn(from: frame, box: PixelRect(x: 0, y: 0, width: 2, height: 50), confidence: 1))
        try redetector.learn(from: frame, box: start, confidence: 1)
        XCTAssertNoThrow(try redetector.detect(in: frame, near: [PixelRect(x: .infinity, y: 0, width: 1, height: 1)]))
        XCTAssertNoThrow(try redetector.detect(in: frame, near: [PixelRect(x: 10, y: 10, width: 1e-300, height: 1e300)]))
        let empty = ImageFrame(luma: Image<UInt8>(width: 0, height: 0, repeating: 0))
        XCTAssertThrowsError(try redetector.detect(in: empty, near: []))
    }

    /// Real footage (VOT "bag", a plastic bag deforming in the wind): learning from the ground truth
    /// every 10 frames, the re-detector finds the bag 5 frames later near its last box.
    func testRedetectsTheBagInRealFootage() throws {
        let clip = try TestFootage.developmentData("data/sequences/bag/bag.mp4")
        let truth = try String(contentsOfFile: try TestFootage.developmentData("data/sequences/bag/groundtruth_rect.txt"), encoding: .utf8)
            .split(separator: "\n").map { line -> PixelRect in
                let v = line.split(separator: ",").compactMap { Double($0) }
                return PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
        let frames = try TestSupport.lumaFrames(of: clip, indices: Set(0..<truth.count))
        var parameters = TemplateRedetector.Parameters()
        parameters.learningInterval = 1
        let redetector = TemplateRedetector(parameters: parameters)
        var correct = 0, wrong = 0, trials = 0
        for k in stride(from: 0, to: truth.count - 5, by: 10) {
            let learnFrame = try XCTUnwrap(frames[k]), searchFrame = try XCTUnwrap(frames[k + 5])
            if k > 0 {
                trials += 1
                let best = try redetector.detect(in: ImageFrame(luma: searchFrame), near: [truth[k]]).first
                if let best, best.score > 0.5 {
                    if best.box.iou(truth[k + 5]) >= 0.5 { correct += 1 } else { wrong += 1 }
                }
            }
            try redetector.learn(from: ImageFrame(luma: learnFrame), box: truth[k], confidence: 1)
        }
        print("[template redetector] bag: \(correct)/\(trials) found (IoU >= 0.5), \(wrong) confident misses")
        XCTAssertGreaterThanOrEqual(Double(correct), 0.8 * Double(trials))
        XCTAssertLessThanOrEqual(Double(wrong), 0.1 * Double(trials))
    }

    /// Prints milliseconds per call at 720p and 1080p (no timing assertion).
    func testSpeedReport() throws {
        for (width, height) in [(1280, 720), (1920, 1080)] {
            let big = TexturedScene(width: width, height: height)
            let box = PixelRect(x: Double(width) * 0.3, y: Double(height) * 0.3, width: Double(width) / 8, height: Double(height) / 6)
            var parameters = TemplateRedetector.Parameters()
            parameters.learningInterval = 1
            let redetector = TemplateRedetector(parameters: parameters)
            let first = big.render(object: box)
            for _ in 0..<4 { try redetector.learn(from: first, box: box, confidence: 1) }
            let moved = PixelRect(x: box.x + 40, y: box.y + 20, width: box.width, height: box.height)
            let frame = big.render(object: moved)
            let absent = big.render(object: nil)
            func milliseconds(_ body: () throws -> Void) rethrows -> Double {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<3 { try body() }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 3e6
            }
            XCTAssertEqual(redetector.templateCount, 4, "first + 3 recent")
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try redetector.detect(in: frame, near: [box])
            _ = try redetector.detect(in: absent, near: [box])
            let firstCalls = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let near = try milliseconds { _ = try redetector.detect(in: frame, near: [box]) }
            let whole = try milliseconds { _ = try redetector.detect(in: absent, near: [box]) }
            let found = try redetector.detect(in: frame, near: [box]).first
            XCTAssertGreaterThan(found?.box.iou(moved) ?? 0, 0.7)
            print(String(format: "[template redetector] %dx%d, object %.0fx%.0f, %d templates: near hit %.1f ms/call, near miss + whole frame %.1f ms/call (first two calls: %.0f ms)",
                         width, height, box.width, box.height, redetector.templateCount, near, whole, firstCalls))
        }
    }
}
