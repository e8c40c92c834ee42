import Imaging
import Numerics

/// Matches tracks to detections one-to-one, maximising the total overlap (intersection over union)
/// with an optimal assignment; pairs overlapping less than ``minimumIoU`` are never matched.
///
///     let association = TrackDetectionAssociation(minimumIoU: 0.3)
///     let result = association.associate(tracks: trackBoxes, detections: detections.map(\.box))
///     for match in result.matches { reseed(track: match.track, at: detections[match.detection]) }
///
/// Boxes are pixels with a top-left origin (any one convention works as long as both lists use it).
public struct TrackDetectionAssociation: Sendable {
    /// One track paired with one detection.
    public struct Match: Equatable, Hashable, Sendable {
        /// Index into the `tracks` list.
        public let track: Int
        /// Index into the `detections` list.
        public let detection: Int
        /// Their intersection over union, at least ``TrackDetectionAssociation/minimumIoU``.
        public let iou: Double

        public init(track: Int, detection: Int, iou: Double) {
            self.track = track
            self.detection = detection
            self.iou = iou
        }
    }

    /// What ``TrackDetectionAssociation/associate(tracks:detections:)`` found.
    public struct Result: Equatable, Sendable {
        /// Matched pairs, by increasing track index.
        public let matches: [Match]
        /// Indices of tracks without a detection, increasing.
        public let unmatchedTracks: [Int]
        /// Indices of detections without a track, increasing.
        public let unmatchedDetections: [Int]

        public init(matches: [Match], unmatchedTracks: [Int], unmatchedDetections: [Int]) {
            self.matches = matches
            self.unmatchedTracks = unmatchedTracks
            self.unmatchedDetections = unmatchedDetections
        }
    }

    /// Smallest IoU (0...1) for a pair to be matched.
    public var minimumIoU: Double

    public init(minimumIoU: Double = 0.3) {
        self.minimumIoU = minimumIoU
    }

    /// Pairs tracks with detections so that the sum of IoU over matched pairs is as large as possible.
    /// Invalid boxes (empty, not finite) overlap nothing and stay unmatched.
    public func associate(tracks: [PixelRect], detections: [PixelRect]) -> Result {
        associate(tracks: tracks, detections: detections, affinity: { _, _ in 0 })
    }

    /// Pairs tracks with detections so that the sum over matched pairs of IoU plus `affinity(track,
    /// detection)` (for example an appearance agreement in 0...1) is as large as possible. Pairs below
    /// ``minimumIoU``, and pairs whose affinity is nil (for example of different classes), are never matched.
    public func associate(tracks: [PixelRect], detections: [PixelRect], affinity: (Int, Int) -> Double?) -> Result {
        let gate = minimumIoU.isFinite ? max(minimumIoU, 0) : 1
        let overlaps = tracks.indices.map { track in
            detections.indices.map { detection -> Double in
                let value = overlap(tracks[track], detections[detection])
                guard value >= gate, value > 0, let extra = affinity(track, detection), extra.isFinite else { return 0 }
                return value + max(0, min(1, extra))
            }
        }
        // Cost 2 - (IoU + affinity), and 2 (like no overlap) for inadmissible pairs: the minimum total
        // cost is then the maximum total similarity over admissible pairs.
        let costs = overlaps.map { row in row.map { 2 - $0 } }
        let assignment = tracks.isEmpty || detections.isEmpty ? [Int?](repeating: nil, count: tracks.count)
            : OptimalAssignment.solve(costs)
        var matches: [Match] = []
        var usedDetections = Set<Int>()
        for (track, detection) in assignment.enumerated() {
            guard let detection, overlaps[track][detection] > 0 else { continue }
            matches.append(Match(track: track, detection: detection, iou: overlap(tracks[track], detections[detection])))
            usedDetections.insert(detection)
        }
        let matchedTracks = Set(matches.map(\.track))
        return Result(matches: matches,
                      unmatchedTracks: tracks.indices.filter { !matchedTracks.contains($0) },
                      unmatchedDetections: detections.indices.filter { !usedDetections.contains($0) })
    }

    private func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        guard a.isValid, b.isValid else { return 0 }
        let value = a.iou(b)
        return value.isFinite ? value : 0
    }
}
