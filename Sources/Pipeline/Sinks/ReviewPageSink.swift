import Files
import Foundation
import Pages
import TrackFormats
import VideoIO

/// Writes a clip's review page (``ClipReviewPage``) when the run completes: it keeps each track's
/// timeline (a frame number, a time, a confidence and a look per object and frame) and the
/// moments found as frames come (``ReviewMomentFinder``). The page appears under its final name
/// only once it is complete.
///
/// For the page's corrections (``ReviewCorrection``), it writes a still of each moment's frame as
/// the frame passes (a full-resolution PNG in `<page>.stills/`, ``StillFolder``, from the colour
/// picture the frame already carries: no second decode), keeping only the boxes on those frames and
/// the run's keyframes in memory. The stills stop at ``stillBytesLimit`` bytes; later moments only
/// seek the video. The stills appear with the page (``StillFolder/commit(page:)``).
public final class ReviewPageSink: TrackSink {
    /// The most bytes of stills one page writes (uncompressed PNG: 0.9 MB for 640x480, 6.2 MB for 1920x1080).
    public static let stillBytesLimit = 256 << 20

    private let path: String
    private let clipName: String
    private let clipPath: String
    private let videoHref: String?
    private let frameRate: Double
    private let stillFolder: StillFolder
    private var timelines: [Int: TrackTimeline] = [:]
    private var finder: ReviewMomentFinder
    private var moments: [ReviewMoment] = []
    private var stills: [ReviewCorrection.Still] = []
    private var keyframes: [ReviewCorrection.Box] = []
    /// Per track, which frames may be listed as worth a keyframe (``ReviewMomentRanking/CheckSchedule``).
    private var checkSchedules: [Int: ReviewMomentRanking.CheckSchedule] = [:]
    /// Frames whose still was written only because they may be listed as worth a keyframe.
    private var checkStills: Set<Int> = []
    private let trackingWords: [String]
    private var pageFile: TextOutputFile?

    /// `video` is the annotated MP4 the run writes (nil: none); the page links it relative to its own
    /// folder. `trackingWords` are the run's tracking options as `vtrack track` takes them
    /// (``TrackingOptions/boxCommandWords``), which the page's re-tracking command repeats.
    /// Throws ``OutputError`` when the stills' temporary folder cannot be made.
    public init(path: String, clip: String, video: String?, info: VideoInfo, trackingWords: [String] = []) throws {
        self.trackingWords = trackingWords
        self.path = path
        clipName = FilePath.name(of: clip)
        clipPath = FilePath.absolute(clip)
        videoHref = video.map { FilePath.relative($0, from: FilePath.folder(of: path)) }
        frameRate = info.frameRate
        finder = ReviewMomentFinder(frameRate: info.frameRate)
        stillFolder = try StillFolder(path: PageLink.stillsFolder(forPage: path))
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        let found = finder.add(records)
        moments += found
        let shown = records.filter { $0.state != .tentative }
        for record in shown {
            timelines[record.trackID, default: TrackTimeline(trackID: record.trackID, name: record.displayName)].append(record)
            if record.source == .keyframe { keyframes.append(ReviewCorrection.Box(record)) }
        }
        var mayBeChecked = false
        for record in shown {
            if checkSchedules[record.trackID, default: ReviewMomentRanking.CheckSchedule()].admits(record.time) { mayBeChecked = true }
        }
        // Frames that may be worth a keyframe get stills from the first half of the budget, kept only if listed.
        if found.isEmpty && mayBeChecked && stillFolder.bytesWritten < Self.stillBytesLimit / 2 { checkStills.insert(frame.index) }
        if !found.isEmpty || checkStills.contains(frame.index), stillFolder.bytesWritten < Self.stillBytesLimit {
            let name = try stillFolder.write(frame.colour.rgb ?? frame.frame.rgb(), frame: frame.index)
            let still = FilePath.joining(stillFolder.path, name)
            stills.append(ReviewCorrection.Still(frame: frame.index, time: frame.time,
                                                 href: FilePath.relative(still, from: FilePath.folder(of: path)),
                                                 boxes: shown.map(ReviewCorrection.Box.init)))
        }
    }

    public func finish() throws {
        let sortedTimelines = timelines.values.sorted { $0.trackID < $1.trackID }
        let listed = Set(ReviewMomentRanking.ranked(moments, timelines: sortedTimelines, checks: ReviewMomentRanking.pageChecks)
            .filter { $0.moment.kind == .check }.map(\.moment.frame))
        for frame in checkStills.subtracting(listed) { stillFolder.discard(frame: frame) }
        stills.removeAll { checkStills.contains($0.frame) && !listed.contains($0.frame) }
        let correction = ReviewCorrection(runID: UUID().uuidString, clipPath: clipPath, stills: stills, keyframes: keyframes,
                                          trackingWords: trackingWords)
        let page = ClipReviewPage(clipName: clipName, videoHref: videoHref, frameRate: frameRate,
                                  timelines: sortedTimelines, moments: moments,
                                  correction: correction)
        let file = try TextOutputFile(path: path, kind: "review page")
        file.append(try page.html())
        try file.complete()
        pageFile = file
    }

    /// Publishes the page with its stills (``StillFolder/commit(page:)``).
    public func publish() throws {
        guard let pageFile else { return }
        try stillFolder.commit(page: pageFile)
    }
}
