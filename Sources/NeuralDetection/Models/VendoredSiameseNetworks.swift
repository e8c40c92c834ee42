import Tracking

/// The vendored Siamese networks (NanoTrack v2 and v3, LightFC) for a `SequenceRequestHandler`, each
/// release compiled on first use and shared by every tracker of the process
/// (``NanoTrackNetwork/loaded(_:)``, ``LightFCNetwork/loaded()``).
public struct VendoredSiameseNetworks: SiameseNetworkLibrary {
    public init() {}

    /// Whether a learned-feature level whose Siamese tracker runs `release` can run: false when the
    /// OpenVINO runtime is not installed (the level then runs its correlation filter); throws
    /// ``NeuralDetectionError`` naming the file when the runtime is there but a network's file is
    /// missing, damaged or unusable (a broken install is reported, not silently replaced by the
    /// filters). Every release's files are checked (present, regular, SHA-256) once per process, but
    /// only `release`'s networks are compiled: the others' would cost start-up time and memory that
    /// a run of one level never uses.
    public static func checkAvailability(for release: SiameseNetworkRelease) throws -> Bool {
        guard try installation.get() else { return false }
        _ = try VendoredSiameseNetworks().network(release)
        return true
    }

    /// Whether the runtime is installed, once every network's files are found sound.
    private static let installation: Result<Bool, Error> = Result {
        do {
            try InferenceRuntime.load()
        } catch NeuralDetectionError.runtimeMissing {
            return false
        }
        for version in NanoTrackNetwork.Version.allCases { try NanoTrackNetwork.checkFiles(of: version) }
        try LightFCNetwork.checkFiles()
        return true
    }

    public func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork {
        switch release {
        case .nanoTrackV2: try NanoTrackNetwork.loaded(.v2)
        case .nanoTrackV3: try NanoTrackNetwork.loaded(.v3)
        case .lightFC: try LightFCNetwork.loaded()
        }
    }
}
