/// How a YOLO-family detection output `[1, A, B]` is laid out.
///
/// - YOLOv5 style: `[1, N, 5 + C]`, one row per candidate: centre x, centre y, width, height
///   (input pixels), objectness, then C class probabilities; a candidate's score is objectness
///   times its best class probability.
/// - YOLOv8 / YOLO11 style: `[1, 4 + C, N]`, one column per candidate: centre x, centre y, width,
///   height, then C class scores.
public struct YOLOOutputLayout: Sendable, Equatable {
    /// Candidates run along the last axis (YOLOv8 style) rather than the middle one.
    public var attributesFirst: Bool
    /// Each candidate carries an objectness value after its box (YOLOv5 style).
    public var hasObjectness: Bool
    /// Number of classes.
    public var classCount: Int
    /// Number of candidates.
    public var candidateCount: Int

    /// Infers the layout from the output shape and, when known, the number of classes. Without a
    /// class count the shorter axis holds the attributes: when it is the middle one the output is
    /// taken as YOLOv8 style, else as YOLOv5 style. Returns nil for a shape neither style can have.
    public init?(shape: [Int], classCount: Int?) {
        guard shape.count == 3, shape[0] == 1, shape[1] > 0, shape[2] > 0 else { return nil }
        let (middle, last) = (shape[1], shape[2])
        if let classCount {
            guard classCount > 0 else { return nil }
            if middle == 4 + classCount {
                self.init(attributesFirst: true, hasObjectness: false, classCount: classCount, candidateCount: last)
            } else if last == 5 + classCount {
                self.init(attributesFirst: false, hasObjectness: true, classCount: classCount, candidateCount: middle)
            } else if last == 4 + classCount {
                self.init(attributesFirst: false, hasObjectness: false, classCount: classCount, candidateCount: middle)
            } else {
                return nil
            }
        } else if middle < last {
            guard middle > 4 else { return nil }
            self.init(attributesFirst: true, hasObjectness: false, classCount: middle - 4, candidateCount: last)
        } else {
            guard last > 5 else { return nil }
            self.init(attributesFirst: false, hasObjectness: true, classCount: last - 5, candidateCount: middle)
        }
    }

    public init(attributesFirst: Bool, hasObjectness: Bool, classCount: Int, candidateCount: Int) {
        self.attributesFirst = attributesFirst
        self.hasObjectness = hasObjectness
        self.classCount = classCount
        self.candidateCount = candidateCount
    }

    /// One decoded candidate: a box in input pixels (top-left origin), its best class and score.
    public struct Candidate: Sendable, Equatable {
        public var centerX: Float
        public var centerY: Float
        public var width: Float
        public var height: Float
        public var classIndex: Int
        public var score: Float
    }

    /// The candidates scoring at least `minimumScore` whose class is in `classes` (all when nil).
    /// Requires `values.count` to equal the output's element count (a programming error otherwise).
    public func decode(_ values: UnsafeBufferPointer<Float>, minimumScore: Float, classes: Set<Int>? = nil) -> [Candidate] {
        let attributes = 4 + (hasObjectness ? 1 : 0) + classCount
        precondition(values.count == attributes * candidateCount, "output size does not match its layout")
        let count = candidateCount, attributesFirst = attributesFirst
        @inline(__always) func value(_ candidate: Int, _ attribute: Int) -> Float {
            attributesFirst ? values[attribute * count + candidate] : values[candidate * attributes + attribute]
        }
        let firstClass = hasObjectness ? 5 : 4
        var result: [Candidate] = []
        for candidate in 0..<count {
            let objectness = hasObjectness ? value(candidate, 4) : 1
            guard objectness >= minimumScore else { continue }
            var best = -1
            var bestScore = -Float.infinity
            for c in 0..<classCount where classes?.contains(c) ?? true {
                let score = value(candidate, firstClass + c)
                if score > bestScore { bestScore = score; best = c }
            }
            let score = objectness * bestScore
            guard best >= 0, score >= minimumScore, score.isFinite else { continue }
            result.append(Candidate(centerX: value(candidate, 0), centerY: value(candidate, 1),
                                    width: value(candidate, 2), height: value(candidate, 3), classIndex: best, score: score))
        }
        return result
    }
}
