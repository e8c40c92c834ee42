import Imaging

/// One object, one tracker, in pixel space (top-left origin), like OpenCV's trackers.
///
///     let tracker = try CorrelationTracker(frame: first, box: PixelRect(x: 120, y: 80, width: 40, height: 90),
///                                          parameters: .accurate)
///     let estimate = tracker.update(on: next)   // estimate.box, estimate.confidence
public protocol ObjectTracker: AnyObject {
    /// The box the tracker was started with or last estimated, pixels, top-left origin; may
    /// extend past the frame when the object leaves it.
    var box: PixelRect { get }
    /// Estimates the object's box on the next frame of the sequence (same frame size as the first).
    /// `cameraShift` is how the picture's content moved since the previous frame (pixels, +x right,
    /// +y down; (0, 0) when unknown). The estimate's box is clipped to the frame; its confidence is
    /// the probability (0...1) that the box is on the object (IoU >= 0.5). `sceneChange` is the
    /// frame's change against the previous one (``SequenceRequestHandler`` measures it once per
    /// frame); without it the confidence cannot tell a box left on the background as well.
    func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double), sceneChange: SceneChange?) -> TrackerEstimate
    /// The boxes (pixels, top-left origin) where every object tracked on the sequence should be on
    /// the next frame, this tracker's at index `own`: the others are someone else, which a tracker
    /// that tells look-alikes apart does not jump onto on the next ``update(on:cameraShift:sceneChange:)``.
    func noteObjects(_ boxes: [PixelRect], own: Int)
}

extension ObjectTracker {
    /// Ignores the other objects (a tracker that does not tell look-alikes apart).
    public func noteObjects(_ boxes: [PixelRect], own: Int) {}
}

/// A tracker's answer for one frame: the box, and the evidence its confidence is judged from.
///
/// The confidence is computed from the evidence by one model, when read: a tracker returns its
/// evidence and its own model, and whoever adds cues (the sequence handler's appearance cue) judges
/// the estimate again with the model fitted with them (``judged(by:evidence:)``) instead of
/// having the tracker's confidence computed and then replaced.
public struct TrackerEstimate: Sendable, Equatable {
    /// Pixels, top-left origin, clipped to the frame.
    public let box: PixelRect
    /// The cues the confidence is computed from; nil when there were none (an empty frame).
    public let evidence: TrackingEvidence?
    private let judgement: Judgement

    private enum Judgement: Sendable, Equatable {
        case model(ConfidenceModel)
        case given(Float)
    }

    /// An estimate whose confidence `model` computes from `evidence`.
    public init(box: PixelRect, evidence: TrackingEvidence, model: ConfidenceModel) {
        self.box = box
        self.evidence = evidence
        judgement = .model(model)
    }

    /// An estimate without evidence, of confidence `confidence` (0...1).
    public init(box: PixelRect, confidence: Float) {
        self.box = box
        evidence = nil
        judgement = .given(confidence)
    }

    /// The probability (0...1) that the box overlaps the object with IoU >= 0.5; > 0.5: probably on it.
    public var confidence: Float {
        switch judgement {
        case .given(let confidence): confidence
        case .model(let model): evidence.map(model.probability) ?? 0
        }
    }

    /// The same box judged by `model` from `evidence` (this estimate's, with more cues).
    public func judged(by model: ConfidenceModel, evidence: TrackingEvidence) -> TrackerEstimate {
        TrackerEstimate(box: box, evidence: evidence, model: model)
    }
}

extension ObjectTracker {
    /// ``update(on:cameraShift:sceneChange:)`` without a measured scene change.
    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double)) -> TrackerEstimate {
        update(on: frame, cameraShift: cameraShift, sceneChange: nil)
    }

    /// ``update(on:cameraShift:sceneChange:)`` with no known camera motion or scene change.
    public func update(on frame: ImageFrame) -> TrackerEstimate {
        update(on: frame, cameraShift: (0, 0), sceneChange: nil)
    }
}
