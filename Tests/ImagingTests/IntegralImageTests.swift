import Imaging
import XCTest

final class IntegralImageTests: XCTestCase {
    private func noise(width: Int, height: Int, seed: UInt64) -> Image<UInt8> {
        var state = seed
        var image = Image<UInt8>(width: width, height: height, repeating: 0)
        for i in image.pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            image.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return image
    }

    private func directSum(_ image: Image<UInt8>, x: Int, y: Int, width: Int, height: Int, squared: Bool = false) -> Int {
        var total = 0
        for py in y..<(y + height) {
            for px in x..<(x + width) {
                let value = Int(image[px, py])
                total += squared ? value * value : value
            }
        }
        return total
    }

    func testRectangleSumsMatchDirectSums() {
        for (width, height) in [(1, 1), (1, 9), (9, 1), (17, 11), (40, 23)] {
            let image = noise(width: width, height: height, seed: UInt64(width * 31 + height))
            let table = IntegralImage(image, squared: true)
            XCTAssertEqual(table.sums.count, (width + 1) * (height + 1))
            XCTAssertEqual(table.stride, width + 1)
            for y in 0...height {
                for x in 0...width {
                    let sizes = [(0, 0), (1, 1), (width - x, height - y), ((width - x) / 2, (height - y + 1) / 2)]
                    for (w, h) in sizes where x + w <= width && y + h <= height {
                        XCTAssertEqual(table.sum(x: x, y: y, width: w, height: h),
                                       directSum(image, x: x, y: y, width: w, height: h), "\(width)x\(height) at \(x),\(y) \(w)x\(h)")
                        XCTAssertEqual(table.squaredSum(x: x, y: y, width: w, height: h),
                                       directSum(image, x: x, y: y, width: w, height: h, squared: true))
                    }
                }
            }
        }
    }

    func testOutOfRangeRectanglesGiveZero() {
        let table = IntegralImage(noise(width: 8, height: 8, seed: 3), squared: true, tilted: true)
        XCTAssertEqual(table.sum(x: -1, y: 0, width: 2, height: 2), 0)
        XCTAssertEqual(table.sum(x: 7, y: 0, width: 2, height: 2), 0)
        XCTAssertEqual(table.sum(x: 0, y: 0, width: -1, height: 2), 0)
        XCTAssertEqual(table.squaredSum(x: 0, y: 8, width: 1, height: 1), 0)
        XCTAssertEqual(table.tiltedSum(x: 1, y: 0, width: 2, height: 2), 0, "corner x - height < 0")
        XCTAssertEqual(IntegralImage(noise(width: 8, height: 8, seed: 3)).squaredSum(x: 0, y: 0, width: 2, height: 2), 0,
                       "squares not computed")
    }

    /// Every tilted entry against OpenCV's definition: the sum over `y < Y`, `|x - X + 1| <= Y - y - 1`.
    func testTiltedTableMatchesItsDefinition() {
        for (width, height) in [(1, 1), (1, 6), (6, 1), (13, 9), (7, 15)] {
            let image = noise(width: width, height: height, seed: UInt64(width * 7 + height))
            let table = IntegralImage(image, tilted: true)
            for Y in 0...height {
                for X in 0...width {
                    var expected = 0
                    for y in 0..<Y {
                        for x in 0..<width where abs(x - X + 1) <= Y - y - 1 { expected += Int(image[x, y]) }
                    }
                    XCTAssertEqual(Int(table.tiltedSums[Y * table.stride + X]), expected, "\(width)x\(height) at \(X),\(Y)")
                }
            }
        }
    }

    /// Rotated rectangles read through four tilted entries against a direct sum over the region
    /// the documentation gives.
    func testTiltedRectangleSumsMatchDirectSums() {
        let image = noise(width: 24, height: 20, seed: 11)
        let table = IntegralImage(image, tilted: true)
        var checked = 0
        for y in 0..<20 {
            for x in 0...24 {
                for (w, h) in [(1, 1), (2, 3), (4, 2), (5, 5)] where x - h >= 0 && x + w <= 24 && y + w + h <= 20 {
                    var expected = 0
                    for py in 0..<20 {
                        for px in 0..<24 {
                            let u = px - py, v = px + py
                            if u >= x - y - 2 * h && u < x - y && v > x + y - 2 && v <= x + y + 2 * w - 2 {
                                expected += Int(image[px, py])
                            }
                        }
                    }
                    XCTAssertEqual(table.tiltedSum(x: x, y: y, width: w, height: h), expected, "at \(x),\(y) \(w)x\(h)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func testUpdateReusesTheTableForANewImage() {
        var table = IntegralImage(noise(width: 30, height: 20, seed: 1), squared: true, tilted: true)
        let smaller = noise(width: 12, height: 7, seed: 2)
        table.update(from: smaller)
        XCTAssertEqual(table.width, 12)
        XCTAssertEqual(table.height, 7)
        XCTAssertEqual(table.sums.count, 13 * 8)
        XCTAssertEqual(table.sum(x: 2, y: 1, width: 9, height: 5), directSum(smaller, x: 2, y: 1, width: 9, height: 5))
        XCTAssertEqual(table.squaredSum(x: 0, y: 0, width: 12, height: 7), directSum(smaller, x: 0, y: 0, width: 12, height: 7, squared: true))
        XCTAssertEqual(Int(table.tiltedSums[7 * 13 + 6]), (0..<7).reduce(0) { total, y in
            total + (0..<12).filter { abs($0 - 5) <= 6 - y }.reduce(0) { $0 + Int(smaller[$1, y]) }
        })
        table.update(from: Image<UInt8>(width: 0, height: 0, repeating: 0))
        XCTAssertEqual(table.sums, [0])
        XCTAssertEqual(table.sum(x: 0, y: 0, width: 0, height: 0), 0)
    }

    /// A frame so large and bright that the tables wrap past 2³¹ / 2³²: window sums stay exact.
    func testLargeBrightImageWrapsWithoutTrapping() {
        let image = Image<UInt8>(width: 3000, height: 3000, repeating: 255)
        let table = IntegralImage(image, squared: true)
        XCTAssertEqual(table.sum(x: 2900, y: 2900, width: 100, height: 100), 100 * 100 * 255)
        XCTAssertEqual(table.squaredSum(x: 2900, y: 2900, width: 100, height: 100), 100 * 100 * 255 * 255)
        XCTAssertEqual(table.sum(x: 0, y: 0, width: 3000, height: 3000), (3000 * 3000 * 255) - (1 << 32),
                       "beyond 2^31 the reading wraps, as documented")
    }

    func testRawBufferUpdateWithRowPaddingAndChannels() {
        let rgb = Image<UInt8>(width: 5, height: 3, channels: 3, pixels: (0..<45).map { UInt8($0) })
        let table = IntegralImage(rgb)
        // Channel 0 of every pixel: 0, 3, 6, ... -> total = 3 * (0 + 1 + ... + 14).
        XCTAssertEqual(table.sum(x: 0, y: 0, width: 5, height: 3), 3 * 105)
        var padded = IntegralImage(Image<UInt8>(width: 0, height: 0, repeating: 0))
        let rows: [UInt8] = [1, 2, 99, 3, 4, 99]
        rows.withUnsafeBufferPointer { padded.update(from: $0, width: 2, height: 2, rowLength: 3) }
        XCTAssertEqual(padded.sum(x: 0, y: 0, width: 2, height: 2), 10)
        rows.withUnsafeBufferPointer { padded.update(from: $0, width: 4, height: 2, rowLength: 3) }
        XCTAssertEqual(padded.width, 0, "a shape that does not fit gives an empty table")
    }
}
