import Dispatch
import Imaging

/// One object followed by two trackers at once, a ``SiameseTracker`` on learned features and a
/// ``CorrelationTracker`` on hand-made ones, which fail in different places (the Siamese tracker on
/// objects that change their look or that a look-alike crosses, the filter on small, fast or
/// shrinking objects).
///
/// Both run on every frame (in parallel). Where their boxes agree (IoU >= 0.5), or where the Siamese
/// tracker holds an object that left the picture, the Siamese box is reported. Where they disagree,
/// ``FusionChoiceModel`` (fitted) picks the box more likely on the object, and when the Siamese tracker is sure (above ``ConfidenceModel/solidAbove``) and the filter
/// is not, the filter restarts at the Siamese box. The Siamese tracker is never moved: its first
/// view is what keeps it on its object, and moving it to the filter's box lost sprinters and
/// motorbikes on the development set (docs/fusion.md). The reported confidence is the verdict fitted
/// on both trackers' evidence (``FusedConfiguration/confidenceModel``): the Siamese cues plus the
/// filter's agreement, its confidence and whose box was reported (``TrackingEvidence/partnerAgreement``).
///
///     let tracker = try FusedTracker(frame: first, box: box, network: v3, configuration: .accurate)
///     let estimate = tracker.update(on: next)
///
/// Needs colour frames. Pixels, top-left origin.
public final class FusedTracker: ObjectTracker {
    public private(set) var box: PixelRect
    private let siamese: SiameseTracker
    private var filter: CorrelationTracker
    private let configuration: FusedConfiguration
    private var framesSinceFilterRestart = 0
    /// Each frame's two estimates (Siamese, filter), written side by side; kept to allocate nothing per frame.
    private var estimates = [TrackerEstimate?](repeating: nil, count: 2)

    /// Starts both trackers on `frame` (which must have `rgb`) at `box`; `network` must be the one
    /// ``FusedConfiguration/siamese``'s settings name. Throws what either tracker's start throws.
    public init(frame: ImageFrame, box: PixelRect, network: SiameseNetwork, configuration: FusedConfiguration) throws {
        self.configuration = configuration
        self.box = box
        siamese = try SiameseTracker(frame: frame, box: box, network: network, settings: configuration.siamese.settings,
                                     confidenceModel: configuration.siamese.confidenceModel)
        filter = try CorrelationTracker(frame: frame, box: box, parameters: configuration.filter)
    }

    public func noteObjects(_ boxes: [PixelRect], own: Int) {
        siamese.noteObjects(boxes, own: own)
    }

    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double), sceneChange: SceneChange?) -> TrackerEstimate {
        let (learned, filtered) = bothEstimates(on: frame, cameraShift: cameraShift, sceneChange: sceneChange)
        framesSinceFilterRestart += 1
        guard var evidence = learned.evidence else { return filtered }
        let learnedConfidence = learned.confidence, filterConfidence = filtered.confidence
        let agreement = Float(learned.box.iou(filtered.box))
        let disagree = agreement < Self.agreementIoU
        // An object the Siamese tracker's motion carried out of the picture has left: the filter, held
        // inside the frame, cannot say so; and a filter box mostly outside the picture is a sliver at its edge.
        let filterInView = Float(filter.box.shareInside(width: frame.width, height: frame.height)) >= ConfidenceModel.outOfViewBelow
        // A filter box on someone else (another tracked object, or a look-alike the Siamese tracker
        // follows as someone else) is not the object's, however sure the filter is.
        let filterOnSomeoneElse = disagree && siamese.isSomeoneElses(filtered.box)
        let fromFilter = disagree && !evidence.isOutOfView && filterInView && !filterOnSomeoneElse && configuration.choice.prefersFilter(
            siameseConfidence: learnedConfidence, filterConfidence: filterConfidence, agreement: agreement,
            framesSinceFilterRestart: framesSinceFilterRestart)
        evidence.partnerAgreement = agreement
        evidence.partnerConfidence = filterConfidence
        evidence.partnerBox = filtered.box
        evidence.boxFromPartner = fromFilter
        if fromFilter, let filterEvidence = filtered.evidence { evidence.visibleFraction = filterEvidence.visibleFraction }
        if disagree, filterOnSomeoneElse || (learnedConfidence > ConfidenceModel.solidAbove && filterConfidence <= ConfidenceModel.solidAbove),
           let restarted = try? CorrelationTracker(frame: frame, box: learned.box, parameters: configuration.filter) {
            filter = restarted
            framesSinceFilterRestart = 0
        }
        box = fromFilter ? filtered.box : learned.box
        let estimate = TrackerEstimate(box: box, evidence: evidence, model: configuration.confidenceModel)
        siamese.noteReportedConfidence(estimate.confidence)
        return estimate
    }

    /// Boxes that overlap at least this much are the same placement of the object.
    private static let agreementIoU = 0.5 as Float

    /// Both trackers' estimates on `frame`, computed side by side.
    private func bothEstimates(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double),
                               sceneChange: SceneChange?) -> (learned: TrackerEstimate, filtered: TrackerEstimate) {
        estimates.withUnsafeMutableBufferPointer { slots in
            // Each tracker owns its buffers and writes only its own slot; the frame and the scene change are only read.
            nonisolated(unsafe) let slots = slots, siamese = siamese, filter = filter, sceneChange = sceneChange
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                slots[index] = index == 0
                    ? siamese.update(on: frame, cameraShift: cameraShift, sceneChange: sceneChange)
                    : filter.update(on: frame, cameraShift: cameraShift, sceneChange: sceneChange)
            }
        }
        return (estimates[0]!, estimates[1]!)
    }
}
