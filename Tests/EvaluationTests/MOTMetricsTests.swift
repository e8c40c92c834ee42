import Evaluation
import Imaging
import XCTest

/// The multi-object tracking figures on tiny hand-made sequences whose answers are worked out by
/// hand in the comments.
final class MOTMetricsTests: XCTestCase {
    /// A 10 x 10 box at `x` (y = 0).
    private func box(_ id: Int, x: Double) -> MOTBox {
        MOTBox(id: id, box: PixelRect(x: x, y: 0, width: 10, height: 10))
    }

    func testPerfectTrackingScoresOne() {
        let truth = MOTFrames(frames: [[box(1, x: 0), box(2, x: 50)], [box(1, x: 2), box(2, x: 48)], [box(1, x: 4)]])
        let results = MOTFrames(frames: truth.frames.map { $0.map { MOTBox(id: $0.id + 10, box: $0.box) } })
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw, f.frag, f.mt, f.pt, f.ml], [5, 0, 0, 0, 0, 2, 0, 0])
        for value in [f.mota, f.motp, f.idf1, f.idp, f.idr, f.hota, f.detA, f.assA, f.locA] {
            XCTAssertEqual(value, 1, accuracy: 1e-12)
        }
    }

    /// One object on 4 frames, followed exactly by result 7 on frames 1-2 and result 8 on frames 3-4.
    func testIdentitySwitch() {
        let truth = MOTFrames(frames: (0..<4).map { _ in [box(1, x: 0)] })
        let results = MOTFrames(frames: (0..<4).map { [box($0 < 2 ? 7 : 8, x: 0)] })
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        // CLEAR: 4 matches, one switch on frame 3: MOTA = 1 - 1/4.
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw, f.frag], [4, 0, 0, 1, 0])
        XCTAssertEqual(f.mota, 0.75, accuracy: 1e-12)
        // Identity: object 1 pairs with 7 or 8 for 2 of its 4 frames: IDTP 2, IDFP 2, IDFN 2.
        XCTAssertEqual([f.idtp, f.idfp, f.idfn], [2, 2, 2])
        XCTAssertEqual(f.idf1, 0.5, accuracy: 1e-12)
        // HOTA: every frame matched at every threshold (DetA 1); each pair has 2 true-positive
        // associations, 2 missed (the object's other frames), 0 false: A = 2 / 4, so AssA = 0.5.
        XCTAssertEqual(f.detA, 1, accuracy: 1e-12)
        XCTAssertEqual(f.assA, 0.5, accuracy: 1e-12)
        XCTAssertEqual(f.hota, 0.5.squareRoot(), accuracy: 1e-12)
    }

    /// One object on 2 frames; result 5 on it on frame 1 (IoU 1), then half a box off on frame 2
    /// (IoU 50 / 150 = 1/3), and result 6 far away on frame 1.
    private func localisationCase() -> (truth: MOTFrames, results: MOTFrames) {
        (MOTFrames(frames: [[box(1, x: 0)], [box(1, x: 0)]]), MOTFrames(frames: [[box(5, x: 0), box(6, x: 100)], [box(5, x: 5)]]))
    }

    func testMissesFalsePositivesAndLocalisation() {
        let (truth, results) = localisationCase()
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        // CLEAR at IoU 0.5: frame 1 matches, result 6 is a false positive; frame 2 is a miss and a
        // false positive. MOTA = 1 - (1 + 2) / 2.
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw, f.pt], [1, 2, 1, 0, 1])
        XCTAssertEqual(f.mota, -0.5, accuracy: 1e-12)
        XCTAssertEqual(f.motp, 1, accuracy: 1e-12)
        // Identity: (1, 5) overlap on 1 frame: IDTP 1, IDFP 3 - 1, IDFN 2 - 1; IDF1 = 2 / 5.
        XCTAssertEqual(f.idf1, 0.4, accuracy: 1e-12)
        // HOTA: (1, 5) are perfectly aligned over the sequence. For the 6 thresholds 0.05...0.30 frame
        // 2's IoU of 1/3 matches: TP 2, FP 1 (DetA 2/3), AssA 1, LocA (1 + 1/3) / 2. For the 13 from
        // 0.35 on: TP 1, FN 1, FP 2 (DetA 1/4), one association of 1 out of 2 + 2 - 1 (AssA 1/3), LocA 1.
        let low = 6.0, high = 13.0
        let lowHOTA: Double = (2.0 / 3).squareRoot(), highHOTA: Double = (0.25 / 3).squareRoot()
        XCTAssertEqual(f.detA, (low * 2 / 3 + high * 0.25) / 19, accuracy: 1e-12)
        XCTAssertEqual(f.assA, (low + high / 3) / 19, accuracy: 1e-12)
        XCTAssertEqual(f.hota, (low * lowHOTA + high * highHOTA) / 19, accuracy: 1e-12)
        XCTAssertEqual(f.locA, (low * 4 / 6 + high) / 19, accuracy: 1e-12)
    }

    /// The switch case and the localisation case pooled: counts add up, HOTA pools TP, FN, FP per
    /// threshold and weights AssA by TP (TrackEval's combined row).
    func testPoolingSequences() {
        let switching = MOTScore(truth: MOTFrames(frames: (0..<4).map { _ in [box(1, x: 0)] }),
                                 predictions: MOTFrames(frames: (0..<4).map { [box($0 < 2 ? 7 : 8, x: 0)] }))
        let (truth, results) = localisationCase()
        let f = MOTFigures(MOTScore(pooling: [switching, MOTScore(truth: truth, predictions: results)]))
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw, f.idtp, f.idfp, f.idfn], [5, 2, 1, 1, 3, 4, 3])
        XCTAssertEqual(f.mota, 1 - 4.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(f.idf1, 6.0 / 13, accuracy: 1e-12)
        // Thresholds up to 0.30: TP 4 + 2, FP 1 (DetA 6/7), AssA (4 * 0.5 + 2 * 1) / 6. From 0.35: TP
        // 4 + 1, FN 1, FP 2 (DetA 5/8), AssA (4 * 0.5 + 1 * 1/3) / 5.
        let lowAssA = 4.0 / 6, highAssA = (2 + 1.0 / 3) / 5
        let lowDetA = 6.0 / 7, highDetA = 5.0 / 8
        let lowHOTA: Double = (lowDetA * lowAssA).squareRoot(), highHOTA: Double = (highDetA * highAssA).squareRoot()
        XCTAssertEqual(f.detA, (6 * lowDetA + 13 * highDetA) / 19, accuracy: 1e-12)
        XCTAssertEqual(f.assA, (6 * lowAssA + 13 * highAssA) / 19, accuracy: 1e-12)
        XCTAssertEqual(f.hota, (6 * lowHOTA + 13 * highHOTA) / 19, accuracy: 1e-12)
    }

    /// A result that still overlaps its object keeps it, even when another result overlaps it more.
    func testCorrespondenceIsKeptWhileItHolds() {
        let truth = MOTFrames(frames: [[box(1, x: 0)], [box(1, x: 0)]])
        // Frame 2: result 7 moved by 1 px (IoU 90/110 = 0.82), result 8 exactly on the object.
        let results = MOTFrames(frames: [[box(7, x: 0)], [box(7, x: 1), box(8, x: 0)]])
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw], [2, 1, 0, 0])
        XCTAssertEqual(f.motp, (1 + 0.9 / 1.1) / 2, accuracy: 1e-12)
    }

    /// A pair matched on the previous frame is kept only if it was matched on that very frame: an
    /// object missed in between goes to the result that overlaps it most (the MOTChallenge devkit's
    /// rule, which py-motmetrics 1.4.0 does not follow).
    func testOnlyThePreviousFramesCorrespondencesAreKept() {
        let truth = MOTFrames(frames: [[box(1, x: 0)], [box(1, x: 0)], [box(1, x: 0)]])
        // Frame 2: result 7 is off the object (IoU 1/3). Frame 3: 7 is back (IoU 0.82), 8 is exact.
        let results = MOTFrames(frames: [[box(7, x: 0)], [box(7, x: 5)], [box(7, x: 1), box(8, x: 0)]])
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw, f.frag], [2, 2, 1, 1, 1])
        XCTAssertEqual(f.mota, (2.0 - 2 - 1) / 3, accuracy: 1e-12)
    }

    /// The frame's assignment maximises the sum of the IoUs of its matches.
    func testAssignmentMaximisesTheSumOfOverlaps() {
        // Objects at x 0 and 3; result 7 at x 1 (IoU 9/11 with the first, 8/12 with the second),
        // result 8 at x -2 (IoU 8/12 with the first, 5/15 with the second: too little). Pairing 7
        // with the second object and 8 with the first (8/12 + 8/12) beats 7 with the first alone.
        let truth = MOTFrames(frames: [[box(1, x: 0), box(2, x: 3)]])
        let results = MOTFrames(frames: [[box(7, x: 1), box(8, x: -2)]])
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        XCTAssertEqual([f.tp, f.fp, f.fn], [2, 0, 0])
        XCTAssertEqual(f.motp, (8.0 / 12 + 8.0 / 12) / 2, accuracy: 1e-12)
    }

    /// A fragmentation is a matched stretch after an object's first; mostly tracked is more than 80%
    /// of an object's frames, mostly lost under 20%.
    func testFragmentationsAndTrackedShares() {
        // Object 1 on 5 frames matched on 1, 3, 5 (60%: partly, 3 stretches so 2 fragmentations);
        // object 2 matched on frames 1-4 (exactly 80%: partly); object 3 never (mostly lost);
        // object 4 on all 5 (mostly tracked).
        let truth = MOTFrames(frames: (0..<5).map { _ in [box(1, x: 0), box(2, x: 100), box(3, x: 200), box(4, x: 300)] })
        let results = MOTFrames(frames: (0..<5).map { k in
            (k % 2 == 0 ? [box(11, x: 0)] : []) + (k < 4 ? [box(12, x: 100)] : []) + [box(14, x: 300)]
        })
        let f = MOTFigures(MOTScore(truth: truth, predictions: results))
        XCTAssertEqual([f.frag, f.mt, f.pt, f.ml, f.groundTruthIDs], [2, 1, 2, 1, 4])
        XCTAssertEqual([f.tp, f.fp, f.fn, f.idsw], [12, 0, 8, 0])
    }

    func testGroundTruthRowsWithFlagZeroAreNotScored() throws {
        let text = "1,1,1,1,10,10,1,-1,-1,-1\n1,2,101,1,10,10,0,-1,-1,-1\n\n2,1,2,1,10,10,1,-1,-1,-1\n"
        let truth = try MOTGroundTruthFile.parse(text, path: "gt.txt", frameCount: 2)
        XCTAssertEqual(truth.unscoredRows, 1)
        XCTAssertEqual(truth.scored.frames.map { $0.map(\.id) }, [[1], [1]])
        // A result on the unscored object is a false positive (MOT15 has no distractor handling).
        let results = try MOTResultFile.parse("1,5,1,1,10,10,0.9,-1,-1,-1\n1,6,101,1,10,10,0.8,-1,-1,-1\n2,5,2,1,10,10,1,-1,-1,-1\n",
                                             path: "r.txt", frameCount: 2)
        let f = MOTFigures(MOTScore(truth: truth.scored, predictions: results))
        XCTAssertEqual([f.tp, f.fp, f.fn], [2, 1, 0])
    }

    func testMalformedFilesNameTheFileAndLine() {
        func groundTruthError(_ text: String, frames: Int = 5) -> String {
            do {
                _ = try MOTGroundTruthFile.parse(text, path: "SEQ/gt/gt.txt", frameCount: frames)
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(groundTruthError("1,1,0,0,10,10,1\n1,2,0,0,10\n"),
                       "SEQ/gt/gt.txt:2: expected at least 7 fields (frame,id,bb_left,bb_top,bb_width,bb_height,flag), found 5")
        XCTAssertEqual(groundTruthError("1,1,0,0,10,10,2\n"), "SEQ/gt/gt.txt:1: flag '2' is neither 0 (not scored) nor 1 (scored)")
        XCTAssertEqual(groundTruthError("1,1,0,0,10,10,1\n6,1,0,0,10,10,1\n"),
                       "SEQ/gt/gt.txt:2: frame 6 is past the sequence's last frame (5, seqLength in seqinfo.ini)")
        XCTAssertEqual(groundTruthError("0,1,0,0,10,10,1\n"),
                       "SEQ/gt/gt.txt:1: frame '0' is not a whole number of 1 or more; MOTChallenge frames start at 1")
        XCTAssertEqual(groundTruthError("1,1,0,0,10,10,1\n1,1,5,0,10,10,1\n"), "SEQ/gt/gt.txt:2: id 1 appears twice on frame 1")
        XCTAssertEqual(groundTruthError("1 1 0 0 10 -10 1\n"), "SEQ/gt/gt.txt:1: negative bb_width or bb_height")
        XCTAssertThrowsError(try MOTResultFile.parse("1,1,0,0,10,10,1,-1,-1,-1\n\n2,1,0,0,x,10,1,-1,-1,-1\n", path: "r.txt", frameCount: 2)) {
            XCTAssertEqual("\($0)", "r.txt:3: bb_width is not a finite number ('x')")
        }
        XCTAssertThrowsError(try MOTSequenceInfo.parse("[Sequence]\nname=A\nframeRate=25\n", path: "A/seqinfo.ini")) {
            XCTAssertEqual("\($0)", "A/seqinfo.ini: no seqLength in its [Sequence] section")
        }
    }

    func testSequenceInfoIsRead() throws {
        let info = try MOTSequenceInfo.parse("[Sequence]\nname=TUD-Campus\nimDir=img1\nframeRate=25\nseqLength=71\nimExt=.jpg\n",
                                             path: "seqinfo.ini")
        XCTAssertEqual(info.name, "TUD-Campus")
        XCTAssertEqual(info.length, 71)
        XCTAssertEqual(info.frameRate, 25)
        XCTAssertEqual(info.imageDirectory, "img1")
        XCTAssertEqual(info.imageExtension, ".jpg")
        let bare = try MOTSequenceInfo.parse("[Other]\nseqLength=3\n[sequence]\nSEQLENGTH = 9\n", path: "seqinfo.ini")
        XCTAssertEqual([bare.length], [9])
        XCTAssertNil(bare.frameRate)
        XCTAssertEqual(bare.imageDirectory + "/000001" + bare.imageExtension, "img1/000001.jpg")
    }
}
