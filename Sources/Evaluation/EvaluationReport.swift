/// Everything `vtrack eval` measured, as written to `results.json` (snake_case keys, the names
/// `otb_metrics.py` uses where it has one). Optional numbers are left out when undefined.
public struct EvaluationReport: Sendable, Codable {
    /// One tracker (a vtrack level, or a peer) on one sequence.
    public struct SequenceResult: Sendable, Codable {
        public var sequence: String
        public var scores: CurveScores
        /// `nil` when the results carry no confidence.
        public var confidence: ConfidenceScore?
        /// Frames after the first per second of tracker calls; `nil` for peers.
        public var trackerFPS: Double?
        /// Frames per second of decode + track, serial; `nil` for peers.
        public var decodeAndTrackFPS: Double?
        /// Time to start the tracker on frame 0, milliseconds; `nil` for peers.
        public var initMilliseconds: Double?
        /// The scored CSV.
        public var csv: String
        public var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case sequence, scores, confidence, trackerFPS = "tracker_fps", decodeAndTrackFPS = "decode_track_fps"
            case initMilliseconds = "init_ms", csv, warnings
        }
    }

    /// One tracker over the sequences.
    public struct TrackerResult: Sendable, Codable {
        /// `fast` / `accurate` for vtrack, the folder name for a peer.
        public var name: String
        /// True for a peer's published results.
        public var isPeer: Bool
        public var sequences: [SequenceResult]
        /// Sequences without results from this tracker (peers only); not in the summary.
        public var missingSequences: [String]
        public var summary: ScoreSummary
        /// All tracked frames after the first over all tracker time; `nil` for peers.
        public var trackerFPSPooled: Double?
        /// All frames over all decode + track time; `nil` for peers.
        public var decodeAndTrackFPSPooled: Double?
        /// The tracker-only fps a peer's `summary.json` publishes (its own machine and run).
        public var publishedTrackerFPS: Double?

        enum CodingKeys: String, CodingKey {
            case name, isPeer = "peer", sequences = "per_sequence", missingSequences = "missing_sequences", summary
            case trackerFPSPooled = "tracker_fps_pooled", decodeAndTrackFPSPooled = "decode_track_fps_pooled"
            case publishedTrackerFPS = "published_tracker_fps"
        }
    }

    /// The dataset folder.
    public var dataset: String
    /// Sequence names in evaluation order.
    public var sequenceNames: [String]
    /// One entry per evaluated level.
    public var levels: [TrackerResult]
    /// Peers from `--compare`, scored on the same sequences and ground truth.
    public var peers: [TrackerResult]
    /// Paths of the files written.
    public var resultsJSON: String
    public var successPlot: String
    public var precisionPlot: String

    enum CodingKeys: String, CodingKey {
        case dataset, sequenceNames = "sequences", levels, peers, resultsJSON = "results_json"
        case successPlot = "success_plot", precisionPlot = "precision_plot"
    }
}
