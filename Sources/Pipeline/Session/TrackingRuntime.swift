import NeuralDetection
import Tracking

/// The networks a session's trackers use, loaded in one place: the appearance describer (shared by
/// the process; nil without the neural runtime or when not asked for) and a NanoTrack library per
/// sequence handler.
struct TrackingRuntime {
    /// Describes the boxes' appearance for the confidence's appearance cue; nil without it.
    let describer: AppearanceDescription?

    /// Loads the describer when `describesAppearance`. Throws `NeuralDetectionError` when the runtime
    /// is installed and the describer is not usable.
    init(describesAppearance: Bool) throws {
        describer = describesAppearance ? try AppearanceDescription.loadShared() : nil
    }

    /// Whether the trackers get the appearance cue.
    var appearanceCue: Bool { describer != nil }

    /// A sequence handler of its own (trackers, NanoTrack networks) on the shared describer.
    func makeHandler() -> SequenceRequestHandler {
        SequenceRequestHandler(appearance: describer, siameseNetworks: VendoredSiameseNetworks())
    }
}
