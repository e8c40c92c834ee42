import Foundation

/// The advisory locks that keep two batches from writing the same clips into one output folder.
///
/// A whole batch holds `OUT/.vtrack-batch.lock` exclusively; a shard holds it shared and
/// `OUT/.vtrack-batch.shard-I-of-N.lock` exclusively. So shards of one batch run side by side
/// (on one machine or on many, over a file system with `flock`), while a second run of the same
/// shard, or a whole batch beside any shard, is refused at once, naming the process that holds the
/// lock. The kernel releases the locks when the process ends, however it ends.
final class BatchLock {
    private var descriptors: [Int32] = []

    /// Takes the locks for `shard` in `folder` (which exists). Throws ``BatchError/busy(path:holder:)``
    /// when another batch holds them, ``OutputError`` when a lock file cannot be created.
    init(folder: String, shard: BatchShard) throws {
        let whole = (folder as NSString).appendingPathComponent(".vtrack-batch.lock")
        if shard.isWhole {
            try take(whole, exclusive: true, folder: folder)
        } else {
            try take(whole, exclusive: false, folder: folder)
            let own = (folder as NSString).appendingPathComponent(".vtrack-batch.shard-\(shard.index)-of-\(shard.count).lock")
            try take(own, exclusive: true, folder: folder)
        }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    private func take(_ path: String, exclusive: Bool, folder: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let holder = Self.recordedProcess(descriptor)
            close(descriptor)
            throw BatchError.busy(path: folder, holder: holder)
        }
        descriptors.append(descriptor)
        let pid = "\(getpid())\n"
        if ftruncate(descriptor, 0) == 0 { _ = pid.withCString { write(descriptor, $0, strlen($0)) } }
    }

    /// The process id the last holder wrote into the lock file, if readable.
    private static func recordedProcess(_ descriptor: Int32) -> Int? {
        var buffer = [CChar](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, 31, 0)
        guard count > 0 else { return nil }
        return Int(String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
