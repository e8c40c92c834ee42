/// One track's state and confidence over a run, as the review page draws it.
public struct TrackTimeline: Sendable, Equatable {
    /// How a frame of the track is drawn in the MP4.
    public enum Look: String, Sendable, CaseIterable {
        case solid, dashed, lost

        /// How `record` is drawn: `lost`, else solid when its confidence is above 0.5, else dashed.
        public init(_ record: TrackRecord) {
            self = record.state == .lost ? .lost : record.style == .solid ? .solid : .dashed
        }
    }

    /// One frame of the track.
    public struct Point: Sendable, Equatable {
        public var frame: Int
        public var time: Double
        public var confidence: Float
        public var look: Look
    }

    public var trackID: Int
    /// The label, or `#id`.
    public var name: String
    public private(set) var points: [Point] = []

    public init(trackID: Int, name: String) {
        self.trackID = trackID
        self.name = name
    }

    /// Adds the track's record of the next frame.
    public mutating func append(_ record: TrackRecord) {
        points.append(Point(frame: record.frame, time: record.time, confidence: record.confidence, look: Look(record)))
    }

    /// The share of the track's frames drawn each way (0...1; 0 for a track without frames).
    public func share(_ look: Look) -> Double {
        points.isEmpty ? 0 : Double(points.count { $0.look == look }) / Double(points.count)
    }

    /// Runs of consecutive points drawn the same way: (look, first frame, last frame).
    public var runs: [(look: Look, first: Int, last: Int)] {
        var runs: [(look: Look, first: Int, last: Int)] = []
        for point in points {
            if let last = runs.last, last.look == point.look, last.last + 1 == point.frame {
                runs[runs.count - 1].last = point.frame
            } else {
                runs.append((point.look, point.frame, point.frame))
            }
        }
        return runs
    }
}
