/// Which trackers follow an object at a ``TrackingLevel``.
public enum TrackerKind: String, Sendable, CaseIterable {
    /// NanoTrack's Siamese tracker on learned features: v2 alone at `fast`; at `accurate`, v3 fused
    /// with the correlation filter (``FusedTracker``). Needs a ``SiameseNetworkLibrary`` (the neural runtime).
    case learned
    /// The correlation filters on hand-made features (gradient and colour cells); no neural runtime.
    case correlationFilter = "correlation-filter"
}
