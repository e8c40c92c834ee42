import Foundation

/// How the content of a frame moved since the previous frame (the result of a
/// ``TranslationalImageRegistrationRequest``; Vision's image-translation alignment observation).
///
/// Pixels of the frame the request was performed on, +x to the right, +y down: a scene that pans
/// to the left (the camera turning right) gives a negative `dx`.
public struct ImageTranslationObservation: Sendable, Equatable {
    /// Horizontal motion of the content since the previous frame, pixels (+ right).
    public let dx: Double
    /// Vertical motion of the content since the previous frame, pixels (+ down).
    public let dy: Double
    /// How sure the registration is, 0...1: 0 when the frames share no distinctive structure (a
    /// flat or unrelated picture, or the first frame); the shift is then reported as 0, not guessed.
    public let confidence: Float

    public init(dx: Double, dy: Double, confidence: Float) {
        self.dx = dx
        self.dy = dy
        self.confidence = confidence
    }

    /// No motion, no evidence: what the first frame of a sequence gets.
    public static let none = ImageTranslationObservation(dx: 0, dy: 0, confidence: 0)
}
