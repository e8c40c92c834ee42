import Tracking

/// NanoTrack's vendored networks for a `SequenceRequestHandler`, each release compiled on first
/// use and shared by every tracker of the process (``NanoTrackNetwork/loaded(_:)``).
public struct NanoTrackLibrary: SiameseNetworkLibrary {
    public init() {}

    /// Whether a learned-feature level whose Siamese tracker runs `release` can run: false when the
    /// OpenVINO runtime is not installed (the level then runs its correlation filter); throws
    /// ``NeuralDetectionError`` naming the file when the runtime is there but a network file of
    /// `release` is missing, damaged or unusable (a broken install is reported, not silently replaced
    /// by the filters). Compiles only `release`'s networks (the other release costs start-up time and
    /// memory a run of one level never uses), once per process.
    public static func checkAvailability(for release: SiameseNetworkRelease) throws -> Bool {
        guard try runtimeAvailability.get() else { return false }
        _ = try NanoTrackLibrary().network(release)
        return true
    }

    private static let runtimeAvailability: Result<Bool, Error> = Result {
        do {
            try InferenceRuntime.load()
            return true
        } catch NeuralDetectionError.runtimeMissing {
            return false
        }
    }

    public func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork {
        switch release {
        case .nanoTrackV2: return try NanoTrackNetwork.loaded(.v2)
        case .nanoTrackV3: return try NanoTrackNetwork.loaded(.v3)
        }
    }
}
