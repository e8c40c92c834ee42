import ArgumentParser
import Files
import Foundation
import Pages
import Pipeline

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the shard summaries of a sharded batch into summary.csv, summary.json and index.html.",
        discussion: """
        Each argument is an output folder of `vtrack batch --shard` (all its summary.shard-I-of-N.json \
        files are read, or its summary.json when the batch ran as one shard) or one such file. Every shard 0...N-1 must be present exactly once and all \
        must come from the same clip list; otherwise nothing is written. index.html links the clips' \
        review pages and thumbnails found in the output folder (all of them when the shards shared it).

        A batch that ran whole (unsharded, or --shard 0/1) already has its summary and index; \
        merging it into its own folder says there is nothing to merge.

        Exit status: 0 when every clip is ok or skipped, 2 when some clip failed, 1 when the shards \
        cannot be merged.

        Examples:
          vtrack merge tracks/                       # shards that shared one output folder
          vtrack merge node1/ node2/ node3/ --out tracks/
        """
    )

    @Argument(help: ArgumentHelp("Batch output folders or shard summary files.", valueName: "outdir"))
    var sources: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("Where to write summary.csv, summary.json and index.html, created when missing (default: the first folder).", valueName: "dir"))
    var out: String?

    func validate() throws {
        if sources.isEmpty { throw ValidationError("give at least one batch output folder") }
    }

    func run() throws {
        var files: [String] = []
        for source in sources {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
                throw BatchError.badSummary(path: source, reason: "no such file or folder")
            }
            files += isFolder.boolValue ? try BatchSummary.shardFiles(in: source) : [source]
        }
        var seen = Set<String>()
        let unique = files.filter { file in
            seen.insert(URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path).inserted
        }
        let folder = out ?? defaultFolder
        if let whole = alreadyWhole(unique, folder: folder) {
            let summary = try BatchSummary.read(path: whole)
            let failed = summary.count(.failed)
            print("nothing to merge: \(whole) is already the whole batch's summary"
                  + " (\(summary.count(.ok)) ok, \(failed) failed, \(summary.count(.skipped)) skipped)")
            if failed > 0 { throw ExitCode(2) }
            return
        }
        var merging = CommandFiles()
        for file in unique {
            let whole = FilePath.name(of: file) == BatchSummary.wholeBatchFileName
            merging.input(whole ? "the summary of a one-shard batch, already whole" : "a shard summary", file)
        }
        for name in ["summary.csv", "summary.json", BatchIndexPage.fileName] {
            merging.output("summary", FilePath.joining(folder, name), streams: false)
        }
        try merging.check()
        let parts = try unique.map { (path: $0, summary: try BatchSummary.read(path: $0)) }
        let merged = try BatchSummary.merge(parts)
        try FilePath.createFolder(folder, for: folder)
        let written = try merged.write(into: folder) + [BatchIndexPage(summary: merged, outputFolder: folder).write(into: folder)]
        let failed = merged.count(.failed)
        print("merged \(parts.count) shards: \(merged.count(.ok)) ok, \(failed) failed, \(merged.count(.skipped)) skipped")
        for path in written { print("wrote \(path)") }
        if failed > 0 { throw ExitCode(2) }
    }

    /// The one file of `files` when it is a whole batch's summary (a batch run unsharded or as one
    /// shard) and the merge would write it onto itself; nil otherwise.
    private func alreadyWhole(_ files: [String], folder: String) -> String? {
        guard files.count == 1, let only = files.first, FilePath.name(of: only) == BatchSummary.wholeBatchFileName,
              CommandFiles.sameFile(only, FilePath.joining(folder, BatchSummary.wholeBatchFileName)) else { return nil }
        return only
    }

    /// The first source if it is a folder, else the folder of the first file.
    private var defaultFolder: String {
        let first = sources[0]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: first, isDirectory: &isFolder), isFolder.boolValue { return first }
        let parent = FilePath.folder(of: first)
        return parent.isEmpty ? "." : parent
    }
}
