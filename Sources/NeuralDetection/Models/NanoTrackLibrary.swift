import Tracking

/// NanoTrack's vendored networks for a `SequenceRequestHandler`, each release compiled on first
/// use and shared by every tracker of the process (``NanoTrackNetwork/loaded(_:)``).
public struct NanoTrackLibrary: SiameseNetworkLibrary {
    public init() {}

    /// Whether both releases' networks load (the runtime is installed and the files are intact);
    /// checked once per process.
    public static let isAvailable: Bool = SiameseNetworkRelease.allCases.allSatisfy { (try? NanoTrackLibrary().network($0)) != nil }

    public func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork {
        switch release {
        case .nanoTrackV2: return try NanoTrackNetwork.loaded(.v2)
        case .nanoTrackV3: return try NanoTrackNetwork.loaded(.v3)
        }
    }
}
