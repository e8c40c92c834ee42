import Imaging

/// Describes what a box shows, for the appearance cue of the confidence
/// (``TrackingEvidence/appearanceSimilarity``): a description independent of the tracker's own
/// model, so that a box that slid onto something else that moves like the object (another rider,
/// the palms beside a truck) agrees less with the object's first view. vtrack's describer is the
/// packaged ImageNet network in `NeuralDetection` (`AppearanceDescription`).
public protocol AppearanceDescriber: AnyObject, Sendable {
    /// A unit-length description of `box` (pixels, top-left origin, inside the frame) of `frame`, in
    /// colour when the frame has it (grey descriptions tell drift apart less well, so a handler with a
    /// describer asks for colour frames: ``SequenceRequestHandler/needsColour(for:)``); nil when the box
    /// cannot be described (empty, or the describer failed).
    func describe(_ box: PixelRect, in frame: ImageFrame) -> [Float]?
}

/// What a ``SequenceRequestHandler`` remembers of one object for the appearance cue: the
/// description of its first box, the cosine similarity of the latest description with it, and that
/// similarity's running average (a description of one frame is noisy; a box that slid onto something
/// else stays less alike over many).
struct AppearanceMemory {
    /// Frames between two descriptions of a tracked box (the cue is held in between).
    static let describeEvery = 5
    /// Weight of each tracked frame in ``smoothedSimilarity`` (a time constant of about 20 frames).
    static let smoothingRate: Float = 0.05
    let first: [Float]
    private(set) var similarity: Float = 1
    /// Running average of ``similarity`` over tracked frames, from the first description on (1 before).
    var smoothedSimilarity: Float { average ?? 1 }
    private var average: Float?
    private var framesSinceDescription = 0

    init(first: [Float]) {
        self.first = first
    }

    /// Whether the next ``update(box:frame:describer:)`` describes the box (and so reads the frame's colour).
    var describesNext: Bool { framesSinceDescription + 1 >= Self.describeEvery }

    /// Counts a tracked frame, describes `box` again every ``describeEvery`` frames, and updates the
    /// running average.
    mutating func update(box: PixelRect, frame: ImageFrame, describer: AppearanceDescriber) {
        framesSinceDescription += 1
        if framesSinceDescription >= Self.describeEvery {
            framesSinceDescription = 0
            if let description = describer.describe(box, in: frame), description.count == first.count {
                var dot: Float = 0
                for index in first.indices { dot += first[index] * description[index] }
                if dot.isFinite {
                    similarity = min(max(dot, -1), 1)
                    if average == nil { average = similarity }
                }
            }
        }
        if let current = average {
            average = current + Self.smoothingRate * (similarity - current)
        }
    }
}
