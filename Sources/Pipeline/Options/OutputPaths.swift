import Files
import Foundation
import Pages
import TrackFormats
import VideoIO

/// Where the outputs of one clip go, resolved from the command-line options.
///
/// With only an output folder, the CSV and the MP4 are named after the clip (`clip.csv`,
/// `clip.mp4`); with nothing at all, the folder is `vtrack-out`. The MOTChallenge, JSON Lines and CVAT
/// files are written only when their paths are given. Outputs never replace the input, and no two outputs
/// share a file.
public struct OutputPaths: Sendable, Equatable {
    public var csv: String?
    public var video: String?
    /// The MOTChallenge results file (``MOTChallengeFormat``).
    public var mot: String?
    /// The JSON Lines file, one object per frame (``TrackJSONLines``).
    public var jsonLines: String?
    /// The CVAT for video 1.1 XML file (``CVATVideoXML``).
    public var cvat: String?
    /// The review page (``ClipReviewPage``), linking the MP4 when there is one.
    public var report: String?

    /// Checks the outputs against each other, the clip and `otherInputs` (the model, a tracks file,
    /// ...) with ``CommandFiles``; throws its one-line ``OutputError``.
    public init(clip: String, out: String?, csv: String?, video: String?, mot: String? = nil, jsonLines: String? = nil,
                cvat: String? = nil, report: String? = nil, otherInputs: [CommandFiles.File] = []) throws {
        let stem = FilePath.safeStem(of: clip)
        let out = (out == nil && csv == nil && video == nil && mot == nil && jsonLines == nil && cvat == nil && report == nil) ? "vtrack-out" : out
        if let out {
            self.csv = csv ?? FilePath.joining(out, stem + ".csv")
            self.video = video ?? FilePath.joining(out, stem + ".mp4")
        } else {
            self.csv = csv
            self.video = video
        }
        self.mot = mot
        self.jsonLines = jsonLines
        self.cvat = cvat
        self.report = report
        var files = CommandFiles()
        files.input("the clip", clip)
        for input in otherInputs { files.input(input.role, input.path) }
        for output in named { files.output(output.kind, output.path, streams: output.kind != "MP4") }
        if let report { files.outputFolder("review page's stills folder", PageLink.stillsFolder(forPage: report)) }
        try files.check()
    }

    /// True when an output goes to standard output (`-`), so nothing else may be printed there.
    public var writesStandardOutput: Bool { written.contains("-") }

    /// The outputs that exist after a complete run, in the order their sinks are made.
    public var written: [String] { named.map(\.path) }

    /// The outputs to write with the name of their kind, for errors.
    private var named: [(kind: String, path: String)] {
        [("CSV", csv), ("MOT", mot), ("JSON Lines", jsonLines), ("CVAT XML", cvat), ("review page", report), ("MP4", video)].compactMap { kind, path in path.map { (kind, $0) } }
    }

    /// Creates the folders and the sinks: the text files first (CSV, MOTChallenge, JSON Lines, CVAT, the
    /// review page), then
    /// the annotated video with the clip's audio. The MOTChallenge file holds the results that
    /// `resultRules` decides (a tracking run's own: ``ClipTrackingSession/resultRules``). The review
    /// page's re-tracking command repeats `options` (the run's, as its session resolved them; nil for
    /// a page of tracks drawn from a file).
    public func makeSinks(clip: String, info: VideoInfo, resultRules: MOTResultRules = .standard,
                          options: TrackingOptions? = nil) throws -> [TrackSink] {
        var sinks: [TrackSink] = []
        for path in written { try FilePath.createFolder(forOutput: path) }
        if let csv { sinks.append(try CSVTrackSink(path: csv)) }
        if let mot { sinks.append(try MOTChallengeTrackSink(path: mot, rules: resultRules)) }
        if let jsonLines { sinks.append(try JSONLinesTrackSink(path: jsonLines)) }
        if let cvat { sinks.append(CVATTrackSink(path: cvat, info: info, name: FilePath.name(of: clip))) }
        if let report {
            let page = try ReviewPageSink(path: report, clip: clip, video: video, info: info, trackingWords: options?.boxCommandWords ?? [])
            // A run's page shows where its boxes fail the forward-backward check; a page of tracks from a file has no tracker to check them.
            sinks.append(try options.map { try ForwardBackwardCheckedSink(page, options: $0, frameRate: info.frameRate) } ?? page)
        }
        if let video {
            let file = try OutputDestination(path: video, kind: "MP4", streams: false)
            sinks.append(try AnnotatedVideoSink(path: file.path, info: info, audioSourcePath: clip))
        }
        return sinks
    }
}
