import Imaging

/// A constant-velocity Kalman filter on a box's centre, aspect ratio and height, as in SORT and
/// ByteTrack: state `(cx, cy, a, h)` and their velocities per frame, measurements `(cx, cy, a, h)`,
/// process and measurement noise proportional to the box height (pixels, top-left origin).
///
/// With the diagonal noise of that model each of the four quantities evolves independently of the
/// others, so the filter is four two-state filters (value, velocity), exactly equivalent to the
/// usual 8-state one.
package struct KalmanBoxFilter {
    /// Noise per pixel of height: position (1/20) and velocity (1/160), ByteTrack's weights.
    private static let positionWeight = 1.0 / 20, velocityWeight = 1.0 / 160

    /// One quantity and its velocity, with their 2x2 covariance.
    private struct Axis {
        var value: Double
        var velocity = 0.0
        var pvv: Double, pvw = 0.0, pww: Double

        mutating func predict(valueNoise: Double, velocityNoise: Double) {
            value += velocity
            pvv += 2 * pvw + pww + valueNoise * valueNoise
            pvw += pww
            pww += velocityNoise * velocityNoise
        }

        mutating func update(_ measured: Double, noise: Double) {
            let s = pvv + noise * noise
            let gainValue = pvv / s, gainVelocity = pvw / s
            let innovation = measured - value
            value += gainValue * innovation
            velocity += gainVelocity * innovation
            let (oldVV, oldVW) = (pvv, pvw)
            pvv -= gainValue * oldVV
            pvw -= gainValue * oldVW
            pww -= gainVelocity * oldVW
        }
    }

    private var axes: [Axis]

    /// Starts at `box` with no velocity and ByteTrack's initial uncertainty.
    package init(box: PixelRect) {
        let h = max(box.height, 1)
        let p = 2 * Self.positionWeight * h, v = 10 * Self.velocityWeight * h
        axes = [
            Axis(value: box.centerX, pvv: p * p, pww: v * v),
            Axis(value: box.centerY, pvv: p * p, pww: v * v),
            Axis(value: box.width / h, pvv: 1e-4, pww: 1e-10),
            Axis(value: box.height, pvv: p * p, pww: v * v),
        ]
    }

    /// The box the state describes.
    package var box: PixelRect {
        let h = max(axes[3].value, 1), w = max(axes[2].value, 0.05) * h
        return PixelRect(x: axes[0].value - w / 2, y: axes[1].value - h / 2, width: w, height: h)
    }

    /// Moves the state one frame ahead. `holdingSize`: the height's velocity is set to zero first, as
    /// ByteTrack does for a track no detection has seen lately (an object going behind another is
    /// measured smaller and smaller, and would otherwise be predicted to shrink on while hidden).
    package mutating func predict(holdingSize: Bool = false) {
        if holdingSize { axes[3].velocity = 0 }
        let h = max(axes[3].value, 1)
        let p = Self.positionWeight * h, v = Self.velocityWeight * h
        axes[0].predict(valueNoise: p, velocityNoise: v)
        axes[1].predict(valueNoise: p, velocityNoise: v)
        axes[2].predict(valueNoise: 1e-2, velocityNoise: 1e-5)
        axes[3].predict(valueNoise: p, velocityNoise: v)
    }

    /// Corrects the state with a measured box; `noiseScale` > 1 trusts it less (a tracker's box
    /// rather than a detection).
    package mutating func update(with measured: PixelRect, noiseScale: Double = 1) {
        guard measured.isValid, measured.height > 0 else { return }
        let h = max(axes[3].value, 1)
        let p = noiseScale * Self.positionWeight * h
        axes[0].update(measured.centerX, noise: p)
        axes[1].update(measured.centerY, noise: p)
        axes[2].update(measured.width / measured.height, noise: noiseScale * 1e-1)
        axes[3].update(measured.height, noise: p)
    }
}
