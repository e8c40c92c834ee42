import Tracking

/// NanoTrack's vendored networks for a `SequenceRequestHandler`, each release compiled on first
/// use and shared by every tracker of the process (``NanoTrackNetwork/loaded(_:)``).
public struct NanoTrackLibrary: SiameseNetworkLibrary {
    public init() {}

    /// Whether a learned-feature level whose Siamese tracker runs `release` can run: false when the
    /// OpenVINO runtime is not installed (the level then runs its correlation filter); throws
    /// ``NeuralDetectionError`` naming the file when the runtime is there but a NanoTrack file is
    /// missing, damaged or unusable (a broken install is reported, not silently replaced by the
    /// filters). Every release's files are checked (present, regular, SHA-256) once per process, but
    /// only `release`'s networks are compiled: the other release's would cost start-up time and
    /// memory that a run of one level never uses.
    public static func checkAvailability(for release: SiameseNetworkRelease) throws -> Bool {
        guard try installation.get() else { return false }
        _ = try NanoTrackLibrary().network(release)
        return true
    }

    /// Whether the runtime is installed, once every NanoTrack file is found sound.
    private static let installation: Result<Bool, Error> = Result {
        do {
            try InferenceRuntime.load()
        } catch NeuralDetectionError.runtimeMissing {
            return false
        }
        for release in SiameseNetworkRelease.allCases { try NanoTrackNetwork.checkFiles(of: version(of: release)) }
        return true
    }

    public func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork {
        try NanoTrackNetwork.loaded(Self.version(of: release))
    }

    private static func version(of release: SiameseNetworkRelease) -> NanoTrackNetwork.Version {
        switch release {
        case .nanoTrackV2: .v2
        case .nanoTrackV3: .v3
        }
    }
}
