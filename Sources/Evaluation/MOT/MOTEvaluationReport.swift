/// Everything `vtrack eval --mot` measured, as written to `results.json`.
public struct MOTEvaluationReport: Sendable, Codable {
    /// One tracker on one sequence.
    public struct SequenceResult: Sendable, Codable {
        public var sequence: String
        /// The MOTChallenge results file scored.
        public var file: String
        public var figures: MOTFigures
        /// Frames per second of vtrack's tracking and detection (decoding excluded); `nil` for peers.
        public var trackerFPS: Double?
        /// Frames per second of the whole run, decoding included; `nil` for peers.
        public var decodeAndTrackFPS: Double?
        public var warnings: [String]

        enum CodingKeys: String, CodingKey {
            case sequence, file, figures, trackerFPS = "tracker_fps", decodeAndTrackFPS = "decode_track_fps", warnings
        }
    }

    /// One tracker over the sequences: vtrack, or a peer's result files.
    public struct TrackerResult: Sendable, Codable {
        /// `vtrack`, or the peer's folder name.
        public var name: String
        public var isPeer: Bool
        public var sequences: [SequenceResult]
        /// Sequences the peer has no results file for (not in its pooled figures).
        public var missingSequences: [String]
        /// The sequences' figures pooled (``MOTScore/init(pooling:)``).
        public var pooled: MOTFigures
        /// Frames per second over all sequences; `nil` for peers.
        public var trackerFPS: Double?
        public var decodeAndTrackFPS: Double?

        enum CodingKeys: String, CodingKey {
            case name, isPeer = "is_peer", sequences, missingSequences = "missing_sequences", pooled
            case trackerFPS = "tracker_fps", decodeAndTrackFPS = "decode_track_fps"
        }
    }

    /// The dataset folder as given.
    public var dataset: String
    public var sequenceNames: [String]
    /// What vtrack ran: the level, the class detector, how often it runs, the re-seed interval.
    public var level: String
    public var detector: String
    public var detectEvery: Int
    public var reseedEvery: Int
    public var compensatesCameraMotion: Bool
    /// The match threshold of the CLEAR and identity figures.
    public var iouThreshold: Double
    /// vtrack first, then the peers in name order.
    public var trackers: [TrackerResult]
    public var resultsJSON: String

    enum CodingKeys: String, CodingKey {
        case dataset, sequenceNames = "sequences", level, detector, detectEvery = "detect_every", reseedEvery = "reseed_every"
        case compensatesCameraMotion = "camera_motion", iouThreshold = "iou_threshold", trackers, resultsJSON = "results_json"
    }
}
