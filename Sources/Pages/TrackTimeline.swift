import TrackFormats

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
        /// Where the box comes from: a keyframe, one tracker, or two passes combined or disputed.
        public var source: TrackSource
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
        points.append(Point(frame: record.frame, time: record.time, confidence: record.confidence, look: Look(record),
                            source: record.source))
    }

    /// The share of the track's frames drawn each way (0...1; 0 for a track without frames).
    public func share(_ look: Look) -> Double {
        points.isEmpty ? 0 : Double(points.count { $0.look == look }) / Double(points.count)
    }

    /// Runs of consecutive points drawn the same way: (look, first frame, last frame).
    public var runs: [(look: Look, first: Int, last: Int)] {
        runs(of: \.look).map { (look: $0.value, first: $0.first, last: $0.last) }
    }

    /// Runs of consecutive points from the same source: (source, first frame, last frame).
    public var sourceRuns: [(source: TrackSource, first: Int, last: Int)] {
        runs(of: \.source).map { (source: $0.value, first: $0.first, last: $0.last) }
    }

    private func runs<Value: Equatable>(of value: KeyPath<Point, Value>) -> [(value: Value, first: Int, last: Int)] {
        var runs: [(value: Value, first: Int, last: Int)] = []
        for point in points {
            if let last = runs.last, last.value == point[keyPath: value], last.last + 1 == point.frame {
                runs[runs.count - 1].last = point.frame
            } else {
                runs.append((point[keyPath: value], point.frame, point.frame))
            }
        }
        return runs
    }
}
