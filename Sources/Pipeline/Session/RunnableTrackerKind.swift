import NeuralDetection
import Tracking

/// The trackers a session can run for the kind it was asked for.
enum RunnableTrackerKind {
    /// `kind` when it can run here at `level`; for a learned kind (NanoTrack, LightFC) without the neural runtime,
    /// the correlation filters and the warning line that says so. Throws ``NeuralDetectionError``
    /// naming the file when the runtime is installed but a network that `kind` runs at `level` is
    /// missing or unusable (a broken install is reported, not silently replaced by the filters).
    static func resolve(_ kind: TrackerKind, level: TrackingLevel) throws -> (kind: TrackerKind, warning: String?) {
        guard let release = TrackerConfiguration.for(level, kind: kind).siameseConfiguration?.settings.release,
              try !VendoredSiameseNetworks.checkAvailability(for: release) else { return (kind, nil) }
        return (.correlationFilter, "the neural runtime is not installed (\(InferenceRuntime.libraryPath)): tracking with the "
                + "correlation filters on hand-made features instead of the learned trackers; install it with: bash scripts/install-deps.sh")
    }

    /// `options` with ``resolve(_:)``'s kind for its tracker kind, and the warning.
    static func resolving(_ options: TrackingOptions) throws -> (options: TrackingOptions, warning: String?) {
        let runnable = try resolve(options.trackerKind, level: options.level)
        var resolved = options
        resolved.trackerKind = runnable.kind
        return (resolved, runnable.warning)
    }
}
