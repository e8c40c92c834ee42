import ArgumentParser
import Files
import Foundation
import Pages
import Pipeline

struct BatchCommand: ParsableCommand, ShowsFFmpegLog {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Track every clip under a folder; write per-clip CSV and MP4 files and a summary.",
        discussion: """
        Clips are the .mp4 .mov .mkv .avi .webm .m4v files under DIR (recursively, hidden files \
        skipped). Boxes for DIR/a/clip.mp4 come from --manifest, else from the sidecar \
        DIR/a/clip.boxes.csv (header frame,label,x,y,width,height; frame and label optional) or \
        DIR/a/clip.boxes.json ([{"label":"car","x":10,"y":20,"width":64,"height":40,"frame":0}]); \
        pixels, origin at the top-left pixel. Clips without boxes start their tracks from a class \
        detector (--detector face) when one is given, and are skipped otherwise.

        Writes OUT/a/clip.csv, OUT/a/clip.html (the clip's review page), OUT/a/clip.thumb.png, \
        OUT/a/clip.mp4 (not with --no-video), OUT/a/clip.mot.txt (with --mot), \
        OUT/a/clip.jsonl (with --jsonl), OUT/a/clip.cvat.xml (with --cvat) and OUT/a/clip.done.json (written last: the clip is \
        complete), then OUT/summary.csv, OUT/summary.json and OUT/index.html (every clip with its \
        thumbnail, its objects' solid/dashed/lost shares, its status and a link to its page; the clips \
        that need review most first). Run again after an interruption and only \
        unfinished clips are tracked (--force tracks all again).

        Sharding: --shard I/N (0-based) tracks every N-th clip starting at the I-th; without it the \
        shard comes from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX with \
        --shard-count or VTRACK_SHARD_COUNT. A shard writes summary.shard-I-of-N.json; \
        `vtrack merge` combines them. See docs/batch.md.

        Exit status: 0 when every clip is ok or skipped, 2 when some clip failed, 1 when the batch \
        could not start.

        Examples:
          vtrack batch footage/ --out tracks/ --jobs 2
          vtrack batch footage/ --out tracks/ --manifest boxes.csv --no-video \\
              --shard 0/4
          vtrack batch interviews/ --out faces/ --detector face
        """
    )

    @OptionGroup var log: FFmpegLogOptions

    @Argument(help: ArgumentHelp("Folder searched recursively for clips.", valueName: "dir"))
    var folder: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Output folder (may be inside DIR, not DIR itself).", valueName: "dir"))
    var out: String

    @Option(parsing: .unconditional, help: ArgumentHelp("CSV with columns clip,frame,label,x,y,width,height (clip relative to DIR).", valueName: "csv"))
    var manifest: String?

    @OptionGroup var tracking: TrackingOptionsGroup

    @Flag(help: "Write no annotated MP4.")
    var noVideo = false

    @Flag(help: "Also write OUT/<clip>.mot.txt: MOTChallenge rows (frame 1-based, id, box, confidence, -1,-1,-1), as track --mot writes them.")
    var mot = false

    @Flag(help: "Also write OUT/<clip>.jsonl: one JSON object per frame with its tracks.")
    var jsonl = false

    @Flag(help: "Also write OUT/<clip>.cvat.xml: CVAT for video 1.1 XML, as track --cvat writes it.")
    var cvat = false

    @Flag(help: "Track clips again even when their outputs are complete.")
    var force = false

    @Option(parsing: .unconditional, help: "Clips tracked at the same time (default: the number of cores on this machine).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(parsing: .unconditional, help: ArgumentHelp("Track only this share of the clips: I/N, 0 <= I < N.", valueName: "i/n"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Number of shards, for schedulers that give only the index (JOB_COMPLETION_INDEX).",
                               valueName: "n"))
    var shardCount: Int?

    @Flag(help: "Print only the final counts.")
    var quiet = false

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be 1 or more") }
    }

    func run() throws {
        let chosenShard = try resolvedShard()
        let runner = try BatchRunner(configuration: BatchConfiguration(
            inputFolder: folder, outputFolder: out, options: tracking.options, manifestPath: manifest,
            writesVideo: !noVideo, writesMOT: mot, writesJSONLines: jsonl, writesCVAT: cvat, force: force, jobs: jobs, shard: chosenShard))
        let display = BatchProgressDisplay(enabled: !quiet)
        if !quiet {
            let share = chosenShard.isWhole ? "" : ", \(runner.clips.count) in shard \(chosenShard)"
            let parallel = min(jobs, max(1, runner.clips.count))
            display.note("\(runner.allClips.count) clips under \(folder)\(share), \(parallel) at a time")
        }
        let summary = try runner.run(progress: display.show, clipFinished: display.finished)
        display.end()
        let failed = summary.count(.failed)
        print("\(summary.count(.ok)) ok, \(failed) failed, \(summary.count(.skipped)) skipped; summary: "
              + FilePath.joining(out, summary.jsonFileName)
              + (chosenShard.isWhole ? "; index: " + FilePath.joining(out, BatchIndexPage.fileName) : ""))
        if failed > 0 { throw ExitCode(2) }
    }

    /// --shard, else the scheduler's environment, else the whole batch.
    private func resolvedShard() throws -> BatchShard {
        if let shard {
            let parsed = try BatchShard(parsing: shard)
            if let shardCount, shardCount != parsed.count {
                throw ValidationError("--shard \(shard) and --shard-count \(shardCount) disagree")
            }
            return parsed
        }
        return try BatchShard.fromEnvironment(ProcessInfo.processInfo.environment, count: shardCount) ?? .whole
    }
}

/// Batch progress on standard error: a bar redrawn in place on a terminal with a line per finished
/// clip above it; one plain line per finished clip otherwise (logs, CI, schedulers).
private final class BatchProgressDisplay {
    private let enabled: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var barShown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func note(_ text: String) {
        write(text + "\n")
    }

    func show(_ progress: BatchProgress) {
        guard enabled, isTerminal else { return }
        write("\r" + progress.line() + "\u{1B}[K")
        barShown = true
    }

    func finished(_ result: BatchClipResult, _ progress: BatchProgress) {
        guard enabled else { return }
        if isTerminal {
            write("\r\u{1B}[K" + progress.logLine(for: result) + "\n" + progress.line() + "\u{1B}[K")
            barShown = true
        } else {
            write(progress.logLine(for: result) + "\n")
        }
    }

    func end() {
        if enabled && barShown { write("\n") }
    }

    private func write(_ text: String) {
        guard enabled else { return }
        StandardError.write(text)
    }
}
