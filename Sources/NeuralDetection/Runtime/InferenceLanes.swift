import Foundation

/// Networks compiled for one thread each ("lanes"), so that several trackers' searches on one frame
/// run on all cores at once without the runtime's threads waiting on each other. A lane is compiled
/// when a search finds every lane busy, up to a limit (one per core by default): a run that never
/// searches two objects at once keeps one. Thread-safe.
///
///     let lanes = try InferenceLanes(limit: 2) { try SearchLane(paths) }
///     try lanes.withLane { lane in try lane.run(crop) }
final class InferenceLanes<Lane>: @unchecked Sendable {
    private final class Slot {
        let lane: Lane
        let lock = NSLock()
        init(_ lane: Lane) { self.lane = lane }
    }

    private let compile: () throws -> Lane
    /// The lanes compiled so far (under `lock`).
    private var slots: [Slot]
    private let lock = NSLock()
    /// Most lanes compiled (under `lock`; lowered to the lanes there are when compiling one fails).
    private var limit: Int

    /// Compiles the first lane with `compile` (its error is thrown); more are compiled, with the same
    /// closure, when searches overlap, at most `limit` in all.
    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount, compile: @escaping () throws -> Lane) throws {
        self.compile = compile
        slots = [Slot(try compile())]
        self.limit = max(1, limit)
    }

    /// The first lane compiled, for reading what every lane shares (its shapes); not for running.
    var first: Lane { slots[0].lane }

    /// Runs `body` on a lane held by this thread alone: a free one; else a new one while fewer than
    /// the limit exist (no more are tried once compiling one fails); else the first, once it is free.
    func withLane<Result>(_ body: (Lane) throws -> Result) rethrows -> Result {
        let slot = acquire()
        defer { slot.lock.unlock() }
        return try body(slot.lane)
    }

    private func acquire() -> Slot {
        lock.lock()
        if let free = slots.first(where: { $0.lock.try() }) {
            lock.unlock()
            return free
        }
        if slots.count < limit {
            if let lane = try? compile() {
                let added = Slot(lane)
                added.lock.lock()
                slots.append(added)
                lock.unlock()
                return added
            }
            limit = slots.count
        }
        let first = slots[0]
        lock.unlock()
        first.lock.lock()
        return first
    }
}
