import Foundation
import Imaging
import TestFootage
import Tracking
import VideoIO
import XCTest

/// Rectangle tracking in perspective on real encoded video with known homographies: a real
/// photograph (frame 0 of the bundled pedestrian clip, 480x360) shown as a poster that moves,
/// turns, scales and tilts over a real 1280x720 background (a frame of the bundled handheld cockatoo
/// clip), encoded to H.264, decoded and tracked from the first frame's corners.
final class PlanarTrackingTests: XCTestCase {
    private static let width = 1280, height = 720

    private func firstFrame(_ path: String) throws -> Image<UInt8> {
        let reader = try VideoReader(path: path)
        return try XCTUnwrap(try reader.nextFrame()).rgb()
    }

    /// Where the poster's corners are on frame `t`: centre, scale, rotation and a perspective tilt
    /// (top edge narrower or wider than the bottom) all varying smoothly.
    private static func corners(at t: Int) -> Quadrilateral {
        let t = Double(t)
        let centre = (x: 640 + 220 * sin(t / 20), y: 360 + 90 * sin(t / 13))
        let scale = 1 + 0.25 * sin(t / 17), angle = 0.25 * sin(t / 23), tilt = 0.15 * sin(t / 11)
        func corner(_ x: Double, _ y: Double) -> PixelPoint {
            let narrowed = x * (y < 0 ? 1 - tilt : 1 + tilt)
            let px = narrowed * 200 * scale, py = y * 150 * scale
            return PixelPoint(x: centre.x + px * cos(angle) - py * sin(angle), y: centre.y + px * sin(angle) + py * cos(angle))
        }
        return Quadrilateral(topLeft: corner(-1, -1), topRight: corner(1, -1), bottomRight: corner(1, 1), bottomLeft: corner(-1, 1))
    }

    /// The 3x3 map (row-major, h8 = 1) taking the poster's pixel corners to `quad`, by the
    /// direct linear transform.
    private static func posterMap(width: Double, height: Double, to quad: Quadrilateral) -> [Double] {
        let source = [(0.0, 0.0), (width, 0), (width, height), (0, height)]
        var rows: [[Double]] = []
        for ((x, y), p) in zip(source, quad.corners) {
            rows.append([x, y, 1, 0, 0, 0, -x * p.x, -y * p.x, p.x])
            rows.append([0, 0, 0, x, y, 1, -x * p.y, -y * p.y, p.y])
        }
        for c in 0..<8 {
            let pivot = (c..<8).max { abs(rows[$0][c]) < abs(rows[$1][c]) } ?? c
            rows.swapAt(c, pivot)
            for r in 0..<8 where r != c {
                let f = rows[r][c] / rows[c][c]
                for k in c..<9 { rows[r][k] -= f * rows[c][k] }
            }
        }
        return (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }

    /// Writes `frames` frames: the background with the poster warped onto it at ``corners(at:)``
    /// while `showsPoster(t)`. Returns the clip's path.
    private func writeClip(frames: Int, in folder: URL, showsPoster: (Int) -> Bool = { _ in true }) throws -> String {
        let poster = try firstFrame(TestFootage.sampleVideo("pets09_s2l1_vtest_pedestrians.mp4"))
        let background = try firstFrame(TestFootage.sampleVideo("cockatoo_handheld.mp4"))
        XCTAssertEqual(background.width, Self.width)
        let path = folder.appendingPathComponent("poster.mp4").path
        let writer = try VideoWriter(path: path, width: Self.width, height: Self.height, framesPerSecond: 30)
        for t in 0..<frames {
            var frame = background
            if showsPoster(t) {
                let quad = Self.corners(at: t)
                let h = Self.posterMap(width: Double(poster.width), height: Double(poster.height), to: quad)
                // The inverse map, by the adjugate: frame pixel centre -> poster coordinates.
                let inv = [h[4] * h[8] - h[5] * h[7], h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
                           h[5] * h[6] - h[3] * h[8], h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
                           h[3] * h[7] - h[4] * h[6], h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3]]
                let box = quad.boundingBox
                for y in max(0, Int(box.y))..<min(Self.height, Int(box.maxY) + 1) {
                    for x in max(0, Int(box.x))..<min(Self.width, Int(box.maxX) + 1) {
                        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                        let w = inv[6] * fx + inv[7] * fy + inv[8]
                        let u = (inv[0] * fx + inv[1] * fy + inv[2]) / w - 0.5, v = (inv[3] * fx + inv[4] * fy + inv[5]) / w - 0.5
                        guard u >= 0, v >= 0, u < Double(poster.width - 1), v < Double(poster.height - 1) else { continue }
                        let x0 = Int(u), y0 = Int(v), ax = u - Double(x0), ay = v - Double(y0)
                        for c in 0..<3 {
                            let top = Double(poster[x0, y0, c]) * (1 - ax) + Double(poster[x0 + 1, y0, c]) * ax
                            let bottom = Double(poster[x0, y0 + 1, c]) * (1 - ax) + Double(poster[x0 + 1, y0 + 1, c]) * ax
                            frame[x, y, c] = UInt8(max(0, min(255, (top * (1 - ay) + bottom * ay).rounded())))
                        }
                    }
                }
            }
            try writer.write(rgb: frame, time: Double(t) / 30)
        }
        try writer.finish()
        return path
    }

    /// Tracks the poster from frame 0's true corners through the decoded clip; returns each
    /// frame's corners (pixels) and confidence.
    private func track(_ path: String, level: TrackingLevel) throws -> [(corners: Quadrilateral, confidence: Float)] {
        let reader = try VideoReader(path: path)
        let handler = SequenceRequestHandler()
        let request = TrackRectangleRequest(
            rectangleObservation: RectangleObservation(corners: Self.corners(at: 0), imageWidth: Self.width, imageHeight: Self.height),
            trackingLevel: level)
        var results: [(Quadrilateral, Float)] = []
        while let frame = try reader.nextFrame() {
            try handler.perform([request], on: frame.imageFrame(colour: TrackerParameters.for(level).needsColour))
            let result = try XCTUnwrap(request.results.first)
            results.append((result.pixelCorners(imageWidth: Self.width, imageHeight: Self.height), result.confidence))
            request.inputObservation = result
        }
        return results
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-planar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testCornersFollowKnownHomographiesAt720p() throws {
        let path = try writeClip(frames: 90, in: try temporaryFolder())
        for level in TrackingLevel.allCases {
            let results = try track(path, level: level)
            XCTAssertEqual(results.count, 90)
            let errors = results.enumerated().map { t, result in result.corners.meanCornerDistance(to: Self.corners(at: t)) }
            let mean = errors.reduce(0, +) / Double(errors.count)
            print("planar \(level): mean corner error \(String(format: "%.3f", mean)) px, worst frame \(String(format: "%.3f", errors.max() ?? 0)) px, lowest confidence \(results.map(\.confidence).min() ?? 0)")
            XCTAssertLessThan(mean, 2, "\(level)")
            XCTAssertLessThan(errors.max() ?? .infinity, 6, "\(level)")
            XCTAssertTrue(results.allSatisfy { $0.confidence > 0.5 }, "\(level): the poster is in view on every frame")
        }
    }

    func testConfidenceFallsWhenThePosterIsTakenAway() throws {
        let path = try writeClip(frames: 50, in: try temporaryFolder(), showsPoster: { $0 < 30 })
        let results = try track(path, level: .accurate)
        XCTAssertTrue(results[..<30].allSatisfy { $0.confidence > 0.5 }, "\(results[..<30].map(\.confidence))")
        XCTAssertTrue(results[32...].allSatisfy { $0.confidence <= 0.5 }, "\(results[30...].map(\.confidence))")
    }

    func testCornersThatAreNotAConvexClockwiseShapeAreRefused() throws {
        let frame = ImageFrame(luma: Image(width: 64, height: 48, repeating: 128), rgb: Image(width: 64, height: 48, channels: 3, repeating: 128))
        let crossed = Quadrilateral(topLeft: PixelPoint(x: 10, y: 10), topRight: PixelPoint(x: 40, y: 40),
                                    bottomRight: PixelPoint(x: 40, y: 10), bottomLeft: PixelPoint(x: 10, y: 40))
        let request = TrackRectangleRequest(rectangleObservation: RectangleObservation(corners: crossed, imageWidth: 64, imageHeight: 48))
        XCTAssertThrowsError(try SequenceRequestHandler().perform([request], on: frame)) { error in
            XCTAssertTrue("\(error)".contains("convex"), "\(error)")
        }
    }
}
