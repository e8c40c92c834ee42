/// Every setting of a ``SiameseTracker``: how its crops are cut and how the head's maps become a
/// box. The presets reproduce published trackers; see `docs/siamese-tracker.md`.
public struct SiameseSettings: Sendable, Equatable {
    /// Whose pre- and post-processing the tracker follows, down to rounding.
    public enum Convention: String, Sendable, CaseIterable {
        /// NanoTrack's authors' Python tracker (the pysot family): centre at x + (w - 1) / 2,
        /// crop sides rounded, the search side 255/127 of the template's, the first frame's mean
        /// colour outside the picture, the scale-change penalty against the object's size, a Hann
        /// window (outer product), BGR into the networks, boxes in sub-pixels.
        case authors
        /// OpenCV 5.0's `TrackerNano`: centre at x + w / 2, crop sides truncated, the search side
        /// twice the template's, the current frame's mean colour outside the picture, the
        /// scale-change penalty against the size of the object's *position* (as OpenCV computes it),
        /// a square-rooted Hann window, RGB into the networks, boxes truncated to whole pixels.
        case openCVTrackerNano = "opencv"
        /// LightFC's authors' loop (OSTrack's): centre at x + w / 2, a square crop of side
        /// ceil(sqrt(w h) x ``ostrackTemplateFactor``) for the template and twice that for the search
        /// region, its origin rounded half to even, black outside the picture, RGB into the network;
        /// the head's probabilities times a Hann window of side + 1 intervals (raised to the window
        /// influence: 1 is the authors', 0 none), no penalty on a change of scale; the box's size
        /// taken from the head at ``SiameseSettings/sizeLearningRate`` whatever its score (1: the authors').
        case ostrack

        /// The template crop's side over the square root of the box's area (the authors' 2).
        public static let ostrackTemplateFactor: Float = 2

        /// Whether the crops go into the network blue first (the pysot family's OpenCV habit).
        public var takesBGR: Bool { self == .authors }

        /// The smallest side the box may shrink to, frame pixels (pysot's 10; OSTrack clips at 2).
        public var smallestSide: Float { self == .ostrack ? 2 : 10 }
    }

    /// The networks the settings were tuned for.
    public var release: SiameseNetworkRelease
    public var convention: Convention
    /// Weight of the cosine window against the penalised score, 0...1: how strongly the box is held
    /// near its last position.
    public var windowInfluence: Float
    /// Strength of the penalty on a change of scale and aspect ratio against the last box.
    public var scaleChangePenalty: Float
    /// How fast the box's size follows the head's, scaled by the chosen cell's penalised score, 0...1.
    public var sizeLearningRate: Float
    /// Context around the object in the template and search crops, a fraction of (w + h).
    public var contextAmount: Float
    /// Let the box follow its object out of the picture (its centre up to half the box past an
    /// edge), so that an object that leaves is reported out of view; false holds the centre on the
    /// frame, as the published trackers do, leaving a box half inside at the edge.
    public var followsOutOfFrame = false
    /// Search for the object once the confidence says it is lost (below ``ConfidenceModel/lostBelow``):
    /// one more crop per frame on rings widening around its last confident position
    /// (``SiameseSearchSpiral``), the tracker moving there only when the confidence of the box found
    /// there says it is on the object; and hold an object that left the picture out of view until then.
    /// False: the published trackers, which only search around the last box.
    public var redetectsWhenLost = false
    /// Follow the head's look-alikes (the other places it takes for the object) from frame to frame,
    /// refuse a jump onto one followed as someone else, and say while the object and a look-alike
    /// cannot be told apart (``LookAlikeMemory``). False: the published trackers, which take the
    /// best windowed cell whatever it continues.
    public var tellsLookAlikesApart = false
    /// The sizes, as multiples of its last, at which a lost object is searched for
    /// (``redetectsWhenLost``), one per re-detection crop in turn, each crop cut to that size so the
    /// object fills it as the template does; [1]: at its last size only.
    public var refindingZooms: [Float] = [1]
    /// How far a lost object may be found: within `size x (1 + motionSpread x sqrt(frames))` of where
    /// it was last seen confidently (a random walk; size is the square root of the box area), the
    /// spread of the pipeline's re-seeding (`ReseedPolicy.motionSpread`).
    public var motionSpread: Float = 0.5
    /// Every this many frames while the object is doubtful (confidence below
    /// ``ConfidenceModel/solidAbove``), and when it is first lost, search the whole frame for it with
    /// the template's features (``SiameseFrameTiling``); the best place moves the tracker only when
    /// it is distinctly better than every other and than the tracker's own box, and a crop there on
    /// the next frame finds it again. 0: never (the published trackers). The pipeline sets it to its
    /// re-seeding interval (`--reseed-every`).
    public var wholeFrameSearchInterval = 0
    /// At most this many search crops per whole-frame search (larger crops when the frame needs more).
    public var wholeFrameSearchCrops = 32

    public init(release: SiameseNetworkRelease, convention: Convention, windowInfluence: Float, scaleChangePenalty: Float, sizeLearningRate: Float,
                contextAmount: Float = 0.5) {
        self.release = release
        self.convention = convention
        self.windowInfluence = windowInfluence
        self.scaleChangePenalty = scaleChangePenalty
        self.sizeLearningRate = sizeLearningRate
        self.contextAmount = contextAmount
    }

    /// OpenCV 5.0's `TrackerNano`, its constants fixed in its code (window 0.455, penalty 0.055, rate 0.37).
    public static let openCVTrackerNano = SiameseSettings(release: .nanoTrackV2, convention: .openCVTrackerNano,
                                                          windowInfluence: 0.455, scaleChangePenalty: 0.055, sizeLearningRate: 0.37)
    /// The authors' settings for NanoTrack v2 (`configv2.yaml`: 0.490, 0.150, 0.385).
    public static let authorsV2 = SiameseSettings(release: .nanoTrackV2, convention: .authors, windowInfluence: 0.490,
                                                  scaleChangePenalty: 0.150, sizeLearningRate: 0.385)
    /// The authors' settings for NanoTrack v3 (`configv3.yaml`: 0.455, 0.138, 0.348).
    public static let authorsV3 = SiameseSettings(release: .nanoTrackV3, convention: .authors, windowInfluence: 0.455,
                                                  scaleChangePenalty: 0.138, sizeLearningRate: 0.348)

    /// LightFC's authors' loop (`lib/test/tracker/lightfc.py`): the full Hann window, no scale
    /// penalty, the head's size taken as it is.
    public static let authorsLightFC = SiameseSettings(release: .lightFC, convention: .ostrack, windowInfluence: 1,
                                                       scaleChangePenalty: 0, sizeLearningRate: 1)

    /// The authors' settings for `release`'s networks.
    public static func authors(of release: SiameseNetworkRelease) -> SiameseSettings {
        switch release {
        case .nanoTrackV2: .authorsV2
        case .nanoTrackV3: .authorsV3
        case .lightFC: .authorsLightFC
        }
    }

    /// These settings' search (out of frame, re-finding, look-alikes, zooms, reach and whole-frame search) over the authors'
    /// loop for `release`'s networks.
    public func withNetwork(_ release: SiameseNetworkRelease) -> SiameseSettings {
        var settings = SiameseSettings.authors(of: release)
        settings.followsOutOfFrame = followsOutOfFrame
        settings.redetectsWhenLost = redetectsWhenLost
        settings.tellsLookAlikesApart = tellsLookAlikesApart
        settings.refindingZooms = refindingZooms
        settings.motionSpread = motionSpread
        settings.wholeFrameSearchInterval = wholeFrameSearchInterval
        settings.wholeFrameSearchCrops = wholeFrameSearchCrops
        return settings
    }

    /// The preset `name` names (`opencv`, `authors-v2`, `authors-v3`, `authors-lightfc`), for `vtrack eval --set siamese=NAME`.
    public static func preset(named name: String) -> SiameseSettings? {
        presets[name]
    }

    /// Every preset by name.
    public static let presets: [String: SiameseSettings] = [
        "opencv": .openCVTrackerNano, "authors-v2": .authorsV2, "authors-v3": .authorsV3, "authors-lightfc": .authorsLightFC,
    ]
}
