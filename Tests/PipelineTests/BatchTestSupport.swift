import Files
import Foundation
import Pipeline
import TestFootage
import XCTest

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class BatchTemporaryFolder {
    let root: String

    init() throws {
        root = FilePath.joining(NSTemporaryDirectory(), "vtrack-batch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `relative` under the folder.
    func path(_ relative: String) -> String { FilePath.joining(root, relative) }

    /// Writes `text` to `relative`, creating folders as needed.
    func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }

    func write(_ data: Data, to relative: String) throws {
        let target = path(relative)
        try FileManager.default.createDirectory(atPath: FilePath.folder(of: target), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: target, contents: data) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Copies an existing file to `relative`.
    func copy(_ source: String, to relative: String) throws {
        try write(try Data(contentsOf: URL(fileURLWithPath: source)), to: relative)
    }
}

/// The small bundled sample clip (176x144, 120 frames, a face in a car).
let batchSmallClip = TestFootage.sampleVideo("carphone_face_in_car.mp4")

/// A deterministic pseudo-random generator (SplitMix64) so that fuzz cases repeat exactly.
struct BatchSeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
