import Imaging
import XCTest

final class SyntheticSceneTests: XCTestCase {
    private func parameters(seed: UInt64 = 11, noise: Int = 6) -> SyntheticSceneParameters {
        SyntheticSceneParameters(width: 200, height: 150, frameCount: 40, seed: seed,
                                 objectStart: PixelRect(x: 60.3, y: 40.6, width: 40.2, height: 30.5),
                                 motion: .lissajous(amplitudeX: 30, amplitudeY: 15, periodX: 40, periodY: 20),
                                 finalScale: 1.4, cameraNoise: noise)
    }

    func testSameSeedGivesIdenticalPixelsAndAnotherSeedDoesNot() {
        let first = SyntheticScene(parameters()), second = SyntheticScene(parameters())
        for frame in [0, 17, 39] {
            let a = first.render(frame: frame), b = second.render(frame: frame)
            XCTAssertEqual(a.luma.pixels, b.luma.pixels)
            XCTAssertEqual(a.rgb?.pixels, b.rgb?.pixels)
        }
        let other = SyntheticScene(parameters(seed: 12))
        XCTAssertNotEqual(other.render(frame: 0).rgb?.pixels, first.render(frame: 0).rgb?.pixels)
    }

    func testFrameHasConsistentLumaAndColour() throws {
        let frame = SyntheticScene(parameters()).render(frame: 5)
        let rgb = try XCTUnwrap(frame.rgb)
        XCTAssertEqual(frame.width, 200)
        XCTAssertEqual(frame.height, 150)
        XCTAssertEqual(rgb.luma().pixels, frame.luma.pixels)
    }

    func testObjectChangesPixelsOnlyInsideItsGroundTruthBox() throws {
        let scene = SyntheticScene(parameters())
        for frame in [0, 9, 23, 39] {
            let truth = scene.groundTruth(frame: frame)
            XCTAssertTrue(truth.isVisible)
            let withObject = try XCTUnwrap(scene.render(frame: frame).rgb)
            let background = try XCTUnwrap(scene.renderBackground(frame: frame).rgb)
            var insideDifference = 0.0, insideCount = 0
            for y in 0..<150 {
                for x in 0..<200 {
                    var difference = 0
                    for c in 0..<3 { difference += abs(Int(withObject[x, y, c]) - Int(background[x, y, c])) }
                    // A pixel overlaps the box when [x, x + 1) meets [box.x, box.maxX) (likewise y).
                    let overlaps = Double(x + 1) > truth.box.x && Double(x) < truth.box.maxX
                        && Double(y + 1) > truth.box.y && Double(y) < truth.box.maxY
                    if overlaps {
                        insideDifference += Double(difference)
                        insideCount += 1
                    } else {
                        XCTAssertEqual(difference, 0, "frame \(frame): pixel (\(x), \(y)) outside the box changed")
                    }
                }
            }
            XCTAssertGreaterThan(insideDifference / Double(insideCount), 60,
                                 "frame \(frame): the object should stand out inside its box")
        }
    }

    func testPixelAlignedBoxIsRenderedExactlyToItsEdges() throws {
        let scene = SyntheticScene(SyntheticSceneParameters(width: 64, height: 48, frameCount: 2, seed: 3,
                                                            objectStart: PixelRect(x: 10, y: 12, width: 20, height: 15)))
        let withObject = try XCTUnwrap(scene.render(frame: 0).rgb)
        let background = try XCTUnwrap(scene.renderBackground(frame: 0).rgb)
        let changed = withObject.changedPixels(from: background)
        XCTAssertTrue(changed.allSatisfy { (10..<30).contains($0.x) && (12..<27).contains($0.y) })
        for x in [10, 29] { XCTAssertTrue(changed.contains { $0.x == x }, "column \(x) of the box shows the object") }
        for y in [12, 26] { XCTAssertTrue(changed.contains { $0.y == y }, "row \(y) of the box shows the object") }
    }

    func testGroundTruthFollowsMotionAndScaleRamp() {
        var linear = SyntheticSceneParameters(width: 300, height: 200, frameCount: 11,
                                              objectStart: PixelRect(x: 50, y: 60, width: 20, height: 10),
                                              motion: .linear(dxPerFrame: 2, dyPerFrame: -1), finalScale: 1.5)
        let scene = SyntheticScene(linear)
        XCTAssertEqual(scene.groundTruth(frame: 0).box, linear.objectStart)
        let last = scene.groundTruth(frame: 10).box
        XCTAssertEqual(last.centerX, 60 + 20, accuracy: 1e-9)
        XCTAssertEqual(last.centerY, 65 - 10, accuracy: 1e-9)
        XCTAssertEqual(last.width, 30, accuracy: 1e-9)
        XCTAssertEqual(last.height, 15, accuracy: 1e-9)
        XCTAssertEqual(scene.groundTruth(frame: 5).box.width, 25, accuracy: 1e-9)
        XCTAssertEqual(scene.groundTruth.map(\.frame), Array(0..<11))

        linear.finalScale = .nan
        XCTAssertEqual(SyntheticScene(linear).groundTruth(frame: 10).box.width, 20, accuracy: 1e-9)
    }

    func testHiddenIntervalHidesObjectAndItReappearsDisplaced() throws {
        var hiding = SyntheticSceneParameters(width: 320, height: 180, frameCount: 80, seed: 5,
                                              objectStart: PixelRect(x: 40, y: 70, width: 30, height: 30),
                                              motion: .linear(dxPerFrame: 1, dyPerFrame: 0), cameraNoise: 3)
        hiding.hiddenFrames = 20..<50
        hiding.jumpAfterHidden = PixelOffset(dx: 100, dy: 10)
        let scene = SyntheticScene(hiding)
        XCTAssertTrue(scene.groundTruth(frame: 19).isVisible)
        for frame in [20, 35, 49] {
            XCTAssertFalse(scene.groundTruth(frame: frame).isVisible)
            let rendered = scene.render(frame: frame), empty = scene.renderBackground(frame: frame)
            XCTAssertEqual(rendered.rgb?.pixels, empty.rgb?.pixels, "frame \(frame) must not show the object")
        }
        let before = scene.groundTruth(frame: 49).box, after = scene.groundTruth(frame: 50)
        XCTAssertTrue(after.isVisible)
        XCTAssertEqual(after.box.centerX - before.centerX, 1 + 100, accuracy: 1e-9)
        XCTAssertEqual(after.box.centerY - before.centerY, 10, accuracy: 1e-9)
        let shown = try XCTUnwrap(scene.render(frame: 50).rgb)
        let empty = try XCTUnwrap(scene.renderBackground(frame: 50).rgb)
        XCTAssertFalse(shown.changedPixels(from: empty).isEmpty)
    }

    func testCameraNoiseIsBoundedAndChangesEveryFrame() throws {
        let quiet = SyntheticScene(parameters(noise: 0)), noisy = SyntheticScene(parameters(noise: 6))
        let clean = try XCTUnwrap(quiet.renderBackground(frame: 3).rgb)
        let frame3 = try XCTUnwrap(noisy.renderBackground(frame: 3).rgb)
        let frame4 = try XCTUnwrap(noisy.renderBackground(frame: 4).rgb)
        var offsets = Set<Int>()
        for i in clean.pixels.indices {
            let offset = Int(frame3.pixels[i]) - Int(clean.pixels[i])
            XCTAssertLessThanOrEqual(abs(offset), 6)
            offsets.insert(offset)
        }
        XCTAssertEqual(offsets, Set(-6...6), "uniform noise reaches every offset in -6...6")
        XCTAssertNotEqual(frame3.pixels, frame4.pixels)
        XCTAssertEqual(quiet.renderBackground(frame: 3).rgb?.pixels, quiet.renderBackground(frame: 4).rgb?.pixels)
    }

    func testDegenerateParametersNeverTrap() {
        let tiny = SyntheticScene(SyntheticSceneParameters(width: 0, height: -3, frameCount: 0, cameraNoise: 1000))
        XCTAssertEqual(tiny.render(frame: 0).width, 1)
        XCTAssertEqual(tiny.render(frame: -5).height, 1)
        XCTAssertTrue(tiny.groundTruth.isEmpty)

        let far = SyntheticScene(SyntheticSceneParameters(width: 40, height: 30, frameCount: 5,
                                                          objectStart: PixelRect(x: 1e300, y: -1e300, width: 5, height: 5),
                                                          motion: .linear(dxPerFrame: .infinity, dyPerFrame: .nan)))
        for frame in 0..<5 {
            XCTAssertFalse(far.groundTruth(frame: frame).isVisible)
            XCTAssertEqual(far.render(frame: frame).luma.pixels, far.renderBackground(frame: frame).luma.pixels)
        }

        let edge = SyntheticScene(SyntheticSceneParameters(width: 40, height: 30, frameCount: 5,
                                                           objectStart: PixelRect(x: 30.5, y: -4.2, width: 20, height: 10)))
        XCTAssertTrue(edge.groundTruth(frame: 0).isVisible)
        _ = edge.render(frame: 0)
    }

    func testSplitMix64IsReproducibleAndUnitValuesStayInRange() {
        var a = SplitMix64(seed: 99), b = SplitMix64(seed: 99)
        for _ in 0..<100 {
            XCTAssertEqual(a.next(), b.next())
            let unit = a.nextUnit()
            _ = b.nextUnit()
            XCTAssertTrue((0..<1).contains(unit))
        }
        // Reference value of SplitMix64 seeded with 0 (first output), as published with the algorithm.
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual(zero.next(), 0xE220_A839_7B1D_CDAF)
    }
}
