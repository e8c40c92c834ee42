import CFFmpeg

/// A frame rate as an exact fraction of frames per second, e.g. 30000/1001 for NTSC video.
public struct FrameRate: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Frames, at least 1 for a valid rate.
    public let numerator: Int32
    /// Per this many seconds, at least 1 for a valid rate.
    public let denominator: Int32

    /// The exact fraction; no reduction is made.
    public init(numerator: Int32, denominator: Int32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The nearest fraction with a numerator and denominator up to 65535 (so every encoder accepts it);
    /// 29.97 becomes 2997/100. Zero, negative or non-finite values give the invalid rate 0/1.
    public init(_ framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 65535 else {
            self.init(numerator: 0, denominator: 1)
            return
        }
        let rational = av_d2q(framesPerSecond, 65535)
        self.init(numerator: rational.num, denominator: rational.den)
    }

    /// Frames per second; 0 when the rate is invalid.
    public var framesPerSecond: Double {
        isValid ? Double(numerator) / Double(denominator) : 0
    }

    /// Both parts positive.
    public var isValid: Bool { numerator > 0 && denominator > 0 }

    /// `30000/1001`.
    public var description: String { "\(numerator)/\(denominator)" }

    init(_ rational: AVRational) {
        self.init(numerator: rational.num, denominator: rational.den)
    }
}
