import Files
import Foundation
import Pipeline
import XCTest

final class BatchSummaryTests: XCTestCase {
    private let results = [
        BatchClipResult(clip: "b.mp4", status: .ok, frames: 120, framesPerSecond: 88.44, tracks: 2, meanConfidence: 0.81234,
                        lowConfidenceRecords: 7, outputs: ["b.csv", "b.mp4"]),
        BatchClipResult.failed("a, \"odd\".mp4", "a.mp4: not a video file\n(second line)"),
        BatchClipResult(clip: "c.mp4", status: .skipped, error: "no boxes"),
    ]

    func testCSVIsSortedQuotedAndOneLinePerClip() {
        let summary = BatchSummary(shard: .whole, totalClips: 3, clipListFingerprint: "3-x", clips: results)
        XCTAssertEqual(summary.csvText, """
            clip,frames,frames_per_s,tracks,mean_confidence,low_confidence_records,status,decoder_warnings,error
            "a, ""odd"".mp4",0,0.0,0,0.0000,0,failed,0,a.mp4: not a video file (second line)
            b.mp4,120,88.4,2,0.8123,7,ok,0,
            c.mp4,0,0.0,0,0.0000,0,skipped,0,no boxes

            """)
        XCTAssertEqual(summary.count(.ok), 1)
        XCTAssertEqual(summary.count(.failed), 1)
        XCTAssertEqual(summary.count(.skipped), 1)
    }

    func testWriteAndReadBack() throws {
        let folder = try BatchTemporaryFolder()
        let whole = BatchSummary(shard: .whole, totalClips: 3, clipListFingerprint: "3-x", clips: results)
        let written = try whole.write(into: folder.root)
        XCTAssertEqual(written.map { FilePath.name(of: $0) }, ["summary.csv", "summary.json"])
        XCTAssertEqual(try BatchSummary.read(path: folder.path("summary.json")), whole)
        let shard = BatchSummary(shard: try BatchShard(index: 1, count: 2), totalClips: 3, clipListFingerprint: "3-x", clips: results)
        XCTAssertEqual(try shard.write(into: folder.root), [folder.path("summary.shard-1-of-2.json")])
        XCTAssertEqual(try BatchSummary.shardFiles(in: folder.root), [folder.path("summary.shard-1-of-2.json")])
        XCTAssertThrowsError(try BatchSummary.read(path: folder.path("summary.csv"))) { error in
            XCTAssertTrue("\(error)".hasPrefix(folder.path("summary.csv")), "\(error)")
        }
    }

    func testMergeCombinesAllShards() throws {
        let parts = try (0..<3).map { index in
            (path: "s\(index).json", summary: BatchSummary(shard: try BatchShard(index: index, count: 3), totalClips: 3,
                                                             clipListFingerprint: "3-x", clips: [results[index]]))
        }
        let merged = try BatchSummary.merge(parts.reversed())
        XCTAssertEqual(merged, BatchSummary(shard: .whole, totalClips: 3, clipListFingerprint: "3-x", clips: results))
        XCTAssertEqual(merged.jsonFileName, "summary.json")
    }

    func testMergeRefusesIncompleteOrMixedShards() throws {
        func part(_ index: Int, of count: Int, fingerprint: String = "3-x", clips: [BatchClipResult]) throws -> (path: String, summary: BatchSummary) {
            (path: "s\(index)", summary: BatchSummary(shard: try BatchShard(index: index, count: count), totalClips: 3,
                                                      clipListFingerprint: fingerprint, clips: clips))
        }
        let cases: [([(path: String, summary: BatchSummary)], String)] = [
            ([], "no shard summaries"),
            ([try part(0, of: 3, clips: [results[0]]), try part(2, of: 3, clips: [results[2]])], "missing 1 of 3 shards: summary.shard-1-of-3.json"),
            ([try part(0, of: 2, clips: [results[0]]), try part(0, of: 2, clips: [results[0]])], "shard 0 of 2 appears twice"),
            ([try part(0, of: 2, clips: [results[0]]), try part(1, of: 3, clips: [results[1]])], "is shard 1 of 3"),
            ([try part(0, of: 2, clips: [results[0]]), try part(1, of: 2, fingerprint: "3-y", clips: [results[1]])], "different clip lists"),
            ([try part(0, of: 2, clips: [results[0]]), try part(1, of: 2, clips: [results[1]])], "the shards list 2 clip results, the batch has 3"),
            ([try part(0, of: 2, clips: [results[0], results[1]]), try part(1, of: 2, clips: [results[1]])],
             "\(results[1].clip) is listed twice: in s0 and in s1"),
            // Shard 0's summary copied over shard 1's: named for its wrong index, not reported missing.
            ([(path: "out/summary.shard-0-of-2.json", summary: try part(0, of: 2, clips: [results[0]]).summary),
              (path: "out/summary.shard-1-of-2.json", summary: try part(0, of: 2, clips: [results[0]]).summary)],
             "out/summary.shard-1-of-2.json holds shard 0 of 2 (summary.shard-0-of-2.json)"),
        ]
        for (parts, expected) in cases {
            XCTAssertThrowsError(try BatchSummary.merge(parts), expected) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }

    func testProgressLineAndETA() {
        var progress = BatchProgress(total: 10)
        XCTAssertNil(progress.estimatedSecondsRemaining)
        progress.ok = 3
        progress.failed = 1
        progress.skipped = 2
        progress.running = ["x.mp4": 0.5, "y.mp4": 0.5]
        progress.framesTracked = 1000
        progress.elapsed = 50
        // 5 clips' worth of work in 50 s; 3 remain (4 unfinished minus the half-done two).
        XCTAssertEqual(progress.estimatedSecondsRemaining ?? -1, 30, accuracy: 1e-9)
        XCTAssertEqual(progress.line(barWidth: 10), "[#######---] 6/10 clips  3 ok  1 failed  2 skipped  20 fps  ETA 30s")
        XCTAssertEqual(progress.logLine(for: results[2]), "[6/10] skipped c.mp4: no boxes")
    }
}
