import Tracking

/// NanoTrack's vendored networks for a `SequenceRequestHandler`, each release compiled on first
/// use and shared by every tracker of the process (``NanoTrackNetwork/loaded(_:)``).
public struct NanoTrackLibrary: SiameseNetworkLibrary {
    public init() {}

    /// Whether the learned-feature levels can run: false when the OpenVINO runtime is not installed
    /// (the levels then run their correlation filters); throws ``NeuralDetectionError`` naming the
    /// file when the runtime is there but a network file is missing, damaged or unusable (a broken
    /// install is reported, not silently replaced by the filters). Checked once per process.
    public static func checkAvailability() throws -> Bool {
        try availability.get()
    }

    private static let availability: Result<Bool, Error> = Result {
        do {
            try InferenceRuntime.load()
        } catch NeuralDetectionError.runtimeMissing {
            return false
        }
        for release in SiameseNetworkRelease.allCases { _ = try NanoTrackLibrary().network(release) }
        return true
    }

    public func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork {
        switch release {
        case .nanoTrackV2: return try NanoTrackNetwork.loaded(.v2)
        case .nanoTrackV3: return try NanoTrackNetwork.loaded(.v3)
        }
    }
}
