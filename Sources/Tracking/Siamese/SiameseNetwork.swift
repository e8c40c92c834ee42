/// The learned half of a ``SiameseTracker``: a backbone that embeds a square colour crop into
/// features, and a head that correlates a template's features with a search crop's and answers,
/// on a grid of cells over the search crop, how likely each cell is on the object and where the
/// object's edges are from it. vtrack's networks are NanoTrack's (`NanoTrackNetwork` in
/// `NeuralDetection`); Tracking never runs a network itself.
///
/// Crops are planar RGB floats, 0...255, no normalisation: three planes of `side x side` values,
/// row-major, red first. Implementations must be safe to call from several trackers' threads.
public protocol SiameseNetwork: AnyObject, Sendable {
    /// Side of the template crop, pixels.
    var templateSide: Int { get }
    /// Side of the search crop, pixels.
    var searchSide: Int { get }
    /// Search-crop pixels between neighbouring cells of the response grid.
    var stride: Int { get }
    /// Cells per side of the response grid.
    var responseSide: Int { get }
    /// Floats in one template embedding.
    var templateFeatureCount: Int { get }
    /// Embeds a template crop (3 x ``templateSide``² floats) into ``templateFeatureCount`` floats.
    func embedTemplate(_ crop: UnsafeMutableBufferPointer<Float>, into features: UnsafeMutableBufferPointer<Float>) throws
    /// Correlates a template's embedding with a search crop (3 x ``searchSide``² floats) and writes
    /// the head's maps into `response` (sized by ``SiameseResponse/init(side:)`` with ``responseSide``).
    func respond(template: UnsafeMutableBufferPointer<Float>, search crop: UnsafeMutableBufferPointer<Float>,
                 into response: inout SiameseResponse) throws
}

/// A Siamese head's answer on one search crop, on a `side x side` grid of cells (row-major).
public struct SiameseResponse: Sendable {
    /// Cells per side.
    public let side: Int
    /// Two planes: the background logit of each cell, then its object logit (a softmax over the
    /// two gives the probability that the cell is on the object).
    public var classLogits: [Float]
    /// Four planes: the distance from each cell's centre to the object's left, top, right and bottom
    /// edges, search-crop pixels.
    public var edgeDistances: [Float]

    public init(side: Int) {
        self.side = side
        classLogits = [Float](repeating: 0, count: 2 * side * side)
        edgeDistances = [Float](repeating: 0, count: 4 * side * side)
    }
}
