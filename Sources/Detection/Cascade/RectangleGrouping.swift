/// An integer rectangle, pixels, top-left origin (the cascade's raw window hits).
struct IntegerRect: Equatable, Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Merges overlapping window hits the way OpenCV's `groupRectangles` does: hits are put in the same
/// class when all four edges are within `eps * (mean of the smaller width and height)` of each other
/// (transitively), each class with more than `minimumNeighbours` members becomes its average
/// rectangle, and a class lying inside a clearly stronger one (edges within `eps` of its size) is dropped.
enum RectangleGrouping {
    /// Returns the merged rectangles with the number of hits in each.
    static func group(_ hits: [IntegerRect], minimumNeighbours: Int, eps: Double) -> [(rect: IntegerRect, hits: Int)] {
        guard minimumNeighbours > 0 else { return hits.map { ($0, 1) } }
        guard !hits.isEmpty else { return [] }
        let labels = partition(hits, eps: eps)
        let classCount = (labels.max() ?? -1) + 1
        var sums = [(x: Int, y: Int, width: Int, height: Int)](repeating: (0, 0, 0, 0), count: classCount)
        var counts = [Int](repeating: 0, count: classCount)
        for (hit, label) in zip(hits, labels) {
            sums[label].x += hit.x
            sums[label].y += hit.y
            sums[label].width += hit.width
            sums[label].height += hit.height
            counts[label] += 1
        }
        let averages: [IntegerRect] = (0..<classCount).map { c in
            let s = 1 / Float(counts[c])
            return IntegerRect(x: roundHalfEven(Float(sums[c].x) * s), y: roundHalfEven(Float(sums[c].y) * s),
                               width: roundHalfEven(Float(sums[c].width) * s), height: roundHalfEven(Float(sums[c].height) * s))
        }
        var result: [(rect: IntegerRect, hits: Int)] = []
        for i in 0..<classCount where counts[i] > minimumNeighbours {
            let r1 = averages[i], n1 = counts[i]
            let isInsideStronger = (0..<classCount).contains { j in
                let n2 = counts[j]
                guard j != i, n2 > minimumNeighbours else { return false }
                let r2 = averages[j]
                let dx = roundHalfEven(Double(r2.width) * eps), dy = roundHalfEven(Double(r2.height) * eps)
                return r1.x >= r2.x - dx && r1.y >= r2.y - dy
                    && r1.x + r1.width <= r2.x + r2.width + dx && r1.y + r1.height <= r2.y + r2.height + dy
                    && (n2 > max(3, n1) || n1 < 3)
            }
            if !isInsideStronger { result.append((r1, n1)) }
        }
        return result
    }

    /// Equivalence classes of "similar" rectangles (union-find over all pairs); labels 0..<classCount.
    private static func partition(_ rects: [IntegerRect], eps: Double) -> [Int] {
        var parent = Array(rects.indices)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var j = i
            while parent[j] != r { let next = parent[j]; parent[j] = r; j = next }
            return r
        }
        for i in rects.indices {
            for j in rects.indices where j > i && similar(rects[i], rects[j], eps: eps) {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var labelOfRoot: [Int: Int] = [:]
        return rects.indices.map { i in
            let r = root(i)
            if let label = labelOfRoot[r] { return label }
            let label = labelOfRoot.count
            labelOfRoot[r] = label
            return label
        }
    }

    private static func similar(_ a: IntegerRect, _ b: IntegerRect, eps: Double) -> Bool {
        let delta = eps * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
        return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
            && Double(abs(a.x + a.width - b.x - b.width)) <= delta && Double(abs(a.y + a.height - b.y - b.height)) <= delta
    }
}

/// OpenCV's `cvRound` / `saturate_cast<int>`: nearest integer, ties to even; saturates at Int32 limits.
func roundHalfEven(_ value: Float) -> Int {
    roundHalfEven(Double(value))
}

func roundHalfEven(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(min(max(value.rounded(.toNearestOrEven), Double(Int32.min)), Double(Int32.max)))
}
