import Pipeline
import XCTest

final class BatchShardTests: XCTestCase {
    func testParsing() throws {
        XCTAssertEqual(try BatchShard(parsing: "2/8"), try BatchShard(index: 2, count: 8))
        XCTAssertEqual(try BatchShard(parsing: " 0 / 1 "), .whole)
        for bad in ["", "3", "1/", "/2", "a/b", "2/2", "-1/3", "0/0", "1/2/3"] {
            XCTAssertThrowsError(try BatchShard(parsing: bad), bad) { error in
                XCTAssertTrue("\(error)".hasPrefix("shard '\(bad)'"), "\(error)")
            }
        }
    }

    func testShardsPartitionTheClipList() throws {
        for count in 1...5 {
            let shards = try (0..<count).map { try BatchShard(index: $0, count: count) }
            for position in 0..<23 {
                XCTAssertEqual(shards.filter { $0.includes(position: position) }.count, 1, "position \(position) of \(count)")
            }
            let sizes = shards.map { shard in (0..<23).filter(shard.includes).count }
            XCTAssertLessThanOrEqual((sizes.max() ?? 0) - (sizes.min() ?? 0), 1, "round-robin is balanced to one clip")
        }
    }

    func testSlurmArray() throws {
        XCTAssertEqual(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       try BatchShard(index: 3, count: 4))
        XCTAssertEqual(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1",
                                                       "SLURM_ARRAY_TASK_COUNT": "4"]),
                       try BatchShard(index: 3, count: 4), "--array=1-4 numbers tasks from 1")
        XCTAssertEqual(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], count: 2),
                       try BatchShard(index: 1, count: 2), "an explicit count wins")
        XCTAssertThrowsError(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1"]))
        XCTAssertThrowsError(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"]))
        XCTAssertThrowsError(try BatchShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4"]))
    }

    func testKubernetesIndexedJob() throws {
        XCTAssertEqual(try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "2", "VTRACK_SHARD_COUNT": "5"]),
                       try BatchShard(index: 2, count: 5))
        XCTAssertEqual(try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"], count: 3), try BatchShard(index: 2, count: 3))
        XCTAssertThrowsError(try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"])) { error in
            XCTAssertTrue("\(error)".contains("--shard-count or set VTRACK_SHARD_COUNT"), "\(error)")
        }
        XCTAssertNil(try BatchShard.fromEnvironment(["HOME": "/root"]))
    }
}
