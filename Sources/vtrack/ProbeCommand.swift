import ArgumentParser
import VideoIO

struct ProbeCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Print what the video reader sees in a clip.",
        discussion: """
        Example:
          vtrack probe SampleVideos/pets09_s2l1_vtest_pedestrians.mp4
          vtrack probe clip.mp4 --count    # decode every frame to count them exactly
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @Flag(help: "Decode the whole clip and report the exact frame count and any corrupt packets.")
    var count = false

    func run() throws {
        let reader = try VideoReader(path: clip)
        print(reader.info)
        guard count else { return }
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        print("decoded frames: \(frames)")
        for warning in reader.warnings { print("warning: \(warning)") }
    }
}
