import ArgumentParser
import Files
import Foundation
import Pages
import Pipeline
import VideoIO

struct PickCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Write a page to draw the boxes to track on a frame of the clip, and get the vtrack track command for them.",
        discussion: """
        Writes one page (no server, nothing fetched) and a folder of stills beside it: the frame \
        given by --frame at full resolution and --stills frames spaced evenly through the clip to \
        choose from. Open the page in a browser, drag boxes on the picture, name them, adjust \
        them by their corners and edges; the page shows the vtrack track command for them (a box \
        not on frame 0 as --box=name=x,y,width,height@FRAME) and saves them as a keyframes file \
        for --keyframes. Boxes are the clip's pixels (the upright picture's, origin at the \
        top-left pixel) whatever the page's zoom or the display. The command names the tracking \
        options given here (--level, always; --correlation-filter, --detector and the others \
        where given), so that it tracks as you ask.

        Examples:
          vtrack pick SampleVideos/pets09_s2l1_vtest_pedestrians.mp4
          vtrack pick clip.mp4 --frame 120 --page picks/clip.html
          vtrack pick clip.mp4 --level fast --detector person
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: "A video file or an image-sequence pattern such as img/%04d.jpg.")
    var clip: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The frame to show first (0-based).", valueName: "n"))
    var frame = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("How many frames, spaced evenly through the clip, to offer besides --frame.", valueName: "n"))
    var stills = 8

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write the page (default vtrack-out/<clip>.pick.html); its stills go to <page>.stills/.",
                               valueName: "path"))
    var page: String?

    @OptionGroup(title: "Tracking options the page's command names")
    var tracking: TrackingOptionsGroup

    func validate() throws {
        if tracking.startFrame != 0 {
            throw ValidationError("--start-frame does not apply to pick: a box drawn on another frame is given with @FRAME")
        }
        if frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if stills < 0 || stills > 100 { throw ValidationError("--stills must be between 0 and 100") }
    }

    func run() throws {
        let pagePath = page ?? "vtrack-out/" + FilePath.safeStem(of: clip) + ".pick.html"
        let reader = try VideoReader(path: clip)
        let chosen = PickStills(chosen: frame, count: stills, frameCount: reader.info.frameCount)
        let folder = PageLink.stillsFolder(forPage: pagePath)
        var files = CommandFiles()
        files.input("the clip", clip)
        files.output("pick page", pagePath, streams: false)
        files.outputFolder("stills folder", folder)
        try files.check()
        let stillFolder = try StillFolder(path: folder)
        let written = try chosen.write(from: reader, into: stillFolder)
        let relativeFolder = FilePath.relative(folder, from: FilePath.folder(of: pagePath))
        let pickPage = PickPage(
            clipName: FilePath.name(of: clip), clipPath: FilePath.absolute(clip), width: reader.info.width, height: reader.info.height,
            chosen: frame, stills: written.map { PickPage.Still(frame: $0, href: relativeFolder + "/" + PageLink.stillName(frame: $0)) },
            trackingWords: tracking.options.boxCommandWords)
        let pageFile = try TextOutputFile(path: pagePath, kind: "pick page")
        pageFile.append(try pickPage.html())
        try stillFolder.commit(page: pageFile)
        for warning in reader.warnings { StandardError.write("warning: \(clip): \(warning)\n") }
        if written.count < chosen.frames.count {
            StandardError.write("warning: \(clip): the page has \(written.count) of the \(chosen.frames.count) stills asked for:"
                                + " the clip ends after \(reader.framesDecoded) frames\n")
        }
        print("wrote \(pagePath) (\(written.count) still\(written.count == 1 ? "" : "s") in \(folder))")
    }
}
