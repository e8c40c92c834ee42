import Foundation
import Imaging

/// One sequence of an OTB-layout dataset folder:
///
///     Name/groundtruth_rect.txt         x,y,w,h per line (pixels, top-left, 0-based; line 1 = frame 0)
///     Name/Name.mp4                     the video, or
///     Name/img/0001.jpg, 0002.jpg, ...  the frames as numbered images (any fixed digit count)
public struct OTBSequence: Sendable, Equatable {
    /// The folder name.
    public let name: String
    /// The sequence folder.
    public let directory: String
    /// What `VideoReader(path:)` opens: the MP4, or an image pattern such as `.../img/%04d.jpg`.
    public let videoPath: String
    /// Path of `groundtruth_rect.txt`.
    public let groundTruthPath: String
    /// Element `k` is frame `k`'s box; NaN boxes mark unannotated frames.
    public let groundTruth: [PixelRect]

    /// Loads the sequence in `directory` (whose last path component is its name). Throws
    /// ``EvaluationError`` naming the file when the ground truth is missing or malformed, or when
    /// there is no video.
    public init(directory: String) throws {
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        name = url.lastPathComponent
        self.directory = url.path
        groundTruthPath = url.appendingPathComponent("groundtruth_rect.txt").path
        groundTruth = try GroundTruthFile.read(path: groundTruthPath)
        guard let video = Self.findVideo(in: url, name: name) else { throw EvaluationError.noVideo(directory: url.path) }
        videoPath = video
    }

    /// `Name.mp4` when present, else the printf-style pattern of the lowest-numbered `img/N.jpg`
    /// run (`img/%04d.jpg` for `0001.jpg`).
    static func findVideo(in directory: URL, name: String) -> String? {
        let files = FileManager.default
        let mp4 = directory.appendingPathComponent(name + ".mp4").path
        if files.fileExists(atPath: mp4) { return mp4 }
        let images = directory.appendingPathComponent("img")
        guard let names = try? files.contentsOfDirectory(atPath: images.path) else { return nil }
        let numbered = names.compactMap { file -> (digits: Int, number: Int)? in
            let parts = file.split(separator: ".")
            guard parts.count == 2, parts[1].lowercased() == "jpg", parts[0].count <= 9,
                  parts[0].allSatisfy(\.isASCII), let number = Int(parts[0]) else { return nil }
            return (parts[0].count, number)
        }
        guard let first = numbered.min(by: { $0.number < $1.number }) else { return nil }
        return images.appendingPathComponent("%0\(first.digits)d.jpg").path
    }
}
