import Foundation

/// How the synthetic object's centre moves, as an offset in pixels from its start position.
public enum SyntheticMotion: Equatable, Hashable, Sendable {
    /// The object stays where it starts.
    case stationary
    /// Constant velocity: offset `(dx * t, dy * t)` at frame `t`.
    case linear(dxPerFrame: Double, dyPerFrame: Double)
    /// A Lissajous figure: offset `(ax * sin(2 pi t / px), ay * sin(2 pi t / py))` at frame `t`,
    /// periods in frames; a period that is not positive leaves that axis still.
    case lissajous(amplitudeX: Double, amplitudeY: Double, periodX: Double, periodY: Double)

    /// The offset of the centre at `frame`, in pixels (x right, y down).
    public func offset(atFrame frame: Int) -> PixelOffset {
        let t = Double(frame)
        switch self {
        case .stationary:
            return .zero
        case let .linear(dx, dy):
            return PixelOffset(dx: dx * t, dy: dy * t)
        case let .lissajous(ax, ay, px, py):
            let dx = px > 0 ? ax * sin(2 * Double.pi * t / px) : 0
            let dy = py > 0 ? ay * sin(2 * Double.pi * t / py) : 0
            return PixelOffset(dx: dx, dy: dy)
        }
    }
}
