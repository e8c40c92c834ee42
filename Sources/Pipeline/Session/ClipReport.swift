/// What happened when one clip was tracked.
public struct ClipReport: Sendable, Codable, Equatable {
    /// Frames decoded, including those before the start frame.
    public var framesDecoded: Int
    /// Frames on which the trackers ran.
    public var framesTracked: Int
    /// Number of tracks (objects) in the output.
    public var tracks: Int
    /// Mean confidence over all records.
    public var meanConfidence: Double
    /// Records with confidence at or below 0.5.
    public var lowConfidenceRecords: Int
    /// Wall-clock seconds for the whole clip (decode, track, write).
    public var seconds: Double
    /// Seconds spent in the trackers (and detectors) only.
    public var trackingSeconds: Double
    /// Problems the decoder reported and skipped (corrupt packets, truncation).
    public var warnings: [String]

    /// Tracked frames per second of wall-clock time.
    public var framesPerSecond: Double { seconds > 0 ? Double(framesTracked) / seconds : 0 }
}
