import Foundation

/// Asks the sequence handler how the picture moved since the previous frame it performed this
/// request on (Vision's translational image registration, run over a sequence).
///
///     let registration = TranslationalImageRegistrationRequest()
///     var stability = SceneStability()
///     for frame in frames {
///         try handler.perform([registration], on: frame)
///         if let shift = registration.results.first { stability.add(shift) }
///     }
///
/// The first frame's result is ``ImageTranslationObservation/none``. See
/// ``ImageTranslationObservation`` for units and signs. Registration works on the luma plane.
public final class TranslationalImageRegistrationRequest: TrackingRequest {
    /// Identifies this request's registration state in a sequence handler (an object's address can
    /// be reused once it is freed; this id is not).
    public let id = UUID()
    public var isLastFrame = false
    /// Longest side (pixels) of the downscaled pictures the registration compares; larger is more
    /// precise and slower.
    public let workingSide: Int
    /// The result of the last perform.
    public internal(set) var results: [ImageTranslationObservation] = []

    public init(workingSide: Int = 320) {
        self.workingSide = workingSide
    }
}
