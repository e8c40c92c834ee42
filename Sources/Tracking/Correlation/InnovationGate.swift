import Foundation

/// A validation gate that adapts to one track's motion: it learns the root mean square of the
/// innovations (the response peak's distance from the predicted position, in object sizes) of the
/// fixes the tracker accepted, and rejects a peak farther than `spread` times that (at least
/// `floor`), widening with the square root of the frames since the last accepted fix, as a
/// constant-velocity Kalman filter's prediction uncertainty does while it coasts.
package struct InnovationGate {
    /// Accepted fixes needed before the gate applies (the first innovations carry the motion the
    /// track had when it started, which its velocity has not learnt yet).
    package static let warmUp = 5
    /// Weight of each accepted fix in the mean square once warmed up.
    static let rate = 0.1

    let spread: Double
    let floor: Double
    private var meanSquare = 0.0
    private var accepted = 0
    private var framesSinceAccepted = 0

    package init(spread: Double, floor: Double) {
        self.spread = spread.isFinite ? max(spread, 0) : 0
        self.floor = floor.isFinite ? max(floor, 0) : 0
    }

    /// The gate's radius in object sizes for the coming frame; infinite while off or warming up.
    package var radius: Double {
        guard spread > 0, accepted >= Self.warmUp else { return .infinity }
        return max(floor, spread * meanSquare.squareRoot()) * Double(1 + framesSinceAccepted).squareRoot()
    }

    /// Records an accepted fix whose innovation was `innovation` object sizes.
    package mutating func accept(_ innovation: Double) {
        guard innovation.isFinite else { return reject() }
        accepted += 1
        let weight = accepted >= Self.warmUp ? Self.rate : 1 / Double(accepted)
        meanSquare += weight * (innovation * innovation - meanSquare)
        framesSinceAccepted = 0
    }

    /// Records a frame without an accepted fix (gated, or the tracker held its box).
    package mutating func reject() {
        framesSinceAccepted += 1
    }
}
