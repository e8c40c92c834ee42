/// Whether the camera is held still, by the recipe Apple showed for Vision: keep the last
/// ``historyLength`` registration results; the scene is stable while the length of the path they
/// add up to (the sum of their shifts' magnitudes) stays under ``threshold`` pixels.
///
///     var stability = SceneStability()
///     stability.add(observation)
///     if stability.isStable { /* take the picture */ }
public struct SceneStability: Sendable {
    /// Results kept (15 in Apple's sample).
    public let historyLength: Int
    /// Largest summed shift of a stable scene, pixels (20 in Apple's sample).
    public let threshold: Double
    private var shifts: [Double] = []
    private var next = 0

    public init(historyLength: Int = 15, threshold: Double = 20) {
        self.historyLength = max(1, historyLength)
        self.threshold = threshold
    }

    /// Adds one frame's registration (a frame without confident registration counts as no motion).
    public mutating func add(_ observation: ImageTranslationObservation) {
        let magnitude = (observation.dx * observation.dx + observation.dy * observation.dy).squareRoot()
        let shift = magnitude.isFinite ? magnitude : 0
        if shifts.count < historyLength {
            shifts.append(shift)
        } else {
            shifts[next] = shift
            next = (next + 1) % historyLength
        }
    }

    /// Summed shift magnitude over the kept results, pixels.
    public var summedShift: Double { shifts.reduce(0, +) }

    /// True while the summed shift is under the threshold (also before the history is full).
    public var isStable: Bool { summedShift < threshold }
}
