/// Why a tracker could not start or a sequence request could not be performed.
public enum TrackingError: Error, CustomStringConvertible, Equatable {
    /// Starting one more tracker of `kind` ("object" or "rectangle") would exceed `limit` live ones.
    case tooManyTrackers(kind: String, limit: Int)
    /// The observation cannot be tracked; the text says why.
    case invalidObservation(String)
    /// The tracking level reads colour and the frame has no `rgb` plane.
    case colourRequired
    /// The networks a Siamese tracker needs cannot be loaded (or no library was given); the text says why.
    case networkUnavailable(String)
    /// A tracker parameter assignment is malformed or names no parameter; the text says why.
    case invalidParameter(String)

    public var description: String {
        switch self {
        case let .tooManyTrackers(kind, limit):
            return "cannot start another \(kind) tracker: \(limit) are live, the limit per sequence handler; "
                + "end one with isLastFrame first"
        case let .invalidObservation(reason):
            return "invalid observation: \(reason)"
        case .colourRequired:
            return "this tracking level needs colour frames (ImageFrame.rgb), but the frame has only luma"
        case let .networkUnavailable(reason):
            return "the Siamese tracker's networks are not available: \(reason)"
        case let .invalidParameter(reason):
            return "invalid tracker parameter: \(reason)"
        }
    }
}
