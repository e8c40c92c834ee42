import Imaging

/// Everything `vtrack eval` measured, as written to `results.json` (snake_case keys, the names
/// `otb_metrics.py` uses where it has one). Optional numbers are left out when undefined.
public struct EvaluationReport: Sendable, Codable {
    /// One run of vtrack on one sequence (OPE has one per sequence, SRE 12, TRE up to 20).
    public struct RunResult: Sendable, Codable {
        /// ``RunStart/name``: `ope`, `shift-left`, `scale-0.8`, `start-0123`, ...
        public var name: String
        /// 0-based frame the run started on.
        public var startFrame: Int
        /// Start box, pixels, top-left origin, clipped to the frame.
        public var box: PixelRect
        /// The run's CSV.
        public var csv: String
        /// Frames scored (from the start frame on).
        public var frames: Int
        public var auc: Double
        public var precisionAt20: Double
        /// Frames after the first per second of tracker time.
        public var trackerFPS: Double?

        enum CodingKeys: String, CodingKey {
            case name, startFrame = "start_frame", box, csv, frames, auc, precisionAt20 = "prec20"
            case trackerFPS = "tracker_fps"
        }
    }

    /// One tracker (a vtrack level, or a peer) on one sequence. For SRE and TRE the scores are over
    /// the frames of all the sequence's runs pooled (as the OTB toolkit does).
    public struct SequenceResult: Sendable, Codable {
        public var sequence: String
        public var scores: CurveScores
        /// `nil` when the results carry no confidence.
        public var confidence: ConfidenceScore?
        /// Frames after each run's first per second of tracker calls, all runs pooled; `nil` for peers.
        public var trackerFPS: Double?
        /// Frames of all runs per second of the decode pass's wall time; `nil` for peers.
        public var decodeAndTrackFPS: Double?
        /// Time to start the tracker on the first run's start frame, milliseconds; `nil` for peers
        /// and for runs through the pipeline.
        public var initMilliseconds: Double?
        /// The scored CSV (OPE, peers), or the folder of the runs' CSVs (SRE, TRE).
        public var csv: String
        /// The runs; empty for peers.
        public var runs: [RunResult]
        public var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case sequence, scores, confidence, trackerFPS = "tracker_fps", decodeAndTrackFPS = "decode_track_fps"
            case initMilliseconds = "init_ms", csv, runs, warnings
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
        /// The sequence with the lowest AUC; `nil` without sequences.
        public var worstSequence: WorstSequence?
        /// Mean AUC per category of `--categories`; empty without it.
        public var categories: [CategoryScore]
        /// All tracked frames after the first over all tracker time; `nil` for peers.
        public var trackerFPSPooled: Double?
        /// All frames over all decode + track time; `nil` for peers.
        public var decodeAndTrackFPSPooled: Double?
        /// The tracker-only fps a peer's `summary.json` publishes (its own machine and run).
        public var publishedTrackerFPS: Double?

        enum CodingKeys: String, CodingKey {
            case name, isPeer = "peer", sequences = "per_sequence", missingSequences = "missing_sequences", summary
            case worstSequence = "worst_sequence", categories
            case trackerFPSPooled = "tracker_fps_pooled", decodeAndTrackFPSPooled = "decode_track_fps_pooled"
            case publishedTrackerFPS = "published_tracker_fps"
        }
    }

    /// The dataset folder.
    public var dataset: String
    /// How the tracker was started on each sequence (vtrack's levels; peers are one-pass runs).
    public var evaluationProtocol: EvaluationProtocol
    /// The protocol's starts that were run (`--starts`), in its order; `nil` = all of them.
    public var startNames: [String]?
    /// Re-seeding interval of the product pipeline in frames; 0 = the bare tracker.
    public var reseedEvery: Int
    /// The pipeline's re-seeding detector; nil for the bare tracker.
    public var detector: String?
    /// `--set name=value` changes to the levels' parameter sets.
    public var parameterAssignments: [String]
    /// The `--categories` file; `nil` without one.
    public var categoriesFile: String?
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
    public var calibrationPlot: String

    enum CodingKeys: String, CodingKey {
        case dataset, evaluationProtocol = "protocol", startNames = "starts", reseedEvery = "reseed_every", detector
        case parameterAssignments = "parameter_assignments", categoriesFile = "categories_file"
        case sequenceNames = "sequences", levels, peers, resultsJSON = "results_json"
        case successPlot = "success_plot", precisionPlot = "precision_plot", calibrationPlot = "calibration_plot"
    }
}
