import Foundation
import Imaging

/// Runs a ``CascadeModel`` over every window position of one pyramid level, with the arithmetic of
/// OpenCV's `CascadeClassifier` (single-precision feature values, double-precision stage sums,
/// variance normalisation over the window shrunk by one pixel, stride 2 px below scale 2 and 1 px
/// from scale 2, one extra step after a window rejected by the first stage).
///
/// Rows are split into stripes scanned in parallel (the set of hits does not depend on it).
/// Feature offsets are precomputed for the integral tables' row length. They stay inside the
/// window because ``CascadeModel`` checked every rectangle when loading, and windows stay inside
/// the tables, so the unchecked reads below are in bounds.
struct CascadeWindowScanner {
    /// A Haar feature: up to three rectangles, each as four table offsets and a weight.
    private struct PackedHaarFeature {
        var offsets: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        var weights: (Float, Float, Float)
        var tilted: Bool
    }

    private let model: CascadeModel
    private var haarFeatures: [PackedHaarFeature] = []
    /// Per LBP feature: the 16 corner offsets of its 3x3 block grid, row by row.
    private var lbpOffsets: [Int32] = []
    private var varianceOffsets: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var stride = -1
    /// Accepted window positions, one list per stripe of rows (stripes run in parallel).
    private var stripeHits: [[Int]] = []
    /// Stripes per level, scanned in parallel.
    private let stripeCount: Int

    /// `threads`: stripes scanned in parallel; 0 or less: one per available core (at most 8).
    init(model: CascadeModel, threads: Int) {
        self.model = model
        stripeCount = threads > 0 ? min(threads, 64) : max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    }

    /// Recomputes the feature offsets for tables with `newStride` entries per row.
    private mutating func prepare(stride newStride: Int) {
        guard newStride != stride else { return }
        stride = newStride
        let s = newStride
        func point(_ x: Int, _ y: Int) -> Int32 { Int32(truncatingIfNeeded: y * s + x) }
        switch model.featureKind {
        case .haar:
            if haarFeatures.count != model.haarFeatures.count {
                haarFeatures = [PackedHaarFeature](
                    repeating: PackedHaarFeature(offsets: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), weights: (0, 0, 0), tilted: false),
                    count: model.haarFeatures.count)
            }
            for (index, feature) in model.haarFeatures.enumerated() {
                var packed = PackedHaarFeature(offsets: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), weights: (0, 0, 0),
                                               tilted: feature.tilted)
                for (slot, r) in feature.rectangles.prefix(3).enumerated() {
                    let a: Int32, b: Int32, c: Int32, d: Int32
                    if feature.tilted {
                        (a, b) = (point(r.x, r.y), point(r.x - r.height, r.y + r.height))
                        (c, d) = (point(r.x + r.width, r.y + r.width), point(r.x + r.width - r.height, r.y + r.width + r.height))
                    } else {
                        (a, b) = (point(r.x, r.y), point(r.x + r.width, r.y))
                        (c, d) = (point(r.x, r.y + r.height), point(r.x + r.width, r.y + r.height))
                    }
                    switch slot {
                    case 0: packed.offsets.0 = a; packed.offsets.1 = b; packed.offsets.2 = c; packed.offsets.3 = d; packed.weights.0 = r.weight
                    case 1: packed.offsets.4 = a; packed.offsets.5 = b; packed.offsets.6 = c; packed.offsets.7 = d; packed.weights.1 = r.weight
                    default: packed.offsets.8 = a; packed.offsets.9 = b; packed.offsets.10 = c; packed.offsets.11 = d; packed.weights.2 = r.weight
                    }
                }
                haarFeatures[index] = packed
            }
            let w = model.windowWidth - 2, h = model.windowHeight - 2
            varianceOffsets = (s + 1, s + 1 + w, (1 + h) * s + 1, (1 + h) * s + 1 + w)
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
        // Stripes of whole multiples of `step` rows, so every stripe visits the rows OpenCV visits.
        let steps = (rows + step - 1) / step
        let stripes = min(stripeCount, max(1, steps / 8))
        let stepsPerStripe = (steps + stripes - 1) / stripes
        var buffers = stripeHits
        stripeHits = []
        while buffers.count < stripes { buffers.append([]) }
        // Each stripe reads the shared scanner and table and writes only its own list.
        let scanner = self
        buffers.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let lists = buffer
            let scanStripe = { @Sendable (stripe: Int) in
                var accepted = lists[stripe]
                accepted.removeAll(keepingCapacity: true)
                let firstRow = stripe * stepsPerStripe * step
                let endRow = min(rows, firstRow + stepsPerStripe * step)
                if firstRow < endRow {
                    switch scanner.model.featureKind {
                    case .haar:
                        scanner.scanHaar(table, columns: columns, rows: firstRow..<endRow, step: step, accepted: &accepted)
                    case .lbp:
                        scanner.scanLBP(table, columns: columns, rows: firstRow..<endRow, step: step, accepted: &accepted)
                    }
                }
                lists[stripe] = accepted
            }
            if stripes == 1 {
                scanStripe(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: stripes, execute: scanStripe)
            }
        }
        for list in buffers.prefix(stripes) {
            for position in list {
                let x = position % s, y = position / s
                hits.append(IntegerRect(x: roundHalfEven(Float(x) * scale), y: roundHalfEven(Float(y) * scale),
                                        width: boxWidth, height: boxHeight))
            }
        }
        stripeHits = buffers
    }

    /// Visits window positions row by row; `evaluate(p)` returns OpenCV's `runAt` code
    /// (1 accepted, 0 rejected by the first stage, negative otherwise) for the window whose
    /// top-left table entry is `p`.
    @inline(__always)
    private static func visitWindows(columns: Int, rows: Range<Int>, step: Int, stride: Int, accepted: inout [Int],
                                     evaluate: (Int) -> Int) {
        var y = rows.lowerBound
        while y < rows.upperBound {
            var x = 0
            let rowStart = y &* stride
            while x < columns {
                let result = evaluate(rowStart &+ x)
                if result > 0 { accepted.append(rowStart &+ x) }
                x &+= result == 0 ? 2 &* step : step
            }
            y &+= step
        }
    }

    private func scanHaar(_ table: IntegralImage, columns: Int, rows: Range<Int>, step: Int, accepted: inout [Int]) {
        let area = Double((model.windowWidth - 2) * (model.windowHeight - 2))
        let v = varianceOffsets
        let stumpsOnly = !model.stumps.isEmpty
        table.sums.withUnsafeBufferPointer { sums in
            table.squaredSums.withUnsafeBufferPointer { squares in
                table.tiltedSums.withUnsafeBufferPointer { tilted in
                    haarFeatures.withUnsafeBufferPointer { features in
                        model.stages.withUnsafeBufferPointer { stages in
                            model.stumps.withUnsafeBufferPointer { stumps in
                                model.trees.withUnsafeBufferPointer { trees in
                                    model.nodes.withUnsafeBufferPointer { nodes in
                                        model.leaves.withUnsafeBufferPointer { leaves in
                                            Self.visitWindows(columns: columns, rows: rows, step: step, stride: table.stride,
                                                              accepted: &accepted) { p in
                                                let sum = sums[p &+ v.0] &- sums[p &+ v.1] &- sums[p &+ v.2] &+ sums[p &+ v.3]
                                                let squareSum = squares[p &+ v.0] &- squares[p &+ v.1]
                                                    &- squares[p &+ v.2] &+ squares[p &+ v.3]
                                                let spread = area * Double(squareSum) - Double(sum) * Double(sum)
                                                guard spread > 0 else { return -1 }
                                                let norm = Float(1 / spread.squareRoot())
                                                guard area * Double(norm) < 0.1 else { return -1 }
                                                let value = { (index: Int32) -> Float in
                                                    Self.haarValue(features[Int(index)], sums: sums, tilted: tilted, at: p) * norm
                                                }
                                                return stumpsOnly
                                                    ? Self.runStumps(stages: stages, stumps: stumps) { value($0) }
                                                    : Self.runTrees(stages: stages, trees: trees, nodes: nodes, leaves: leaves) {
                                                        value($0.feature) < $0.threshold
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

    @inline(__always)
    private static func haarValue(_ f: PackedHaarFeature, sums: UnsafeBufferPointer<Int32>,
                                  tilted: UnsafeBufferPointer<Int32>, at p: Int) -> Float {
        let t = f.tilted ? tilted : sums
        let o = f.offsets
        let r0 = t[p &+ Int(o.0)] &- t[p &+ Int(o.1)] &- t[p &+ Int(o.2)] &+ t[p &+ Int(o.3)]
        let r1 = t[p &+ Int(o.4)] &- t[p &+ Int(o.5)] &- t[p &+ Int(o.6)] &+ t[p &+ Int(o.7)]
        var value = f.weights.0 * Float(r0) + f.weights.1 * Float(r1)
        if f.weights.2 != 0 {
            let r2 = t[p &+ Int(o.8)] &- t[p &+ Int(o.9)] &- t[p &+ Int(o.10)] &+ t[p &+ Int(o.11)]
            value += f.weights.2 * Float(r2)
        }
        return value
    }

    private func scanLBP(_ table: IntegralImage, columns: Int, rows: Range<Int>, step: Int, accepted: inout [Int]) {
        let words = model.subsetWords
        let stumpsOnly = !model.stumps.isEmpty
        table.sums.withUnsafeBufferPointer { sums in
            lbpOffsets.withUnsafeBufferPointer { offsets in
                model.subsets.withUnsafeBufferPointer { subsets in
                    model.stages.withUnsafeBufferPointer { stages in
                        model.stumps.withUnsafeBufferPointer { stumps in
                            model.trees.withUnsafeBufferPointer { trees in
                                model.nodes.withUnsafeBufferPointer { nodes in
                                    model.leaves.withUnsafeBufferPointer { leaves in
                                        Self.visitWindows(columns: columns, rows: rows, step: step, stride: table.stride,
                                                          accepted: &accepted) { p in
                                            // LBP cascades split on category subsets; in a stump cascade the
                                            // node index equals the stump index.
                                            func inSubset(_ node: Int, _ feature: Int32) -> Bool {
                                                let code = Self.lbpCode(offsets: offsets, feature: Int(feature), sums: sums, at: p)
                                                let word = subsets[node &* words &+ (code >> 5)]
                                                return word & (Int32(1) << Int32(code & 31)) != 0
                                            }
                                            if stumpsOnly {
                                                return Self.runCategoricalStumps(stages: stages, stumps: stumps,
                                                                                 inSubset: inSubset)
                                            }
                                            return Self.runTrees(stages: stages, trees: trees, nodes: nodes, leaves: leaves,
                                                                 nodeIndexed: { nodeIndex, node in inSubset(nodeIndex, node.feature) })
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

    /// The 8-bit LBP code: each outer block compared with the centre block, clockwise from the top left.
    @inline(__always)
    private static func lbpCode(offsets: UnsafeBufferPointer<Int32>, feature: Int, sums: UnsafeBufferPointer<Int32>,
                                at p: Int) -> Int {
        let o = 16 &* feature
        @inline(__always) func block(_ corner: Int) -> Int32 {
            sums[p &+ Int(offsets[o &+ corner])] &- sums[p &+ Int(offsets[o &+ corner &+ 1])]
                &- sums[p &+ Int(offsets[o &+ corner &+ 4])] &+ sums[p &+ Int(offsets[o &+ corner &+ 5])]
        }
        let centre = block(5)
        var code = block(0) >= centre ? 128 : 0
        if block(1) >= centre { code |= 64 }
        if block(2) >= centre { code |= 32 }
        if block(6) >= centre { code |= 16 }
        if block(10) >= centre { code |= 8 }
        if block(9) >= centre { code |= 4 }
        if block(8) >= centre { code |= 2 }
        if block(4) >= centre { code |= 1 }
        return code
    }

    /// Stump cascades: `value(feature)` below the stump's threshold takes the left leaf.
    /// Returns 1 when every stage passes, else `-stage`.
    @inline(__always)
    private static func runStumps(stages: UnsafeBufferPointer<CascadeModel.Stage>, stumps: UnsafeBufferPointer<CascadeModel.Stump>,
                                  value: (Int32) -> Float) -> Int {
        var next = 0
        for stageIndex in 0..<stages.count {
            let stage = stages[stageIndex]
            var total: Double = 0
            for _ in 0..<stage.treeCount {
                let stump = stumps[next]
                next &+= 1
                total += Double(value(stump.feature) < stump.threshold ? stump.left : stump.right)
            }
            if total < Double(stage.threshold) { return -stageIndex }
        }
        return 1
    }

    /// LBP stump cascades: a code in stump `i`'s category subset takes the left leaf.
    @inline(__always)
    private static func runCategoricalStumps(stages: UnsafeBufferPointer<CascadeModel.Stage>,
                                             stumps: UnsafeBufferPointer<CascadeModel.Stump>,
                                             inSubset: (Int, Int32) -> Bool) -> Int {
        var next = 0
        for stageIndex in 0..<stages.count {
            let stage = stages[stageIndex]
            var total: Double = 0
            for _ in 0..<stage.treeCount {
                let stump = stumps[next]
                total += Double(inSubset(next, stump.feature) ? stump.left : stump.right)
                next &+= 1
            }
            if total < Double(stage.threshold) { return -stageIndex }
        }
        return 1
    }

    /// Tree cascades: at each node, `goesLeft(node)` picks the child.
    @inline(__always)
    private static func runTrees(stages: UnsafeBufferPointer<CascadeModel.Stage>, trees: UnsafeBufferPointer<CascadeModel.Tree>,
                                 nodes: UnsafeBufferPointer<CascadeModel.Node>, leaves: UnsafeBufferPointer<Float>,
                                 goesLeft: (CascadeModel.Node) -> Bool) -> Int {
        runTrees(stages: stages, trees: trees, nodes: nodes, leaves: leaves, nodeIndexed: { goesLeft($1) })
    }

    @inline(__always)
    private static func runTrees(stages: UnsafeBufferPointer<CascadeModel.Stage>, trees: UnsafeBufferPointer<CascadeModel.Tree>,
                                 nodes: UnsafeBufferPointer<CascadeModel.Node>, leaves: UnsafeBufferPointer<Float>,
                                 nodeIndexed goesLeft: (Int, CascadeModel.Node) -> Bool) -> Int {
        for stageIndex in 0..<stages.count {
            let stage = stages[stageIndex]
            var total: Double = 0
            for t in stage.firstTree..<(stage.firstTree + stage.treeCount) {
                let tree = trees[t]
                var index: Int32 = 0
                repeat {
                    let nodeIndex = tree.firstNode &+ Int(index)
                    let node = nodes[nodeIndex]
                    index = goesLeft(nodeIndex, node) ? node.left : node.right
                } while index > 0
                total += Double(leaves[tree.firstLeaf &- Int(index)])
            }
            if total < Double(stage.threshold) { return -stageIndex }
        }
        return 1
    }
}
