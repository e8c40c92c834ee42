/// Turns the XML tree of an OpenCV cascade file into ``CascadeModel``'s flat arrays, checking
/// every number it reads.
struct CascadeReader {
    let source: String
    var featureKind = CascadeModel.FeatureKind.haar
    var windowWidth = 0
    var windowHeight = 0
    var isOldFormat = false
    var stages: [CascadeModel.Stage] = []
    var trees: [CascadeModel.Tree] = []
    var nodes: [CascadeModel.Node] = []
    var leaves: [Float] = []
    var subsets: [Int32] = []
    var subsetWords = 0
    var haarFeatures: [CascadeModel.HaarFeature] = []
    var lbpFeatures: [CascadeModel.LBPFeature] = []
    var maximumTreeNodes = 0

    /// OpenCV subtracts this from every stage threshold when loading.
    private static let stageThresholdTolerance: Float = 1e-5
    private static let maximumWindowSide = 4096

    init(source: String) {
        self.source = source
    }

    private func failure(_ reason: String) -> DetectionError {
        .invalidCascade(path: source, reason: reason)
    }

    // MARK: Current format

    mutating func readCurrentFormat(_ cascade: XMLElementTree) throws {
        let stageType = try text(cascade, "stageType")
        guard stageType == "BOOST" else { throw failure("stageType \(stageType) is not supported (only BOOST)") }
        switch try text(cascade, "featureType") {
        case "HAAR": featureKind = .haar
        case "LBP": featureKind = .lbp
        case let other: throw failure("featureType \(other) is not supported (HAAR or LBP)")
        }
        windowWidth = try integer(cascade, "width")
        windowHeight = try integer(cascade, "height")
        try checkWindow()
        guard let featureParams = cascade.child("featureParams") else { throw failure("missing <featureParams>") }
        let categories = try integer(featureParams, "maxCatCount")
        guard (0...65536).contains(categories) else { throw failure("maxCatCount \(categories) out of range") }
        subsetWords = (categories + 31) / 32
        if featureKind == .lbp, subsetWords * 32 < 256 {
            throw failure("LBP cascade needs maxCatCount 256, found \(categories)")
        }
        if featureKind == .haar, subsetWords != 0 { throw failure("Haar cascade with maxCatCount \(categories)") }
        let nodeStep = 3 + (subsetWords > 0 ? subsetWords : 1)

        guard let stagesElement = cascade.child("stages") else { throw failure("missing <stages>") }
        for (stageIndex, stageElement) in stagesElement.items.enumerated() {
            let threshold = try number(stageElement, "stageThreshold", context: "stage \(stageIndex)")
            guard let weak = stageElement.child("weakClassifiers") else {
                throw failure("stage \(stageIndex) has no <weakClassifiers>")
            }
            let first = trees.count
            for (treeIndex, treeElement) in weak.items.enumerated() {
                let context = "stage \(stageIndex), weak classifier \(treeIndex)"
                guard let internalNodes = treeElement.child("internalNodes"),
                      let leafValues = treeElement.child("leafValues") else {
                    throw failure("\(context): missing <internalNodes> or <leafValues>")
                }
                let tokens = internalNodes.tokens
                guard !tokens.isEmpty, tokens.count % nodeStep == 0 else {
                    throw failure("\(context): \(tokens.count) internal node values, expected a multiple of \(nodeStep)")
                }
                let nodeCount = tokens.count / nodeStep
                trees.append(CascadeModel.Tree(firstNode: nodes.count, firstLeaf: leaves.count))
                for n in 0..<nodeCount {
                    let base = n * nodeStep
                    let left = try int32(tokens[base], context)
                    let right = try int32(tokens[base + 1], context)
                    let feature = try int32(tokens[base + 2], context)
                    var threshold: Float = 0
                    if subsetWords > 0 {
                        for word in 0..<subsetWords { subsets.append(try int32(tokens[base + 3 + word], context)) }
                    } else {
                        threshold = try float(tokens[base + 3], context)
                    }
                    nodes.append(CascadeModel.Node(feature: feature, threshold: threshold, left: left, right: right))
                }
                let values = leafValues.tokens
                guard values.count == nodeCount + 1 else {
                    throw failure("\(context): \(values.count) leaf values for \(nodeCount) nodes")
                }
                for value in values { leaves.append(try float(value, context)) }
                maximumTreeNodes = max(maximumTreeNodes, nodeCount)
            }
            guard trees.count > first else { throw failure("stage \(stageIndex) has no weak classifiers") }
            stages.append(CascadeModel.Stage(firstTree: first, treeCount: trees.count - first,
                                             threshold: Float(threshold) - Self.stageThresholdTolerance))
        }
        guard !stages.isEmpty else { throw failure("no stages") }

        guard let features = cascade.child("features") else { throw failure("missing <features>") }
        for (index, featureElement) in features.items.enumerated() {
            if featureKind == .haar {
                haarFeatures.append(try readHaarFeature(featureElement, context: "feature \(index)"))
            } else {
                lbpFeatures.append(try readLBPFeature(featureElement, context: "feature \(index)"))
            }
        }
    }

    private func readHaarFeature(_ element: XMLElementTree, context: String) throws -> CascadeModel.HaarFeature {
        guard let rects = element.child("rects") else { throw failure("\(context): missing <rects>") }
        var rectangles: [CascadeModel.HaarRectangle] = []
        for rect in rects.items {
            let values = rect.tokens
            guard values.count == 5 else { throw failure("\(context): a rectangle needs 5 values, found \(values.count)") }
            rectangles.append(CascadeModel.HaarRectangle(
                x: try int(values[0], context), y: try int(values[1], context),
                width: try int(values[2], context), height: try int(values[3], context),
                weight: try float(values[4], context)))
        }
        guard (1...3).contains(rectangles.count) else {
            throw failure("\(context): \(rectangles.count) rectangles (1 to 3 supported)")
        }
        var tilted = false
        if let tiltedElement = element.child("tilted") {
            tilted = try int(tiltedElement.tokens.first ?? "", context) != 0
        }
        return CascadeModel.HaarFeature(rectangles: rectangles, tilted: tilted)
    }

    private func readLBPFeature(_ element: XMLElementTree, context: String) throws -> CascadeModel.LBPFeature {
        guard let rect = element.child("rect") else { throw failure("\(context): missing <rect>") }
        let values = rect.tokens
        guard values.count == 4 else { throw failure("\(context): <rect> needs 4 values, found \(values.count)") }
        return CascadeModel.LBPFeature(x: try int(values[0], context), y: try int(values[1], context),
                                       width: try int(values[2], context), height: try int(values[3], context))
    }

    // MARK: Old format

    /// Converts the `opencv-haar-classifier` layout: each stage has `trees`, each tree a list of
    /// nodes with an inline `feature`, a `threshold` and `left_val`/`left_node`, `right_val`/`right_node`.
    mutating func readOldFormat(_ cascade: XMLElementTree) throws {
        isOldFormat = true
        featureKind = .haar
        guard let size = cascade.child("size")?.tokens, size.count == 2 else { throw failure("missing <size>") }
        windowWidth = try int(size[0], "size")
        windowHeight = try int(size[1], "size")
        try checkWindow()
        guard let stagesElement = cascade.child("stages") else { throw failure("missing <stages>") }
        for (stageIndex, stageElement) in stagesElement.items.enumerated() {
            guard let treesElement = stageElement.child("trees") else { throw failure("stage \(stageIndex) has no <trees>") }
            let first = trees.count
            for (treeIndex, treeElement) in treesElement.items.enumerated() {
                let context = "stage \(stageIndex), tree \(treeIndex)"
                let nodeElements = treeElement.items
                guard !nodeElements.isEmpty else { throw failure("\(context): no nodes") }
                trees.append(CascadeModel.Tree(firstNode: nodes.count, firstLeaf: leaves.count))
                for (nodeIndex, nodeElement) in nodeElements.enumerated() {
                    let nodeContext = "\(context), node \(nodeIndex)"
                    guard let featureElement = nodeElement.child("feature") else { throw failure("\(nodeContext): missing <feature>") }
                    haarFeatures.append(try readHaarFeature(featureElement, context: nodeContext))
                    let threshold = try number(nodeElement, "threshold", context: nodeContext)
                    let left = try oldChild(nodeElement, side: "left", context: nodeContext)
                    let right = try oldChild(nodeElement, side: "right", context: nodeContext)
                    nodes.append(CascadeModel.Node(feature: Int32(haarFeatures.count - 1), threshold: Float(threshold),
                                                   left: left, right: right))
                }
                maximumTreeNodes = max(maximumTreeNodes, nodeElements.count)
            }
            guard trees.count > first else { throw failure("stage \(stageIndex) has no trees") }
            let threshold = try number(stageElement, "stage_threshold", context: "stage \(stageIndex)")
            stages.append(CascadeModel.Stage(firstTree: first, treeCount: trees.count - first,
                                             threshold: Float(threshold) - Self.stageThresholdTolerance))
        }
        guard !stages.isEmpty else { throw failure("no stages") }
    }

    /// A child reference in the old layout: a node index, or a leaf value appended to this tree's leaves.
    private mutating func oldChild(_ node: XMLElementTree, side: String, context: String) throws -> Int32 {
        if let child = node.child("\(side)_node") {
            let index = try int32(child.tokens.first ?? "", context)
            guard index > 0 else { throw failure("\(context): \(side)_node \(index) must be positive") }
            return index
        }
        guard let value = node.child("\(side)_val") else { throw failure("\(context): missing \(side)_val or \(side)_node") }
        let firstLeaf = trees.last?.firstLeaf ?? 0
        let leafIndex = leaves.count - firstLeaf
        leaves.append(try float(value.tokens.first ?? "", context))
        return Int32(-leafIndex)
    }

    // MARK: Validation

    private func checkWindow() throws {
        guard (3...Self.maximumWindowSide).contains(windowWidth), (3...Self.maximumWindowSide).contains(windowHeight) else {
            throw failure("window \(windowWidth)x\(windowHeight) out of range")
        }
    }

    /// Checks that every tree is well formed and every feature lies inside the window.
    func validate() throws {
        let featureCount = featureKind == .haar ? haarFeatures.count : lbpFeatures.count
        guard featureCount > 0 else { throw failure("no features") }
        for (treeIndex, tree) in trees.enumerated() {
            let nodeEnd = treeIndex + 1 < trees.count ? trees[treeIndex + 1].firstNode : nodes.count
            let leafEnd = treeIndex + 1 < trees.count ? trees[treeIndex + 1].firstLeaf : leaves.count
            let nodeCount = nodeEnd - tree.firstNode, leafCount = leafEnd - tree.firstLeaf
            guard leafCount == nodeCount + 1 else {
                throw failure("weak classifier \(treeIndex): \(leafCount) leaves for \(nodeCount) nodes")
            }
            for n in 0..<nodeCount {
                let node = nodes[tree.firstNode + n]
                guard node.feature >= 0, Int(node.feature) < featureCount else {
                    throw failure("weak classifier \(treeIndex): feature index \(node.feature) out of range 0..<\(featureCount)")
                }
                guard node.threshold.isFinite else { throw failure("weak classifier \(treeIndex): threshold not finite") }
                for child in [node.left, node.right] {
                    let valid = child > 0 ? (Int(child) > n && Int(child) < nodeCount) : (Int(-child) < leafCount)
                    guard valid else { throw failure("weak classifier \(treeIndex): child reference \(child) out of range") }
                }
            }
        }
        guard leaves.allSatisfy({ $0.isFinite }), stages.allSatisfy({ $0.threshold.isFinite }) else {
            throw failure("a leaf value or stage threshold is not finite")
        }
        for (index, feature) in haarFeatures.enumerated() {
            for rect in feature.rectangles {
                guard rect.weight.isFinite, rect.width >= 0, rect.height >= 0,
                      fitsWindow(rect: rect, tilted: feature.tilted) else {
                    throw failure("feature \(index): rectangle \(rect.x) \(rect.y) \(rect.width) \(rect.height) "
                                  + "does not fit the \(windowWidth)x\(windowHeight) window")
                }
            }
        }
        for (index, feature) in lbpFeatures.enumerated() {
            guard feature.x >= 0, feature.y >= 0, feature.width > 0, feature.height > 0,
                  feature.x + 3 * feature.width <= windowWidth, feature.y + 3 * feature.height <= windowHeight else {
                throw failure("feature \(index): LBP block grid does not fit the \(windowWidth)x\(windowHeight) window")
            }
        }
    }

    private func fitsWindow(rect: CascadeModel.HaarRectangle, tilted: Bool) -> Bool {
        if tilted {
            return rect.x - rect.height >= 0 && rect.x + rect.width <= windowWidth && rect.y >= 0
                && rect.y + rect.width + rect.height <= windowHeight
        }
        return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= windowWidth && rect.y + rect.height <= windowHeight
    }

    // MARK: Numbers

    private func text(_ element: XMLElementTree, _ name: String) throws -> String {
        guard let child = element.child(name) else { throw failure("missing <\(name)>") }
        return child.tokens.joined(separator: " ")
    }

    private func integer(_ element: XMLElementTree, _ name: String) throws -> Int {
        try int(Substring(try text(element, name)), name)
    }

    private func number(_ element: XMLElementTree, _ name: String, context: String) throws -> Double {
        guard let child = element.child(name), child.tokens.count == 1, let value = Double(child.tokens[0]), value.isFinite else {
            throw failure("\(context): missing or bad <\(name)>")
        }
        return value
    }

    private func int(_ token: Substring, _ context: String) throws -> Int {
        guard let value = Int(token), abs(value) <= 1 << 31 else { throw failure("\(context): '\(token)' is not an integer") }
        return value
    }

    private func int32(_ token: Substring, _ context: String) throws -> Int32 {
        guard let value = Int32(token) else { throw failure("\(context): '\(token)' is not a 32-bit integer") }
        return value
    }

    private func float(_ token: Substring, _ context: String) throws -> Float {
        guard let value = Double(token), value.isFinite else { throw failure("\(context): '\(token)' is not a number") }
        return Float(value)
    }
}
