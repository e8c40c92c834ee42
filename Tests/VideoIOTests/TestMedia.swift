import Foundation
import XCTest

/// Runs the FFmpeg command-line tools and manages scratch directories for the VideoIO tests. The
/// tests compare against `ffprobe`/`ffmpeg` as the reference.
enum TestMedia {
    /// A fresh empty directory, removed when the test ends.
    static func scratchDirectory(for test: XCTestCase) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vtrack-videoio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// Runs `ffmpeg` or `ffprobe` with `arguments`; returns standard output. Skips the test when the
    /// tool is not installed, fails it when the tool exits non-zero.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        guard let executable = ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"]
            .map({ $0 + tool }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("\(tool) is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = tool == "ffmpeg" ? ["-hide_banner", "-loglevel", "error", "-y"] + arguments : arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self)
            XCTFail("\(tool) \(arguments.joined(separator: " ")) failed: \(message)")
            throw CocoaError(.executableLoad)
        }
        return outputData
    }

    /// ffprobe's count of decoded video frames.
    static func probedFrameCount(_ path: String) throws -> Int {
        let output = try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path])
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return try XCTUnwrap(Int(text), "ffprobe said \(text)")
    }

    /// One stream entry of ffprobe, e.g. `avg_frame_rate` of `v:0` or `codec_name` of `a:0`;
    /// empty when the stream does not exist.
    static func probe(_ entry: String, stream: String, of path: String) throws -> String {
        let output = try run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries",
                                         "stream=\(entry)", "-of", "csv=p=0", path])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first frame of `path` as ffmpeg decodes it (autorotated), in `pixelFormat` (e.g. `rgb24`).
    static func referenceFirstFrame(_ path: String, pixelFormat: String) throws -> [UInt8] {
        [UInt8](try run("ffmpeg", ["-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"]))
    }

    /// The Y plane of the first frame of `path` as ffmpeg decodes it (autorotated), without range
    /// conversion: ffmpeg's output in the stream's own planar YUV format, cut after the luma plane.
    static func referenceFirstLuma(_ path: String, planarFormat: String, width: Int, height: Int) throws -> [UInt8] {
        Array(try referenceFirstFrame(path, pixelFormat: planarFormat).prefix(width * height))
    }

    /// The counter-clockwise angle of the video stream's display matrix as ffprobe reports it, 0 without one.
    static func probedRotation(_ path: String) throws -> Int {
        let output = try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                         "stream_side_data=rotation", "-of", "csv=p=0", path])
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int(text.split(separator: ",").first ?? "0") ?? 0
    }

    /// Peak signal-to-noise ratio of two 8-bit pictures, dB (infinite when equal, 0 for different sizes).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var squares = 0.0
        for i in a.indices {
            let d = Double(a[i]) - Double(b[i])
            squares += d * d
        }
        let mse = squares / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
