import Foundation
import Imaging
import VideoIO
import XCTest

/// Paths and shared helpers for the detection tests.
enum TestSupport {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let cascadeDirectories = ["/usr/share/opencv4/haarcascades", "/usr/share/opencv4/lbpcascades"]

    /// Every cascade file Debian's opencv-data installs, or a skip when the package is missing.
    static func allCascadeFiles() throws -> [String] {
        let files = cascadeDirectories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix(".xml") }.map { "\(directory)/\($0)" }
        }
        guard !files.isEmpty else { throw XCTSkip("opencv-data is not installed (no /usr/share/opencv4 cascades)") }
        return files.sorted()
    }

    /// FNV-1a, 64 bits, as the reference script computes it.
    static func fnv1a64(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Luma planes of the given frame indices, decoded with vtrack's own `VideoReader`.
    static func lumaFrames(of path: String, indices: Set<Int>) throws -> [Int: Image<UInt8>] {
        let reader = try VideoReader(path: path)
        var frames: [Int: Image<UInt8>] = [:]
        let last = indices.max() ?? -1
        while let frame = try reader.nextFrame(), frame.index <= last {
            if indices.contains(frame.index) { frames[frame.index] = frame.luma }
        }
        return frames
    }
}

/// The JSON written by scripts/ci/opencv_cascade_reference.py.
struct OpenCVCascadeFixture: Decodable {
    struct Timing: Decodable {
        let ms_per_frame: Double
        let threads: Int
        let ms_per_frame_single_thread: Double
    }

    struct Frame: Decodable {
        let index: Int
        let fnv1a64: String
        let boxes: [[Int]]
    }

    let opencv_version: String
    let clip: String
    let cascade: String
    let width: Int
    let height: Int
    let frame_step: Int
    let timing: Timing
    let frames: [Frame]

    static func load(_ name: String) throws -> OpenCVCascadeFixture {
        let data = try Data(contentsOf: TestSupport.fixtures.appendingPathComponent(name))
        return try JSONDecoder().decode(OpenCVCascadeFixture.self, from: data)
    }
}
