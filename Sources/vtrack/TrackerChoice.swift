import ArgumentParser
import Tracking

extension TrackerKind: ExpressibleByArgument {}

/// The tracker kind a command runs: `--tracker KIND`, or `--correlation-filter` (its shorthand).
enum TrackerChoice {
    /// The help of every command's `--tracker` option.
    static let help = ArgumentHelp(
        "Which tracker follows the boxes: learned (the default: NanoTrack's Siamese tracker, fused with the correlation filter at accurate), lightfc (LightFC's Siamese tracker, the same at both levels: more accurate, about twice the time), or correlation-filter (as --correlation-filter).",
        valueName: "kind")

    /// The kind `tracker` names (default ``TrackerKind/learned``), or the correlation filter with
    /// `correlationFilter`; throws a ``ValidationError`` when the two name different kinds.
    static func kind(_ tracker: TrackerKind?, correlationFilter: Bool) throws -> TrackerKind {
        guard correlationFilter else { return tracker ?? .learned }
        if let tracker, tracker != .correlationFilter {
            throw ValidationError("--correlation-filter and --tracker \(tracker.rawValue) name different trackers: give one")
        }
        return .correlationFilter
    }
}
