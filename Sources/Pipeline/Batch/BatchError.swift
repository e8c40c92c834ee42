import TrackFormats

/// A problem that stops a whole batch before any clip is tracked (bad folders, manifest or shard),
/// or that stops `vtrack merge`. Problems with one clip never throw: they become a `failed` entry
/// of the summary.
public enum BatchError: Error, CustomStringConvertible, Equatable {
    /// The input folder does not exist or is not a folder.
    case notAFolder(path: String)
    /// A folder under the input could not be listed.
    case cannotList(path: String, reason: String)
    /// The output folder is the input folder itself (a subfolder is fine).
    case outputIsInput(path: String)
    /// `--shard` or the scheduler's environment does not describe a valid shard.
    case badShard(spec: String, reason: String)
    /// A scheduler's environment variable (`SLURM_ARRAY_TASK_ID`, ...) is not a number in its range.
    case badVariable(IntegerFieldError)
    /// A summary file could not be read or decoded.
    case badSummary(path: String, reason: String)
    /// A summary file's number is out of its range (`shard_count -1`).
    case badSummaryField(path: String, IntegerFieldError)
    /// The shard summaries given to `merge` do not add up to one batch.
    case incompleteShards(reason: String)
    /// Another batch is writing the same clips into the output folder; `holder` is its process id when known.
    case busy(path: String, holder: Int?)

    public var description: String {
        switch self {
        case .notAFolder(let path): return "\(path): not a folder"
        case .cannotList(let path, let reason): return "\(path): cannot list the folder (\(reason))"
        case .outputIsInput(let path):
            return "\(path): the output folder is the input folder; use another folder (a subfolder is fine)"
        case .badShard(let spec, let reason): return "shard '\(spec)': \(reason)"
        case .badVariable(let error): return "environment variable \(error)"
        case .badSummary(let path, let reason): return "\(path): not a batch summary (\(reason))"
        case .badSummaryField(let path, let error): return "\(path): \(error)"
        case .incompleteShards(let reason): return "cannot merge: \(reason)"
        case .busy(let path, let holder):
            let who = holder.map { "process \($0)" } ?? "another process"
            return "\(path): another vtrack batch (\(who)) is writing into this folder; wait for it to end or use another --out"
        }
    }
}
