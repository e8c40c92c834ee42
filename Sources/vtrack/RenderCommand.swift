import ArgumentParser
import Foundation
import Pipeline
import TrackFormats
import VideoIO

struct RenderCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a tracks CSV, MOTChallenge file or CVAT XML (say, edited by hand) onto its clip as an annotated MP4.",
        discussion: """
        The file is a vtrack CSV or a MOTChallenge file, told apart by content: a MOTChallenge file \
        has no header and ten numbers per line. The CSV needs the columns frame, track_id, x, y, \
        width, height (pixels, origin at the top-left pixel); label, confidence and state are \
        optional. A MOTChallenge line is frame,id,bb_left,bb_top,bb_width,bb_height,conf,x,y,z \
        with frame 1-based (drawn on frame - 1), conf in 0...1 or -1 (read as 1), and no label. \
        Boxes are drawn as `vtrack track` draws them: solid when confidence > 0.5, dashed \
        otherwise. Every frame of the clip is written, frames without rows unannotated; rows for \
        frames past the end are reported.

        Examples:
          vtrack render clip.mp4 --tracks out/clip.csv \\
              --video out/clip-edited.mp4
          vtrack render clip.mp4 --tracks results/clip.mot.txt \\
              --video out/clip-mot.mp4
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "The clip the tracks file was made from.")
    var clip: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The tracks file to draw: a vtrack CSV, a MOTChallenge file or CVAT for video XML.", valueName: "file"))
    var tracks: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the annotated MP4.", valueName: "path"))
    var video: String

    @Flag(help: "Do not print progress.")
    var quiet = false

    func run() throws {
        let outputs = try OutputPaths(clip: clip, out: nil, csv: nil, video: video,
                                      otherInputs: [CommandFiles.File(role: "the tracks file", path: tracks)])
        let records = try TrackFileFormat.read(path: tracks)
        let byFrame = Dictionary(grouping: records, by: \.frame)
        let reader = try VideoReader(path: clip)
        let sinks = try outputs.makeSinks(clip: clip, info: reader.info)
        let progress = ProgressLine(label: clip, total: reader.info.frameCount, enabled: !quiet)
        var frames = 0
        while let frame = try reader.nextFrame() {
            let context = FrameContext(frame: frame, colour: false)
            for sink in sinks { try sink.write(frame: context, records: byFrame[frame.index] ?? []) }
            frames += 1
            progress.update(frame: frame.index)
        }
        try sinks.finishAndPublish()
        progress.finish()
        let beyond = records.filter { $0.frame >= frames }.count
        if beyond > 0 {
            let message = "warning: \(tracks): \(beyond) rows are on frames past the clip's last frame \(frames - 1) and were not drawn\n"
            StandardError.write(message)
        }
        for warning in reader.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        if !quiet { print("drew \(records.count - beyond) boxes on \(frames) frames; wrote \(video)") }
    }
}
