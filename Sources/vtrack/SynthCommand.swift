import ArgumentParser
import Files
import Foundation
import Imaging
import Pipeline

struct SynthCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a synthetic clip with exact ground truth (for tests and demonstrations).",
        discussion: """
        A textured object moves along a smooth path over a textured background and grows or \
        shrinks steadily; the ground truth (x,y,w,h per frame, pixels, top-left origin, NaN while \
        hidden) is written beside the clip as an OTB-style groundtruth_rect.txt.

        Example:
          vtrack synth synth/synth.mp4 --frames 150 --hide-from 60 --jump 100,0
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "Output MP4 path.")
    var output: String

    @Option(parsing: .unconditional, help: "Ground-truth file (default: groundtruth_rect.txt beside the clip).")
    var groundTruth: String?

    @Option(parsing: .unconditional, help: "Frame width in pixels.")
    var width = 640

    @Option(parsing: .unconditional, help: "Frame height in pixels.")
    var height = 360

    @Option(parsing: .unconditional, help: "Number of frames.")
    var frames = 150

    @Option(parsing: .unconditional, help: "Seed of the textures, colours, path phase and noise.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Object size on the last frame relative to the first.")
    var finalScale = 1.3

    @Option(parsing: .unconditional, help: "First frame on which the object is hidden.")
    var hideFrom: Int?

    @Option(parsing: .unconditional, help: "Number of frames the object stays hidden.")
    var hideFor = 30

    @Option(parsing: .unconditional, help: ArgumentHelp("Displacement dx,dy (pixels) of the object when it reappears.", valueName: "dx,dy"))
    var jump = "0,0"

    func validate() throws {
        guard (16...4096).contains(width), (16...4096).contains(height) else { throw ValidationError("--width and --height must be in 16...4096") }
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be in 1...100000") }
        guard finalScale.isFinite, finalScale > 0.1, finalScale < 10 else { throw ValidationError("--final-scale must be in 0.1...10") }
        guard hideFor >= 0 else { throw ValidationError("--hide-for must be 0 or more") }
        _ = try jumpOffset()
    }

    private func jumpOffset() throws -> PixelOffset {
        let parts = jump.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy(\.isFinite) else { throw ValidationError("--jump must be dx,dy") }
        return PixelOffset(dx: parts[0], dy: parts[1])
    }

    func run() throws {
        let w = Double(width), h = Double(height)
        var parameters = SyntheticSceneParameters(
            width: width, height: height, frameCount: frames, seed: seed,
            objectStart: PixelRect(x: 0.2 * w, y: 0.35 * h, width: 0.12 * w, height: 0.2 * h),
            motion: .lissajous(amplitudeX: 0.25 * w, amplitudeY: 0.2 * h, periodX: 240, periodY: 170),
            finalScale: finalScale)
        if let hideFrom {
            parameters.hiddenFrames = hideFrom..<(hideFrom + hideFor)
            parameters.jumpAfterHidden = try jumpOffset()
        }
        let folder = FilePath.folder(of: output)
        let truthPath = groundTruth ?? FilePath.joining(folder, "groundtruth_rect.txt")
        var files = CommandFiles()
        files.output("MP4", output, streams: false)
        files.output("ground truth", truthPath)
        let destinations = try files.check()
        try FilePath.createFolder(folder, for: output)
        try FilePath.createFolder(FilePath.folder(of: truthPath), for: truthPath)
        try SyntheticClip.write(SyntheticScene(parameters), videoPath: destinations[0].path, groundTruthPath: truthPath)
        print("wrote \(output) and \(truthPath)")
    }
}
