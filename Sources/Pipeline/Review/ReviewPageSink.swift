import Foundation
import VideoIO

/// Writes a clip's review page (``ClipReviewPage``) when the run completes: it keeps each track's
/// timeline (a frame number, a time, a confidence and a look per object and frame) and the
/// moments found as frames come (``ReviewMomentFinder``). The page appears under its final name
/// only once it is complete.
public final class ReviewPageSink: TrackSink {
    private let path: String
    private let clipName: String
    private let videoHref: String?
    private let frameRate: Double
    private var timelines: [Int: TrackTimeline] = [:]
    private var finder: ReviewMomentFinder
    private var moments: [ReviewMoment] = []

    /// `video` is the annotated MP4 the run writes (nil: none); the page links it relative to its own folder.
    public init(path: String, clip: String, video: String?, info: VideoInfo) {
        self.path = path
        clipName = (clip as NSString).lastPathComponent
        videoHref = video.map { FilePath.relative($0, from: FilePath.folder(of: path)) }
        frameRate = info.frameRate
        finder = ReviewMomentFinder(frameRate: info.frameRate)
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        moments += finder.add(records)
        for record in records where record.state != .tentative {
            timelines[record.trackID, default: TrackTimeline(trackID: record.trackID, name: record.displayName)].append(record)
        }
    }

    public func finish() throws {
        let page = ClipReviewPage(clipName: clipName, videoHref: videoHref, frameRate: frameRate,
                                  timelines: timelines.values.sorted { $0.trackID < $1.trackID }, moments: moments)
        try TextOutputFile.write(page.html, to: path, kind: "review page")
    }
}
