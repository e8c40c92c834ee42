import Files
import Foundation
import TrackFormats

/// The per-clip results of a batch or of one shard of it, written as `summary.json` and
/// `summary.csv` (whole batch) or `summary.shard-I-of-N.json` (one shard; `vtrack merge`
/// combines the shards into `summary.json` and `summary.csv`).
///
/// `summary.csv` has one row per clip, sorted by clip:
///
///     clip,frames,frames_per_s,tracks,mean_confidence,low_confidence_records,status,decoder_warnings,error
///     cam1/0001.mp4,795,88.4,3,0.8120,41,ok,0,
///     cam1/bad.mp4,0,0.0,0,0.0000,0,failed,0,cam1/bad.mp4: not a video file (Invalid data found when processing input)
public struct BatchSummary: Sendable, Codable, Equatable {
    /// 0-based shard index; 0 for a whole batch.
    public var shardIndex: Int
    /// Number of shards; 1 for a whole batch.
    public var shardCount: Int
    /// Clips in the whole batch (all shards).
    public var totalClips: Int
    /// Identifies the batch's clip list, so shards of different lists are not merged.
    public var clipListFingerprint: String
    /// This shard's clips, sorted by clip path.
    public var clips: [BatchClipResult]

    public init(shard: BatchShard, totalClips: Int, clipListFingerprint: String, clips: [BatchClipResult]) {
        shardIndex = shard.index
        shardCount = shard.count
        self.totalClips = totalClips
        self.clipListFingerprint = clipListFingerprint
        self.clips = clips.sorted { $0.clip.utf8.lexicographicallyPrecedes($1.clip.utf8) }
    }

    /// Number of clips with `status`.
    public func count(_ status: BatchClipStatus) -> Int { clips.filter { $0.status == status }.count }

    /// `summary.json` for a whole batch, `summary.shard-I-of-N.json` for a shard.
    public var jsonFileName: String {
        shardCount == 1 ? Self.wholeBatchFileName : "summary.shard-\(shardIndex)-of-\(shardCount).json"
    }

    /// The JSON summary's name for a whole batch (one shard).
    public static let wholeBatchFileName = "summary.json"

    public static let csvHeader = "clip,frames,frames_per_s,tracks,mean_confidence,low_confidence_records,status,decoder_warnings,error"

    /// The CSV table: header and one row per clip, each ending in a newline.
    public var csvText: String {
        var lines = [Self.csvHeader]
        for c in clips {
            let fields = [TrackCSV.quoted(c.clip), String(c.frames), String(format: "%.1f", c.framesPerSecond), String(c.tracks),
                          String(format: "%.4f", c.meanConfidence), String(c.lowConfidenceRecords), c.status.rawValue,
                          String(c.decoderWarnings.count), TrackCSV.quoted(c.error)]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pretty-printed JSON with sorted keys (stable from run to run).
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes ``jsonFileName`` (and `summary.csv` for a whole batch) into `folder`, each atomically.
    /// Returns the paths written. Throws ``OutputError``.
    @discardableResult
    public func write(into folder: String) throws -> [String] {
        var written: [String] = []
        if shardCount == 1 {
            let csv = FilePath.joining(folder, "summary.csv")
            try TextOutputFile.write(csvText, to: csv)
            written.append(csv)
        }
        let json = FilePath.joining(folder, jsonFileName)
        let text: String
        do {
            text = try jsonText()
        } catch {
            throw OutputError.writeFailed(path: json, reason: "\(error)")
        }
        try TextOutputFile.write(text, to: json)
        written.append(json)
        return written
    }

    /// Reads a summary written by ``write(into:)``. Throws ``BatchError/badSummary(path:reason:)``, or
    /// ``BatchError/badSummaryField(path:_:)`` when a number is out of its range (see ``init(from:)``).
    public static func read(path: String) throws -> BatchSummary {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BatchError.badSummary(path: path, reason: "cannot read the file")
        }
        do {
            return try JSONDecoder().decode(BatchSummary.self, from: data)
        } catch let error as IntegerFieldError {
            throw BatchError.badSummaryField(path: path, error)
        } catch {
            throw BatchError.badSummary(path: path, reason: "not the JSON vtrack batch writes")
        }
    }

    /// The shard summaries (`summary.shard-I-of-N.json`) in `folder`, sorted by name; without any,
    /// its `summary.json`, if there is one: a batch run as one shard (`--shard 0/1`, a one-task
    /// array job) writes that, and is a batch of one shard to ``merge(_:)``.
    public static func shardFiles(in folder: String) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw BatchError.cannotList(path: folder, reason: (error as NSError).localizedDescription)
        }
        let shards = names.filter { $0.hasPrefix("summary.shard-") && $0.hasSuffix(".json") }.sorted()
        return (shards.isEmpty ? names.filter { $0 == wholeBatchFileName } : shards).map { FilePath.joining(folder, $0) }
    }

    /// Combines the summaries of all shards of one batch into the whole batch's summary.
    /// Throws ``BatchError/incompleteShards(reason:)`` when shards are missing or repeated, a file's
    /// name (`summary.shard-I-of-N.json`) disagrees with the shard it holds, shards come from
    /// batches with different clip lists or shard counts, or do not account for every clip.
    public static func merge(_ parts: [(path: String, summary: BatchSummary)]) throws -> BatchSummary {
        guard let first = parts.first?.summary else {
            throw BatchError.incompleteShards(reason: "no shard summaries (summary.shard-I-of-N.json, or the summary.json of a one-shard batch) found")
        }
        let count = first.shardCount
        var seen: [Int: String] = [:]
        for (path, summary) in parts {
            guard summary.shardCount == count else {
                throw BatchError.incompleteShards(reason: "\(path) is shard \(summary.shardIndex) of \(summary.shardCount), \(parts[0].path) is one of \(count)")
            }
            guard summary.clipListFingerprint == first.clipListFingerprint, summary.totalClips == first.totalClips else {
                throw BatchError.incompleteShards(reason: "\(path) and \(parts[0].path) come from different clip lists (different input folder or manifest)")
            }
            let name = FilePath.name(of: path)
            if name.hasPrefix("summary.shard-"), name != summary.jsonFileName {
                throw BatchError.incompleteShards(reason: "\(path) holds shard \(summary.shardIndex) of \(summary.shardCount) "
                    + "(\(summary.jsonFileName)): renamed, or copied over another shard's summary")
            }
            if let other = seen[summary.shardIndex] {
                throw BatchError.incompleteShards(reason: "shard \(summary.shardIndex) of \(count) appears twice: \(other) and \(path)")
            }
            seen[summary.shardIndex] = path
        }
        // Compared with the files present first: a count far beyond them costs nothing per shard.
        guard parts.count == count else {
            let shown = 5
            let names = (0..<count).lazy.filter { seen[$0] == nil }.prefix(shown).map { "summary.shard-\($0)-of-\(count).json" }
            let missing = count - parts.count
            let more = missing > shown ? ", and \(missing - shown) more" : ""
            throw BatchError.incompleteShards(reason: "missing \(missing) of \(count) shards: \(names.joined(separator: ", "))\(more)")
        }
        var listedIn: [String: String] = [:]
        for (path, summary) in parts {
            for result in summary.clips {
                if let other = listedIn.updateValue(path, forKey: result.clip) {
                    throw BatchError.incompleteShards(reason: "\(result.clip) is listed twice: in \(other) and in \(path)")
                }
            }
        }
        let clips = parts.flatMap(\.summary.clips)
        guard clips.count == first.totalClips else {
            throw BatchError.incompleteShards(reason: "the shards list \(clips.count) clip results, the batch has \(first.totalClips) clips")
        }
        return BatchSummary(shard: .whole, totalClips: first.totalClips, clipListFingerprint: first.clipListFingerprint, clips: clips)
    }

    /// Decodes the JSON ``write(into:)`` writes. Throws ``IntegerFieldError`` when `shard_count` is
    /// not in `1...BatchShard.mostShards`, `shard_index` not in `0...shard_count - 1` or
    /// `total_clips` negative, before anything is sized by them.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shardCount = try IntegerField("shard_count", in: 1...BatchShard.mostShards)
            .check(try container.decode(Int.self, forKey: .shardCount))
        shardIndex = try IntegerField("shard_index", in: 0...(shardCount - 1)).check(try container.decode(Int.self, forKey: .shardIndex))
        totalClips = try IntegerField("total_clips", in: 0...Int.max).check(try container.decode(Int.self, forKey: .totalClips))
        clipListFingerprint = try container.decode(String.self, forKey: .clipListFingerprint)
        clips = try container.decode([BatchClipResult].self, forKey: .clips)
    }

    enum CodingKeys: String, CodingKey {
        case clips
        case shardIndex = "shard_index"
        case shardCount = "shard_count"
        case totalClips = "total_clips"
        case clipListFingerprint = "clip_list_fingerprint"
    }
}
