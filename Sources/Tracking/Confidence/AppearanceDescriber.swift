import Imaging

/// Describes what a box shows, for the appearance cue of the confidence
/// (``TrackingEvidence/appearanceSimilarity``): a description independent of the tracker's own
/// model, so that a box that slid onto something else that moves like the object (another rider,
/// the palms beside a truck) agrees less with the object's first view. vtrack's describer is the
/// packaged ImageNet network in `NeuralDetection` (`AppearanceDescription`).
public protocol AppearanceDescriber: AnyObject, Sendable {
    /// A unit-length description of `box` (pixels, top-left origin, inside the frame) of `frame`;
    /// nil when the box cannot be described (empty, or the describer failed).
    func describe(_ box: PixelRect, in frame: ImageFrame) -> [Float]?
}

/// What a ``SequenceRequestHandler`` remembers of one object for the appearance cue: the
/// description of its first box, and the cosine similarity of the latest description with it.
struct AppearanceMemory {
    /// Frames between two descriptions of a tracked box (the cue is held in between).
    static let describeEvery = 5
    let first: [Float]
    private(set) var similarity: Float = 1
    private var framesSinceDescription = 0

    init(first: [Float]) {
        self.first = first
    }

    /// Counts a tracked frame and, every ``describeEvery`` frames, describes `box` again.
    mutating func update(box: PixelRect, frame: ImageFrame, describer: AppearanceDescriber) {
        framesSinceDescription += 1
        guard framesSinceDescription >= Self.describeEvery else { return }
        framesSinceDescription = 0
        guard let description = describer.describe(box, in: frame), description.count == first.count else { return }
        var dot: Float = 0
        for index in first.indices { dot += first[index] * description[index] }
        similarity = dot.isFinite ? min(max(dot, -1), 1) : similarity
    }
}
