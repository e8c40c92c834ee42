/// What a batch does: where the clips are, where the outputs go, and how each clip is tracked.
public struct BatchConfiguration: Sendable {
    /// Folder searched recursively for clips (see ``ClipFinder``).
    public var inputFolder: String
    /// Folder for the outputs and the summary; created when missing. May lie inside ``inputFolder``
    /// (it is then not searched for clips) but must not be the input folder itself.
    public var outputFolder: String
    /// Tracking settings for every clip; a sidecar's or manifest's `frame` overrides the start frame.
    /// A class detector (`options.detector`, e.g. `face`) starts the tracks of clips that have no boxes.
    public var options: TrackingOptions
    /// A manifest CSV giving the boxes of the clips it names (see ``BatchManifest``); clips it does
    /// not name fall back to their sidecar files.
    public var manifestPath: String?
    /// Write the annotated MP4 beside each CSV.
    public var writesVideo: Bool
    /// Also write each clip's MOTChallenge file (``BatchOutputLayout/motPath(for:)``).
    public var writesMOT: Bool
    /// Also write each clip's JSON Lines file (``BatchOutputLayout/jsonLinesPath(for:)``).
    public var writesJSONLines: Bool
    /// Also write each clip's CVAT for video XML (``BatchOutputLayout/cvatPath(for:)``).
    public var writesCVAT: Bool
    /// Re-run clips that are already complete.
    public var force: Bool
    /// Clips tracked at the same time, at least 1 (each clip also tracks its objects in parallel).
    public var jobs: Int
    /// The share of the batch this process works on.
    public var shard: BatchShard

    public init(inputFolder: String, outputFolder: String, options: TrackingOptions = TrackingOptions(),
                manifestPath: String? = nil, writesVideo: Bool = true, writesMOT: Bool = false, writesJSONLines: Bool = false,
                writesCVAT: Bool = false, force: Bool = false, jobs: Int = 1, shard: BatchShard = .whole) {
        self.inputFolder = inputFolder
        self.outputFolder = outputFolder
        self.options = options
        self.manifestPath = manifestPath
        self.writesVideo = writesVideo
        self.writesMOT = writesMOT
        self.writesJSONLines = writesJSONLines
        self.writesCVAT = writesCVAT
        self.force = force
        self.jobs = jobs
        self.shard = shard
    }
}
