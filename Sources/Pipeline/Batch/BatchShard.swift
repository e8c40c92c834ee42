import Foundation
import TrackFormats

/// The share of a batch one process works on, when a batch is split over several machines.
///
///     let shard = try BatchShard(parsing: "2/8")      // the third of eight shards
///     shard.includes(position: 10)                     // true: 10 % 8 == 2
///
/// Clips are dealt round-robin over the sorted clip list: the clip at 0-based position `p` goes
/// to shard `p % count`. Every shard therefore needs to see the same clip list (the same input
/// folder and manifest); shard summaries record a fingerprint of the list and `vtrack merge`
/// refuses shards that saw different lists.
public struct BatchShard: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// 0-based, less than ``count``.
    public let index: Int
    /// Number of shards, at least 1.
    public let count: Int

    /// The whole batch in one process.
    public static let whole = BatchShard(uncheckedIndex: 0, count: 1)

    /// The most shards a batch may be split into: the tasks of Slurm's largest job array
    /// (`MaxArraySize` 4000001).
    public static let mostShards = 4_000_001

    /// Environment variable giving the shard count for Kubernetes Indexed Jobs (which set only the index).
    public static let countVariable = "VTRACK_SHARD_COUNT"

    /// Throws ``BatchError/badShard(spec:reason:)`` unless `0 <= index < count <= mostShards`.
    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw BatchError.badShard(spec: "\(index)/\(count)", reason: "the count must be at least 1") }
        guard count <= Self.mostShards else {
            throw BatchError.badShard(spec: "\(index)/\(count)", reason: "the count must be at most \(Self.mostShards)")
        }
        guard (0..<count).contains(index) else {
            throw BatchError.badShard(spec: "\(index)/\(count)", reason: "the index must be 0...\(count - 1) (shards are numbered from 0)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` (0-based index `i` of `n` shards).
    public init(parsing spec: String) throws {
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw BatchError.badShard(spec: spec, reason: "expected INDEX/COUNT, e.g. 0/4")
        }
        try self.init(index: index, count: count)
    }

    /// The shard a job scheduler assigned, or `nil` when none did.
    ///
    /// - Slurm job arrays: index `SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN` (so `--array=1-8` and
    ///   `--array=0-7` both give 0...7), count `SLURM_ARRAY_TASK_COUNT`. The array must be a
    ///   contiguous range (no `:step`).
    /// - Kubernetes Indexed Jobs: index `JOB_COMPLETION_INDEX`, count from `count` or, failing that,
    ///   the environment variable ``countVariable`` (set it to the Job's `completions`).
    ///
    /// `count`, when given, overrides the scheduler's count. Every variable is read by
    /// ``IntegerField``: task numbers and indices in `0...mostShards - 1`, counts in
    /// `1...mostShards`. Throws ``BatchError/badVariable(_:)`` naming the variable when one is
    /// malformed or out of range, and ``BatchError/badShard(spec:reason:)`` when the count is unknown.
    public static func fromEnvironment(_ environment: [String: String], count: Int? = nil) throws -> BatchShard? {
        func integer(_ name: String, isCount: Bool = false) throws -> Int? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            let field = IntegerField(name, in: isCount ? 1...mostShards : 0...(mostShards - 1))
            do {
                return try field.parse(text)
            } catch let error as IntegerFieldError {
                throw BatchError.badVariable(error)
            }
        }
        if let task = try integer("SLURM_ARRAY_TASK_ID") {
            let first = try integer("SLURM_ARRAY_TASK_MIN") ?? 0
            guard let total = try count ?? integer("SLURM_ARRAY_TASK_COUNT", isCount: true) else {
                throw BatchError.badShard(spec: "SLURM_ARRAY_TASK_ID=\(task)", reason: "SLURM_ARRAY_TASK_COUNT is not set; pass --shard-count")
            }
            return try BatchShard(index: task - first, count: total)
        }
        if let index = try integer("JOB_COMPLETION_INDEX") {
            guard let total = try count ?? integer(countVariable, isCount: true) else {
                throw BatchError.badShard(spec: "JOB_COMPLETION_INDEX=\(index)",
                                          reason: "the shard count is unknown; pass --shard-count or set \(countVariable)")
            }
            return try BatchShard(index: index, count: total)
        }
        return nil
    }

    /// True when the clip at 0-based `position` of the sorted clip list belongs to this shard.
    public func includes(position: Int) -> Bool { position % count == index }

    /// True for ``whole``.
    public var isWhole: Bool { count == 1 }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}
