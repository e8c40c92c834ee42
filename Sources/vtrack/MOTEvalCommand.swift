import ArgumentParser
import Evaluation
import Pipeline
import Tracking

/// `vtrack eval mot DIR` (and the earlier `vtrack eval --mot DIR`): automatic multi-object
/// tracking on a MOTChallenge-layout dataset.
struct MOTEvalCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "mot",
        abstract: "Score automatic multi-object tracking on a MOTChallenge-layout dataset: MOTA, IDF1, HOTA and more.",
        discussion: """
        DIR holds <Name>/seqinfo.ini, <Name>/gt/gt.txt and <Name>/<Name>.mp4 (or
        <Name>/img1/000001.jpg, ...) for each sequence. Each sequence is tracked as
        vtrack track CLIP --detector person --mot FILE does, its file written to
        OUTDIR/mot/<Name>.txt, read back and scored (IoU >= 0.5). The figures and
        the peers' layout are described in docs/evaluation.md.

        Examples:
          vtrack eval mot data/mot --out mot-out
          vtrack eval mot data/mot --compare mot-out/peers --out mot-out
        """
    )

    enum LevelChoice: String, ExpressibleByArgument, CaseIterable {
        case fast, accurate

        var level: TrackingLevel { self == .fast ? .fast : .accurate }
    }

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("Dataset folder (MOTChallenge layout), or one sequence folder.", valueName: "dir"))
    var dataset: String

    @Option(parsing: .unconditional, help: "Tracker level: fast or accurate.")
    var level: LevelChoice = .accurate

    @Option(parsing: .unconditional, help: ArgumentHelp("Output folder for results.json and vtrack's result files (mot/); none may be an input.", valueName: "outdir"))
    var out = "eval-out"

    @Option(parsing: .unconditional, help: ArgumentHelp("Other trackers' results to score beside vtrack's: a folder of <Tracker>/<Name>.txt.", valueName: "peers"))
    var compare: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated sequence names (default: all).", valueName: "a,b"))
    var sequences: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Re-seed the tracks every N frames, as track does.", valueName: "n"))
    var reseedEvery = 50

    @Option(parsing: .unconditional, help: ArgumentHelp("Run the class detector every N frames, as track does.", valueName: "n"))
    var detectEvery = 2

    @Option(parsing: .unconditional, help: ArgumentHelp("The class detector that starts the tracks: person, face, PATH.onnx or a cascade.", valueName: "detector"))
    var detector = "person"

    @Flag(help: "Compensate camera motion (see track --camera-motion).")
    var cameraMotion = false

    func validate() throws {
        guard DetectorChoice.isKnown(detector) else {
            throw ValidationError("unknown detector '\(detector)': use \(DetectorChoice.choicesText)")
        }
        if reseedEvery < 0 { throw ValidationError("--reseed-every must be 0 or more") }
        if detectEvery < 1 { throw ValidationError("--detect-every must be 1 or more") }
        if !DetectorChoice(parsing: detector).findsNewObjects {
            throw ValidationError("the multi-object evaluation needs a class detector that starts tracks (person, face, PATH.onnx or a cascade), not \(detector)")
        }
        if let sequences, EvalCommand.sequenceNames(sequences).isEmpty {
            throw ValidationError("--sequences needs at least one name")
        }
    }

    func run() throws {
        try MOTEvalRun(options: MOTEvaluationOptions(
            sequences: sequences.map(EvalCommand.sequenceNames), outputDirectory: out, peers: compare,
            level: level.level, detector: DetectorChoice(parsing: detector), detectEvery: detectEvery,
            reseedEvery: reseedEvery, compensatesCameraMotion: cameraMotion)).run(dataset: dataset)
    }
}
