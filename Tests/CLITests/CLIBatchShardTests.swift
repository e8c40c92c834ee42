import Files
import Foundation
import Pipeline
import XCTest

/// Shards started as separate processes (by --shard, by Slurm's and by Kubernetes' environment)
/// and merged produce exactly what one unsharded batch produces.
final class CLIBatchShardTests: XCTestCase {
    func testShardsTogetherEqualOneRun() throws {
        let folder = try CLITemporaryFolder()
        let patterns = ["testsrc2", "testsrc", "rgbtestsrc", "smptebars", "testsrc2"]
        for (index, pattern) in patterns.enumerated() {
            let clip = "in/\(index % 2 == 0 ? "even" : "odd")/clip \(index).mp4"
            try CLI.makeClip(folder.path(clip), size: index == 4 ? "192x144" : "160x120", frames: 24, pattern: pattern)
            try folder.write("label,x,y,width,height\nthing,\(30 + 5 * index),30,40,40\nother,100,60,30,30\n",
                             to: FilePath.removingExtension(of: clip) + ".boxes.csv")
        }
        try folder.write("not a video", to: "in/odd/broken.mp4")
        try folder.write("x,y,width,height\n1,1,5,5\n", to: "in/odd/broken.boxes.csv")
        try folder.write(Data(), to: "in/without-boxes.webm")

        let whole = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("whole"), "--level", "fast", "--jobs", "2"])
        XCTAssertEqual(whole.status, 2, whole.stderr)

        let common = ["batch", folder.path("in"), "--out", folder.path("sharded"), "--level", "fast", "--jobs", "1"]
        let launches: [([String], [String: String])] = [
            (common + ["--shard", "0/3"], [:]),
            (common, ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"]),
            (common, ["JOB_COMPLETION_INDEX": "2", "VTRACK_SHARD_COUNT": "3"]),
        ]
        let running = try launches.enumerated().map { index, launch in
            (try CLI.startVtrack(launch.0, environment: launch.1, logFolder: folder.path("logs/\(index)")), folder.path("logs/\(index)"))
        }
        let outcomes = running.map { CLI.outcome(of: $0.0, logFolder: $0.1) }
        for outcome in outcomes { XCTAssertFalse(outcome.signalled, outcome.stderr) }
        XCTAssertEqual(Set(folder.files(under: "sharded").filter { $0.hasPrefix("summary") }),
                       ["summary.shard-0-of-3.json", "summary.shard-1-of-3.json", "summary.shard-2-of-3.json"])

        let merged = try CLI.vtrack(["merge", folder.path("sharded")])
        XCTAssertEqual(merged.status, 2, "a clip failed: merge exits 2 as batch does\n\(merged.stderr)")
        XCTAssertTrue(merged.stdout.contains("merged 3 shards"), merged.stdout)

        let wholeFiles = folder.files(under: "whole")
        XCTAssertEqual(folder.files(under: "sharded").filter { !$0.hasPrefix("summary.shard-") }, wholeFiles)
        for name in wholeFiles where name.hasSuffix(".csv") && name != "summary.csv" {
            XCTAssertEqual(try folder.data("sharded/" + name), try folder.data("whole/" + name), "\(name) differs")
        }
        let a = try BatchSummary.read(path: folder.path("whole/summary.json"))
        let b = try BatchSummary.read(path: folder.path("sharded/summary.json"))
        XCTAssertEqual(a.clips.map(\.clip), b.clips.map(\.clip))
        XCTAssertEqual(a.clips.map(\.status), b.clips.map(\.status))
        XCTAssertEqual(a.clips.map(\.frames), b.clips.map(\.frames))
        XCTAssertEqual(a.clips.map(\.meanConfidence), b.clips.map(\.meanConfidence))
        XCTAssertEqual(a.clips.map(\.error), b.clips.map(\.error))
        XCTAssertEqual(a.clips.map(\.status), [.ok, .ok, .ok, .failed, .ok, .ok, .skipped])

        // --out names a folder that does not exist yet: merge creates it.
        let elsewhere = try CLI.vtrack(["merge", folder.path("sharded"), "--out", folder.path("merged/all")])
        XCTAssertEqual(elsewhere.status, 2, elsewhere.stderr)
        XCTAssertEqual(try folder.data("merged/all/summary.csv"), try folder.data("sharded/summary.csv"))

        let incomplete = try CLI.vtrack(["merge", folder.path("sharded/summary.shard-0-of-3.json")])
        XCTAssertEqual(incomplete.status, 1)
        XCTAssertTrue(incomplete.stderr.contains("missing 2 of 3 shards"), incomplete.stderr)
    }

    func testBadShardSpecifications() throws {
        let folder = try CLITemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: true)
        let cases: [([String], [String: String], String)] = [
            (["--shard", "3/3"], [:], "shard '3/3': the index must be 0...2"),
            (["--shard", "x"], [:], "expected INDEX/COUNT"),
            ([], ["JOB_COMPLETION_INDEX": "1"], "pass --shard-count or set VTRACK_SHARD_COUNT"),
            (["--shard", "1/2", "--shard-count", "3"], [:], "disagree"),
        ]
        for (arguments, environment, expected) in cases {
            let outcome = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("out")] + arguments, environment: environment)
            XCTAssertFalse(outcome.signalled)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
        }
    }
}
