/// What became of one clip of a batch.
public enum BatchClipStatus: String, Sendable, Codable, CaseIterable {
    /// Tracked in this run; all its outputs are complete.
    case ok
    /// Could not be tracked (unreadable clip, bad boxes, write error); ``BatchClipResult/error`` says why.
    case failed
    /// Not tracked in this run: already complete from an earlier run (its numbers are that run's),
    /// or no boxes and no detector. ``BatchClipResult/error`` says which.
    case skipped
}

/// One clip's line of the batch summary.
public struct BatchClipResult: Sendable, Codable, Equatable {
    /// Path relative to the batch folder, `/`-separated.
    public var clip: String
    public var status: BatchClipStatus
    /// Frames tracked (0 when failed).
    public var frames: Int
    /// Frames tracked per second of wall-clock time, decode and encode included.
    public var framesPerSecond: Double
    /// Objects tracked.
    public var tracks: Int
    /// Mean confidence over all records, 0...1.
    public var meanConfidence: Double
    /// Records (object-frames) with confidence at or below 0.5: how much of the output is doubtful.
    public var lowConfidenceRecords: Int
    /// Problems the decoder skipped over (corrupt packets, truncation); the clip still completed.
    public var decoderWarnings: [String]
    /// One line: why the clip failed or was skipped; empty when ok.
    public var error: String
    /// Outputs relative to the output folder; empty when none was written.
    public var outputs: [String]

    public init(clip: String, status: BatchClipStatus, frames: Int = 0, framesPerSecond: Double = 0, tracks: Int = 0,
                meanConfidence: Double = 0, lowConfidenceRecords: Int = 0, decoderWarnings: [String] = [],
                error: String = "", outputs: [String] = []) {
        self.clip = clip
        self.status = status
        self.frames = frames
        self.framesPerSecond = framesPerSecond
        self.tracks = tracks
        self.meanConfidence = meanConfidence
        self.lowConfidenceRecords = lowConfidenceRecords
        self.decoderWarnings = decoderWarnings
        self.error = error
        self.outputs = outputs
    }

    /// A failed entry whose reason is `error` reduced to one line.
    public static func failed(_ clip: String, _ error: Any) -> BatchClipResult {
        BatchClipResult(clip: clip, status: .failed, error: oneLine("\(error)"))
    }

    /// `text` with line breaks and tabs replaced by spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    enum CodingKeys: String, CodingKey {
        case clip, status, frames, tracks, error, outputs
        case framesPerSecond = "frames_per_second"
        case meanConfidence = "mean_confidence"
        case lowConfidenceRecords = "low_confidence_records"
        case decoderWarnings = "decoder_warnings"
    }
}
