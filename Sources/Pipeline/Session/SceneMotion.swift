import Tracking

/// The camera's motion on one frame, for sinks that show it: the registration against the previous
/// frame and whether the scene is stable (``SceneStability``).
public struct SceneMotion: Sendable, Equatable {
    public let shift: ImageTranslationObservation
    public let isStable: Bool

    public init(shift: ImageTranslationObservation, isStable: Bool) {
        self.shift = shift
        self.isStable = isStable
    }
}
