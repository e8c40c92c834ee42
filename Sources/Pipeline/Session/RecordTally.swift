import TrackFormats
import Tracking

/// The counts behind a session's ``ClipReport``: the frames whose records went to the sinks, the
/// records, their summed confidence and how many were drawn dashed.
struct RecordTally {
    private(set) var frames = 0
    private var records = 0, dashed = 0
    private var confidenceSum = 0.0

    /// Counts one frame's records.
    mutating func count(_ frameRecords: [TrackRecord]) {
        frames += 1
        records += frameRecords.count
        confidenceSum += frameRecords.reduce(0) { $0 + Double($1.confidence) }
        dashed += frameRecords.filter { $0.confidence <= ConfidenceModel.solidAbove }.count
    }

    /// The report of a run with these counts.
    func report(framesDecoded: Int, tracks: Int, seconds: Double, trackingSeconds: Double, warnings: [String]) -> ClipReport {
        ClipReport(framesDecoded: framesDecoded, framesTracked: frames, tracks: tracks,
                   meanConfidence: records > 0 ? confidenceSum / Double(records) : 0,
                   lowConfidenceRecords: dashed, seconds: seconds, trackingSeconds: trackingSeconds, warnings: warnings)
    }
}
