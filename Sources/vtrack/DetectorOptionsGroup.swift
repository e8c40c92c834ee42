import ArgumentParser
import Pipeline

/// The detector options shared by `track`, `batch` and `detect`.
struct DetectorOptionsGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The detector: auto (track/batch only: a box with a person detection under it on its start frame is followed as that person, re-seeded by Intel's person detector and told apart from others by re-identification; any other box as with template), person (Intel's person-detection-0202), person-ssdlite (the SSDLite detector before it) or face (neural, OpenVINO), PATH.onnx (your YOLO model), template (track/batch only: re-detects each boxed object by its grey appearance, and a track lost for 20 frames also by its colours, anywhere in the frame), or an OpenCV cascade (haar-face, profileface, fullbody, upperbody, PATH.xml). A class detector also starts tracks when no --box is given.",
        valueName: "detector"))
    var detector = "auto"

    @Option(parsing: .unconditional, help: ArgumentHelp("With a .onnx detector: the classes to keep, comma-separated (default: all).", valueName: "names"))
    var classes: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With a .onnx detector: a file of class names, one per line, instead of the model's metadata.", valueName: "path"))
    var classNames: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Smallest detection score (0...1) that counts.", valueName: "score"))
    var minScore: Float = 0.5

    func validate() throws {
        guard DetectorChoice.isKnown(detector) else {
            throw ValidationError("unknown detector '\(detector)': use \(DetectorChoice.choicesText)")
        }
        guard minScore.isFinite, minScore >= 0, minScore <= 1 else { throw ValidationError("--min-score must be in 0...1") }
        if classes != nil || classNames != nil, !detector.lowercased().hasSuffix(".onnx") {
            throw ValidationError("--classes and --class-names apply to a .onnx detector")
        }
        if let classes, classList(classes).isEmpty { throw ValidationError("--classes names no class") }
    }

    var choice: DetectorChoice {
        DetectorChoice(parsing: detector, classes: classes.map(classList), classNamesPath: classNames)
    }

    private func classList(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
