import Imaging

/// Runs a ``CascadeModel`` over every window position of one pyramid level, with the arithmetic of
/// OpenCV's `CascadeClassifier` (single-precision feature values, double-precision stage sums,
/// variance normalisation over the window shrunk by one pixel, stride 2 below scale 2, and one
/// extra step after a window rejected by the first stage).
struct CascadeWindowScanner {
    private let model: CascadeModel
    /// Per Haar feature: 3 rectangles x 4 table offsets, relative to the window's top-left entry.
    private var haarOffsets: [Int] = []
    private var haarWeights: [Float] = []
    private var haarTilted: [Bool] = []
    /// Per LBP feature: the 16 grid points of its 3x3 blocks.
    private var lbpOffsets: [Int] = []
    private var varianceOffsets = [0, 0, 0, 0]
    private var stride = -1
    private var acceptedPositions: [Int] = []

    init(model: CascadeModel) {
        self.model = model
    }

    /// Recomputes the feature offsets for tables with `newStride` entries per row.
    private mutating func prepare(stride newStride: Int) {
        guard newStride != stride else { return }
        stride = newStride
        let s = newStride
        func point(_ x: Int, _ y: Int) -> Int { y * s + x }
        switch model.featureKind {
        case .haar:
            haarOffsets.removeAll(keepingCapacity: true)
            haarWeights.removeAll(keepingCapacity: true)
            haarTilted.removeAll(keepingCapacity: true)
            for feature in model.haarFeatures {
                for slot in 0..<3 {
                    guard slot < feature.rectangles.count else {
                        haarOffsets.append(contentsOf: [0, 0, 0, 0])
                        haarWeights.append(0)
                        continue
                    }
                    let r = feature.rectangles[slot]
                    if feature.tilted {
                        haarOffsets.append(contentsOf: [point(r.x, r.y), point(r.x - r.height, r.y + r.height),
                                                        point(r.x + r.width, r.y + r.width),
                                                        point(r.x + r.width - r.height, r.y + r.width + r.height)])
                    } else {
                        haarOffsets.append(contentsOf: [point(r.x, r.y), point(r.x + r.width, r.y),
                                                        point(r.x, r.y + r.height), point(r.x + r.width, r.y + r.height)])
                    }
                    haarWeights.append(r.weight)
                }
                haarTilted.append(feature.tilted)
            }
            let w = model.windowWidth - 2, h = model.windowHeight - 2
            varianceOffsets = [point(1, 1), point(1 + w, 1), point(1, 1 + h), point(1 + w, 1 + h)]
        case .lbp:
            lbpOffsets.removeAll(keepingCapacity: true)
            for feature in model.lbpFeatures {
                for row in 0..<4 {
                    for column in 0..<4 {
                        lbpOffsets.append(point(feature.x + column * feature.width, feature.y + row * feature.height))
                    }
                }
            }
        }
    }

    /// Scans all windows of one level and appends the accepted ones, mapped back to the original
    /// image by `scale`, to `hits`. `table` holds the level's integral images.
    mutating func scan(_ table: IntegralImage, scale: Float, into hits: inout [IntegerRect]) {
        prepare(stride: table.stride)
        let windowWidth = model.windowWidth, windowHeight = model.windowHeight
        let columns = max(table.width + 1 - windowWidth, 0), rows = max(table.height + 1 - windowHeight, 0)
        guard columns > 0, rows > 0 else { return }
        let step = scale >= 2 ? 1 : 2
        let boxWidth = roundHalfEven(Float(windowWidth) * scale), boxHeight = roundHalfEven(Float(windowHeight) * scale)
        let s = table.stride
        var accepted = acceptedPositions
        acceptedPositions = []
        accepted.removeAll(keepingCapacity: true)
        switch model.featureKind {
        case .haar:
            scanHaar(table, columns: columns, rows: rows, step: step, stride: s, accepted: &accepted)
        case .lbp:
            scanLBP(table, columns: columns, rows: rows, step: step, stride: s, accepted: &accepted)
        }
        for position in accepted {
            let x = position % s, y = position / s
            hits.append(IntegerRect(x: roundHalfEven(Float(x) * scale), y: roundHalfEven(Float(y) * scale),
                                    width: boxWidth, height: boxHeight))
        }
        acceptedPositions = accepted
    }

    /// Evaluation result codes, as OpenCV's `runAt`: 1 accepted, 0 rejected by the first stage,
    /// negative: rejected later or by the variance test.
    private func scanHaar(_ table: IntegralImage, columns: Int, rows: Int, step: Int, stride s: Int, accepted: inout [Int]) {
        let area = Double((model.windowWidth - 2) * (model.windowHeight - 2))
        let v = varianceOffsets
        table.sums.withUnsafeBufferPointer { sums in
            table.squaredSums.withUnsafeBufferPointer { squares in
                table.tiltedSums.withUnsafeBufferPointer { tilted in
                    haarOffsets.withUnsafeBufferPointer { offsets in
                        haarWeights.withUnsafeBufferPointer { weights in
                            haarTilted.withUnsafeBufferPointer { isTilted in
                                model.stages.withUnsafeBufferPointer { stages in
                                    model.trees.withUnsafeBufferPointer { trees in
                                        model.nodes.withUnsafeBufferPointer { nodes in
                                            model.leaves.withUnsafeBufferPointer { leaves in
                                                var y = 0
                                                while y < rows {
                                                    var x = 0
                                                    while x < columns {
                                                        let p = y * s + x
                                                        var result = -1
                                                        let sum = sums[p + v[0]] &- sums[p + v[1]] &- sums[p + v[2]] &+ sums[p + v[3]]
                                                        let squareSum = squares[p + v[0]] &- squares[p + v[1]] &- squares[p + v[2]] &+ squares[p + v[3]]
                                                        let spread = area * Double(squareSum) - Double(sum) * Double(sum)
                                                        if spread > 0 {
                                                            let norm = Float(1 / spread.squareRoot())
                                                            if area * Double(norm) < 0.1 {
                                                                result = Self.runStages(
                                                                    stages: stages, trees: trees, nodes: nodes, leaves: leaves
                                                                ) { feature in
                                                                    let f = Int(feature)
                                                                    let table = isTilted[f] ? tilted : sums
                                                                    let o = 12 * f
                                                                    let r0 = Float(table[p + offsets[o]] &- table[p + offsets[o + 1]]
                                                                        &- table[p + offsets[o + 2]] &+ table[p + offsets[o + 3]])
                                                                    let r1 = Float(table[p + offsets[o + 4]] &- table[p + offsets[o + 5]]
                                                                        &- table[p + offsets[o + 6]] &+ table[p + offsets[o + 7]])
                                                                    var value = weights[3 * f] * r0 + weights[3 * f + 1] * r1
                                                                    let w2 = weights[3 * f + 2]
                                                                    if w2 != 0 {
                                                                        let r2 = Float(table[p + offsets[o + 8]] &- table[p + offsets[o + 9]]
                                                                            &- table[p + offsets[o + 10]] &+ table[p + offsets[o + 11]])
                                                                        value += w2 * r2
                                                                    }
                                                                    return value * norm
                                                                }
                                                            }
                                                        }
                                                        if result > 0 { accepted.append(p) }
                                                        if result == 0 { x += step }
                                                        x += step
                                                    }
                                                    y += step
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func scanLBP(_ table: IntegralImage, columns: Int, rows: Int, step: Int, stride s: Int, accepted: inout [Int]) {
        let words = model.subsetWords
        table.sums.withUnsafeBufferPointer { sums in
            lbpOffsets.withUnsafeBufferPointer { offsets in
                model.subsets.withUnsafeBufferPointer { subsets in
                    model.stages.withUnsafeBufferPointer { stages in
                        model.trees.withUnsafeBufferPointer { trees in
                            model.nodes.withUnsafeBufferPointer { nodes in
                                model.leaves.withUnsafeBufferPointer { leaves in
                                    var y = 0
                                    while y < rows {
                                        var x = 0
                                        while x < columns {
                                            let p = y * s + x
                                            let result = Self.runCategoricalStages(
                                                stages: stages, trees: trees, nodes: nodes, leaves: leaves,
                                                subsets: subsets, words: words
                                            ) { feature in
                                                let o = 16 * Int(feature)
                                                func block(_ corner: Int) -> Int32 {
                                                    sums[p + offsets[o + corner]] &- sums[p + offsets[o + corner + 1]]
                                                        &- sums[p + offsets[o + corner + 4]] &+ sums[p + offsets[o + corner + 5]]
                                                }
                                                let center = block(5)
                                                var code = block(0) >= center ? 128 : 0
                                                if block(1) >= center { code |= 64 }
                                                if block(2) >= center { code |= 32 }
                                                if block(6) >= center { code |= 16 }
                                                if block(10) >= center { code |= 8 }
                                                if block(9) >= center { code |= 4 }
                                                if block(8) >= center { code |= 2 }
                                                if block(4) >= center { code |= 1 }
                                                return code
                                            }
                                            if result > 0 { accepted.append(p) }
                                            if result == 0 { x += step }
                                            x += step
                                        }
                                        y += step
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Evaluates all stages with ordered (Haar) splits; returns 1 when every stage passes, else `-stage`.
    @inline(__always)
    private static func runStages(stages: UnsafeBufferPointer<CascadeModel.Stage>, trees: UnsafeBufferPointer<CascadeModel.Tree>,
                                  nodes: UnsafeBufferPointer<CascadeModel.Node>, leaves: UnsafeBufferPointer<Float>,
                                  featureValue: (Int32) -> Float) -> Int {
        for stageIndex in 0..<stages.count {
            let stage = stages[stageIndex]
            var total: Double = 0
            for t in stage.firstTree..<(stage.firstTree + stage.treeCount) {
                let tree = trees[t]
                var index: Int32 = 0
                repeat {
                    let node = nodes[tree.firstNode + Int(index)]
                    index = featureValue(node.feature) < node.threshold ? node.left : node.right
                } while index > 0
                total += Double(leaves[tree.firstLeaf - Int(index)])
            }
            if total < Double(stage.threshold) { return -stageIndex }
        }
        return 1
    }

    /// Evaluates all stages with categorical (LBP) splits: left when the code is in the node's subset.
    @inline(__always)
    private static func runCategoricalStages(stages: UnsafeBufferPointer<CascadeModel.Stage>,
                                             trees: UnsafeBufferPointer<CascadeModel.Tree>,
                                             nodes: UnsafeBufferPointer<CascadeModel.Node>, leaves: UnsafeBufferPointer<Float>,
                                             subsets: UnsafeBufferPointer<Int32>, words: Int,
                                             code: (Int32) -> Int) -> Int {
        for stageIndex in 0..<stages.count {
            let stage = stages[stageIndex]
            var total: Double = 0
            for t in stage.firstTree..<(stage.firstTree + stage.treeCount) {
                let tree = trees[t]
                var index: Int32 = 0
                repeat {
                    let nodeIndex = tree.firstNode + Int(index)
                    let node = nodes[nodeIndex]
                    let c = code(node.feature)
                    let word = subsets[nodeIndex * words + (c >> 5)]
                    index = (word & (Int32(1) << Int32(c & 31))) != 0 ? node.left : node.right
                } while index > 0
                total += Double(leaves[tree.firstLeaf - Int(index)])
            }
            if total < Double(stage.threshold) { return -stageIndex }
        }
        return 1
    }
}
