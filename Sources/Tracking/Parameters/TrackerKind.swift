/// Which trackers follow an object at a ``TrackingLevel``.
public enum TrackerKind: String, Sendable, CaseIterable {
    /// NanoTrack's Siamese tracker on learned features: v2 alone at `fast`; at `accurate`, v3 fused
    /// with the correlation filter (``FusedTracker``). Needs a ``SiameseNetworkLibrary`` (the neural runtime).
    case learned
    /// LightFC's Siamese tracker on learned features with its authors' loop (OSTrack's), the same at
    /// both levels, judged by ``ConfidenceModel/lightFC``. Stronger than NanoTrack on the development
    /// set (docs/siamese-tracker.md) at about twice the time. Needs a ``SiameseNetworkLibrary``.
    case lightFC = "lightfc"
    /// The correlation filters on hand-made features (gradient and colour cells); no neural runtime.
    case correlationFilter = "correlation-filter"
}
