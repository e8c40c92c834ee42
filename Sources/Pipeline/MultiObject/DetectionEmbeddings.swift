import Detection
import Imaging
import NeuralDetection

/// The re-identification embeddings of one detector run's detections, each computed the first time
/// it is asked for: automatic tracking embeds only the detections whose identity is in question
/// (``MultiObjectTracker``), at about 7 ms each.
///
///     let embeddings = DetectionEmbeddings(reidentifier: reid)
///     embeddings.begin(detections, in: colourFrame)
///     let score = memory.similarity(to: try embeddings.embedding(of: 0))
final class DetectionEmbeddings {
    private let reidentifier: PersonReidentifier
    private var detections: [Detection] = []
    private var frame: ImageFrame?
    private var known: [Int: [Float]] = [:]

    init(reidentifier: PersonReidentifier) {
        self.reidentifier = reidentifier
    }

    /// Starts a detector run: `detections` of `frame` (in colour), none embedded yet.
    func begin(_ detections: [Detection], in frame: ImageFrame) {
        self.detections = detections
        self.frame = frame
        known.removeAll(keepingCapacity: true)
    }

    /// The unit-length embedding of detection `index` of the current run (its box clipped to the frame).
    func embedding(of index: Int) throws -> [Float] {
        if let embedding = known[index] { return embedding }
        guard let frame else { preconditionFailure("begin(_:in:) starts a run before embeddings are asked for") }
        let box = detections[index].box
        var embedding = [Float](repeating: 0, count: PersonReidentifier.length)
        try reidentifier.embed(frame, box: box.clipped(toWidth: frame.width, height: frame.height) ?? box, into: &embedding)
        known[index] = embedding
        return embedding
    }
}
