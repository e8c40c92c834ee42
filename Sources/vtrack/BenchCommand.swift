import ArgumentParser
import Foundation
import Pipeline

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure decode, track and encode throughput on clips.",
        discussion: """
        For each CLIP=BOX pair, prints frames/s for: decoding only; decoding + tracking one box \
        at level fast; the same + encoding the annotated MP4; and the trackers alone at each level.

        Example:
          vtrack bench wakeboard7.mp4=622,298,11,38 clip1080.mp4=645,30,270,285
        """
    )

    @Argument(help: ArgumentHelp("A clip and a box on its first frame: CLIP=x,y,width,height.", valueName: "clip=box"))
    var runs: [String]

    @Option(help: "Folder for the scratch annotated MP4.")
    var scratch = NSTemporaryDirectory()

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        var results: [ThroughputFigures] = []
        for run in runs {
            guard let equals = run.lastIndex(of: "=") else {
                throw ValidationError("expected CLIP=x,y,width,height, got '\(run)'")
            }
            let clip = String(run[..<equals])
            let target = try TrackTarget(parsing: String(run[run.index(after: equals)...]))
            results.append(try ThroughputBenchmark.measure(clip: clip, target: target, scratchFolder: scratch))
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
                         (r.clip as NSString).lastPathComponent, r.width, r.height, r.frames, r.decodeOnly,
                         r.decodeAndTrack, r.trackingOverheadRatio, r.decodeTrackEncode,
                         r.trackerOnly["fast"] ?? 0, r.trackerOnly["accurate"] ?? 0))
        }
    }
}
