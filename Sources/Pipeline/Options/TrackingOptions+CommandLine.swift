import Files
import Foundation

extension TrackingOptions {
    /// The `vtrack track` options that make a run of boxes or keyframes track as these options do,
    /// one shell word each, for the commands the pick and review pages show:
    ///
    ///     TrackingOptions(level: .fast, trackerKind: .correlationFilter).boxCommandWords
    ///     // ["--level", "fast", "--correlation-filter"]
    ///
    /// The level is always named (a later release may change the default); the tracker kind, the
    /// re-seeding interval, the detector with its classes, class-names file and smallest score, and
    /// the camera-motion flags are named where they differ from the defaults. The detector's files
    /// are absolute paths, so the command runs from any folder. The start frame is left out: a
    /// keyframe names its frame. So is the automatic detection interval, which box runs do not use.
    public var boxCommandWords: [String] {
        let defaults = TrackingOptions()
        var words = ["--level", level.rawValue]
        switch trackerKind {
        case .learned: break
        case .correlationFilter: words.append("--correlation-filter")
        case .lightFC: words += ["--tracker", trackerKind.rawValue]
        }
        if reseedEvery != defaults.reseedEvery { words += ["--reseed-every", String(reseedEvery)] }
        if detector != defaults.detector {
            switch detector {
            case .yolo(let model):
                words += ["--detector", FilePath.absolute(model.path)]
                if let classes = model.classes { words += ["--classes", classes.joined(separator: ",")] }
                if let names = model.classNamesPath { words += ["--class-names", FilePath.absolute(names)] }
            case .cascade(let name) where name.lowercased().hasSuffix(".xml"):
                words += ["--detector", FilePath.absolute(name)]
            default:
                words += ["--detector", detector.description]
            }
        }
        if detectionMinimumScore != defaults.detectionMinimumScore { words += ["--min-score", String(detectionMinimumScore)] }
        if compensatesCameraMotion { words.append("--camera-motion") }
        if showsCameraMotion { words.append("--show-motion") }
        return words
    }
}
