import ArgumentParser
import Files
import Foundation
import Pipeline
import TrackFormats
import Tracking

struct BenchCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure decode, track and encode throughput on clips.",
        discussion: """
        For each CLIP=BOX pair, prints frames/s for: decoding only; decoding + tracking one box \
        at level fast; the same + encoding the annotated MP4; and the trackers alone at each level.

        With --detector, instead tracks all the boxes of each CLIP=BOX;BOX;... at level accurate \
        with --reseed-every 0 and then with the detector every --reseed-every frames, one after the \
        other in this process, and prints both frames/s and their ratio.

        Examples:
          vtrack bench wakeboard7.mp4=622,298,11,38 clip1080.mp4=645,30,270,285
          vtrack bench --detector person "group1_1.mp4=712,438,45,107;788,488,41,107;877,437,50,118"
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("A clip and a box on its first frame: CLIP=x,y,width,height.", valueName: "clip=box"))
    var runs: [String]

    @Option(parsing: .unconditional, help: "Folder for the scratch annotated MP4.")
    var scratch = NSTemporaryDirectory()

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Run the correlation filters on hand-made features at both levels (as `track --correlation-filter`) instead of the learned trackers.")
    var correlationFilter = false

    @Flag(help: "Accepted for one release and ignored: the learned trackers are now the default (see --correlation-filter).")
    var learnedFeatures = false

    @Option(parsing: .unconditional, help: TrackerChoice.help)
    var tracker: TrackerKind?

    @Option(parsing: .unconditional, help: ArgumentHelp("Measure re-seeding from this detector (person, face, PATH.onnx, a cascade) instead.", valueName: "detector"))
    var detector: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --detector: frames between detector runs.", valueName: "n"))
    var reseedEvery = 50

    func validate() throws {
        _ = try TrackerChoice.kind(tracker, correlationFilter: correlationFilter)
        if let detector, !DetectorChoice.isKnown(detector) {
            throw ValidationError("unknown detector '\(detector)': use \(DetectorChoice.choicesText)")
        }
    }

    func run() throws {
        if let detector { return try measureReseeding(DetectorChoice(parsing: detector)) }
        var results: [ThroughputFigures] = []
        for run in runs {
            guard let equals = run.lastIndex(of: "=") else {
                throw ValidationError("expected CLIP=x,y,width,height, got '\(run)'")
            }
            let clip = String(run[..<equals])
            let target = try TrackTarget(parsing: String(run[run.index(after: equals)...]))
            results.append(try ThroughputBenchmark.measure(clip: clip, target: target, scratchFolder: scratch,
                                                                 trackerKind: TrackerChoice.kind(tracker, correlationFilter: correlationFilter)))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
            return
        }
        print("| clip | size | frames | decode fps | decode+track fps | ratio | +encode fps | tracker fast fps | tracker accurate fps |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in results {
            print(String(format: "| %@ | %dx%d | %d | %.1f | %.1f | %.2f | %.1f | %.0f | %.0f |",
                         FilePath.name(of: r.clip), r.width, r.height, r.frames, r.decodeOnly,
                         r.decodeAndTrack, r.trackingOverheadRatio, r.decodeTrackEncode,
                         r.trackerOnly["fast"] ?? 0, r.trackerOnly["accurate"] ?? 0))
        }
    }

    private func measureReseeding(_ detector: DetectorChoice) throws {
        guard reseedEvery > 0 else { throw ValidationError("--reseed-every must be 1 or more") }
        var results: [ReseedThroughputFigures] = []
        for run in runs {
            guard let equals = run.lastIndex(of: "=") else {
                throw ValidationError("expected CLIP=x,y,width,height;x,y,width,height..., got '\(run)'")
            }
            let clip = String(run[..<equals])
            let targets = try run[run.index(after: equals)...].split(separator: ";").map { try TrackTarget(parsing: String($0)) }
            results.append(try ReseedThroughput.measure(clip: clip, targets: targets, detector: detector, reseedEvery: reseedEvery))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
            return
        }
        print("| clip | boxes | detector | model load s | fps --reseed-every 0 | fps every \(reseedEvery) | ratio |")
        print("|---|---:|---|---:|---:|---:|---:|")
        for r in results {
            print(String(format: "| %@ | %d | %@ | %.1f | %.1f | %.1f | %.2f |", FilePath.name(of: r.clip), r.boxes,
                         r.detector, r.detectorLoadSeconds, r.withoutReseeding, r.withDetector, r.ratio))
        }
    }
}
