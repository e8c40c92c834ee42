import Files
import Foundation

/// The advisory lock that keeps two batches from writing the same clips into one output folder.
///
/// One file, `OUT/.vtrack-batch.lock`, carries POSIX record locks: a whole batch locks all of it,
/// shard `I/N` locks byte `1 + I`. So shards with different indices run side by side (on one
/// machine, or on many over a file system with POSIX locks), while a second run of the same shard,
/// or a whole batch beside any shard, is refused at once with the id of the process that holds
/// the lock. The kernel releases the lock when the process ends, however it ends.
final class BatchLock {
    private let descriptor: Int32

    /// Takes the lock for `shard` in `folder` (which exists). Throws ``BatchError/busy(path:holder:)``
    /// when another process holds it, ``OutputError`` when the lock file cannot be created.
    init(folder: String, shard: BatchShard) throws {
        let path = FilePath.joining(folder, ".vtrack-batch.lock")
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = shard.isWhole ? 0 : off_t(1 + shard.index)
        region.l_len = shard.isWhole ? 0 : 1
        guard fcntl(descriptor, F_SETLK, &region) == 0 else {
            var holder = region
            let known = fcntl(descriptor, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK)
            close(descriptor)
            throw BatchError.busy(path: folder, holder: known ? Int(holder.l_pid) : nil)
        }
    }

    deinit {
        close(descriptor)
    }
}
