/// Trained networks a ``SiameseSettings`` may name; each release's settings were tuned on it.
public enum SiameseNetworkRelease: String, Sendable, CaseIterable {
    /// NanoTrack v2: 48 feature channels, a 16x16 response grid.
    case nanoTrackV2 = "nanotrack-v2"
    /// NanoTrack v3: 96 feature channels, a 15x15 response grid.
    case nanoTrackV3 = "nanotrack-v3"
    /// LightFC (the authors' 8-bit export): 96 template channels, a 16x16 grid of centres, sizes and offsets.
    case lightFC = "lightfc"
}

/// Where a ``SequenceRequestHandler`` gets the networks its Siamese trackers run (vtrack's is
/// `VendoredSiameseNetworks` in `NeuralDetection`, which compiles each release once per process).
public protocol SiameseNetworkLibrary: Sendable {
    /// The compiled networks of `release`; throws (naming the file) when they are missing or unusable.
    func network(_ release: SiameseNetworkRelease) throws -> SiameseNetwork
}
