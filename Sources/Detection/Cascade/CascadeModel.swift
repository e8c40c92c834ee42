import Foundation

/// A boosted cascade of OpenCV's XML format (Haar or LBP features), as `opencv_traincascade`
/// writes it and Debian's `opencv-data` ships it.
///
/// Reads the current format (`<cascade>` with `stages`/`weakClassifiers`/`internalNodes`/
/// `leafValues`/`features`, Haar rectangles with or without `tilted`, LBP with 8-integer category
/// subsets) and the old `opencv-haar-classifier` format (`trees` of nodes with `left_val`/
/// `right_val`), which is converted to the same form. Every index and rectangle is checked
/// against the detection window when loading, so evaluation never reads outside its tables.
///
///     let model = try CascadeModel(contentsOf: "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml")
///     print(model.stageCount, model.featureCount)   // 25 2913
public struct CascadeModel: Sendable {
    /// The feature family a cascade uses.
    public enum FeatureKind: String, Sendable {
        case haar, lbp
    }

    /// File the model was read from (or the name given for in-memory XML), for messages.
    public let source: String
    public let featureKind: FeatureKind
    /// Detection window (the smallest object size found), pixels.
    public let windowWidth: Int
    public let windowHeight: Int
    /// Whether some Haar features are tilted by 45° (they need tilted integral images).
    public let hasTiltedFeatures: Bool
    /// True when the file used the old `opencv-haar-classifier` layout.
    public let isOldFormat: Bool

    struct Stage: Sendable {
        var firstTree: Int
        var treeCount: Int
        /// Stage threshold minus OpenCV's 1e-5 tolerance, compared with the sum of leaf values.
        var threshold: Float
    }

    struct Tree: Sendable {
        var firstNode: Int
        var firstLeaf: Int
    }

    /// A split: go to `left` when the feature value is below `threshold` (Haar) or when the LBP
    /// code is in the node's category subset (LBP). Positive children index nodes of the same tree
    /// (always after the parent); zero or negative `c` means leaf `-c`.
    struct Node: Sendable {
        var feature: Int32
        var threshold: Float
        var left: Int32
        var right: Int32
    }

    /// A one-split weak classifier (the common case), flattened for speed.
    struct Stump: Sendable {
        var feature: Int32
        var threshold: Float
        var left: Float
        var right: Float
    }

    struct HaarRectangle: Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var weight: Float
    }

    struct HaarFeature: Sendable {
        var rectangles: [HaarRectangle]
        var tilted: Bool
    }

    /// An LBP feature: a 3x3 grid of `width` x `height` blocks with its top-left corner at (x, y).
    struct LBPFeature: Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    private(set) var stages: [Stage] = []
    private(set) var trees: [Tree] = []
    private(set) var nodes: [Node] = []
    private(set) var leaves: [Float] = []
    /// LBP category bit sets, `subsetWords` words per node, in node order.
    private(set) var subsets: [Int32] = []
    private(set) var subsetWords = 0
    private(set) var haarFeatures: [HaarFeature] = []
    private(set) var lbpFeatures: [LBPFeature] = []
    /// Largest node count of one weak classifier (1: all stumps).
    private(set) var maximumTreeNodes = 0
    /// The weak classifiers as stumps, in stage order, when every one is a stump; else empty.
    private(set) var stumps: [Stump] = []

    public var stageCount: Int { stages.count }
    /// Weak classifiers (trees or stumps) over all stages.
    public var weakClassifierCount: Int { trees.count }
    public var featureCount: Int { featureKind == .haar ? haarFeatures.count : lbpFeatures.count }

    /// Reads a cascade file. Throws ``DetectionError/cascadeFileUnreadable(path:reason:)`` when the
    /// file cannot be read and ``DetectionError/invalidCascade(path:reason:)`` when it is not a valid
    /// cascade (the error names the file and says what is wrong).
    public init(contentsOf path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "\(error.localizedDescription)" : "no such file"
            throw DetectionError.cascadeFileUnreadable(path: path, reason: reason)
        }
        try self.init(xml: data, source: path)
    }

    /// Parses cascade XML held in memory; `source` names it in error messages.
    public init(xml: Data, source: String) throws {
        self.source = source
        let root: XMLElementTree
        do {
            root = try XMLElementTree.parse(xml)
        } catch let error as XMLTreeError {
            throw DetectionError.invalidCascade(path: source, reason: "XML error at line \(error.line): \(error.reason)")
        }
        var reader = CascadeReader(source: source)
        guard let cascade = root.children.first else {
            throw DetectionError.invalidCascade(path: source, reason: "no cascade element under <\(root.name)>")
        }
        if cascade.attributes["type_id"] == "opencv-haar-classifier" || cascade.child("size") != nil {
            try reader.readOldFormat(cascade)
        } else {
            try reader.readCurrentFormat(cascade)
        }
        try reader.validate()
        featureKind = reader.featureKind
        windowWidth = reader.windowWidth
        windowHeight = reader.windowHeight
        isOldFormat = reader.isOldFormat
        stages = reader.stages
        trees = reader.trees
        nodes = reader.nodes
        leaves = reader.leaves
        subsets = reader.subsets
        subsetWords = reader.subsetWords
        haarFeatures = reader.haarFeatures
        lbpFeatures = reader.lbpFeatures
        maximumTreeNodes = reader.maximumTreeNodes
        hasTiltedFeatures = reader.haarFeatures.contains { $0.tilted }
        if reader.maximumTreeNodes == 1 {
            let leafValues = reader.leaves
            // A stump's children are leaves: 0 or negative, `-child` indexing the tree's two leaves.
            stumps = zip(reader.trees, reader.nodes).map { tree, node in
                Stump(feature: node.feature, threshold: node.threshold,
                      left: leafValues[tree.firstLeaf - Int(node.left)], right: leafValues[tree.firstLeaf - Int(node.right)])
            }
        }
    }
}
