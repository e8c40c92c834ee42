import ArgumentParser
import Pipeline
import Tracking

extension TrackingLevel: ExpressibleByArgument {}

/// Options shared by the commands that track.
struct TrackingOptionsGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: "Tracker level: fast (NanoTrack v2's Siamese tracker on learned features) or accurate (NanoTrack v3 and the correlation filter on every frame, fused: where their boxes disagree a fitted choice reports the one more likely on the object, and a sure Siamese tracker restarts a doubtful filter). A lost object is searched for and found again by the tracker itself (docs/siamese-tracker.md).")
    var level: TrackingLevel = .accurate

    @Flag(help: "Follow the boxes with the level's correlation filter on hand-made features instead (fast: grey gradient cells; accurate: gradient and colour cells held to the object's box). Needs no neural runtime; without one the filters run anyway, with a warning.")
    var correlationFilter = false

    @Flag(help: "Accepted for one release and ignored: the learned trackers are now the default (see --correlation-filter).")
    var learnedFeatures = false

    @Option(parsing: .unconditional, help: TrackerChoice.help)
    var tracker: TrackerKind?

    @Option(parsing: .unconditional, help: "0-based index of the frame the boxes refer to; tracking starts there.")
    var startFrame = 0

    @Option(parsing: .unconditional, help: "Run a class detector every N frames and re-seed the tracks it matches; search for lost and doubtful tracks (a learned tracker across the whole frame) (0: neither).")
    var reseedEvery = 50

    @Option(parsing: .unconditional, help: "Without --box (every object a class detector finds is tracked): run the detector every N frames; newcomers are confirmed after 2 runs.")
    var detectEvery = 2

    @OptionGroup var detection: DetectorOptionsGroup

    @Flag(help: "Register each frame against the previous one and move the trackers' search by the camera's motion (panning footage); a weak search also tries where the camera may have kept the object.")
    var cameraMotion = false

    @Flag(help: "Show the camera's motion in the annotated MP4: a 'still' or 'moving dx,dy' tag in the top-right corner.")
    var showMotion = false

    func validate() throws {
        if startFrame < 0 { throw ValidationError("--start-frame must be 0 or more") }
        if reseedEvery < 0 { throw ValidationError("--reseed-every must be 0 or more") }
        if detectEvery < 1 { throw ValidationError("--detect-every must be 1 or more") }
        _ = try TrackerChoice.kind(tracker, correlationFilter: correlationFilter)
    }

    var options: TrackingOptions {
        TrackingOptions(level: level, startFrame: startFrame, reseedEvery: reseedEvery,
                        detector: detection.choice, detectionMinimumScore: detection.minScore,
                        compensatesCameraMotion: cameraMotion, showsCameraMotion: showMotion,
                        automaticDetectionInterval: detectEvery, trackerKind: (try? TrackerChoice.kind(tracker, correlationFilter: correlationFilter)) ?? .learned)
    }
}
