/// One clip's row of a batch's index page (``BatchIndexPage``), as Pipeline's
/// `BatchIndexRow.init(result:layout:)` reads it from what is on disk: its summary line, its CSV
/// (each object's share of frames drawn solid, dashed and `lost`) and which of its review page and
/// thumbnail exist.
public struct BatchIndexRow: Sendable, Equatable {
    /// What the row says of the clip.
    public enum Status: Sendable, Equatable {
        /// Tracked, in this run or an earlier one.
        case done
        /// Could not be tracked; the summary's one-line reason.
        case failed(String)
        /// Not tracked (no boxes and no detector); the reason.
        case skipped(String)
    }

    /// One object of the clip: frames drawn each way in the MP4 (``TrackTimeline/Look``).
    public struct Object: Sendable, Equatable {
        public var trackID: Int
        /// The label, or `#id`.
        public var name: String
        public var solid = 0, dashed = 0, lost = 0

        /// An object with no frames counted yet.
        public init(trackID: Int, name: String) {
            self.trackID = trackID
            self.name = name
        }

        public var frames: Int { solid + dashed + lost }

        /// The share of the object's frames drawn `look`, 0...1 (0 without frames).
        public func share(_ look: TrackTimeline.Look) -> Double {
            guard frames > 0 else { return 0 }
            switch look {
            case .solid: return Double(solid) / Double(frames)
            case .dashed: return Double(dashed) / Double(frames)
            case .lost: return Double(lost) / Double(frames)
            }
        }
    }

    /// Path relative to the batch folder, `/`-separated.
    public var clip: String
    public var status: Status
    /// The clip's objects by track id; empty unless done.
    public var objects: [Object]
    /// Why a done clip's objects cannot be shown (its CSV is unreadable); nil otherwise.
    public var objectsProblem: String?
    /// The review page and the thumbnail, relative to the output folder; nil when not on disk.
    public var pageHref: String?
    public var thumbnailHref: String?

    /// A row as given; the hrefs are relative to the output folder.
    public init(clip: String, status: Status, objects: [Object] = [], objectsProblem: String? = nil, pageHref: String? = nil,
                thumbnailHref: String? = nil) {
        self.clip = clip
        self.status = status
        self.objects = objects
        self.objectsProblem = objectsProblem
        self.pageHref = pageHref
        self.thumbnailHref = thumbnailHref
    }

    /// The share of all the clip's object-frames drawn dashed or `lost`, 0...1: how much of it needs
    /// a person's look. 0 without objects.
    public var needsReview: Double {
        let frames = objects.reduce(0) { $0 + $1.frames }
        return frames > 0 ? Double(objects.reduce(0) { $0 + $1.dashed + $1.lost }) / Double(frames) : 0
    }
}
