import Foundation
import Imaging
import Pipeline
import TrackFormats
import VideoIO
import XCTest

/// Seeded mutation fuzzing of everything that reads user input: box specs, tracks CSVs and MOTChallenge
/// files, sidecars, manifests and video files. Each parser must either return values that keep their
/// documented invariants or throw an error whose description is one line naming the input; a crash
/// fails the run.
/// The seeds make every failure repeatable.
final class BatchFuzzTests: XCTestCase {
    private let alphabet: [Character] = Array("0123456789,.-+=eE\"\n\r\t ;xyabnNaAiIfF/\\{}[]:\u{0}\u{FEFF}é😀") + ["nan", "inf", "1e308", "-0", "\"\""].flatMap { Array($0) }

    private func mutate(_ text: String, using rng: inout BatchSeededGenerator) -> String {
        var chars = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let position = chars.isEmpty ? 0 : Int.random(in: 0...chars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                chars.insert(alphabet.randomElement(using: &rng) ?? "x", at: position)
            case 1 where position < chars.count:
                chars.remove(at: position)
            case 2 where position < chars.count:
                chars[position] = alphabet.randomElement(using: &rng) ?? "x"
            case 3 where !chars.isEmpty:
                let start = Int.random(in: 0..<chars.count, using: &rng)
                let end = min(chars.count, start + Int.random(in: 1...12, using: &rng))
                chars.insert(contentsOf: chars[start..<end], at: position)
            default:
                if position < chars.count { chars.removeSubrange(position..<min(chars.count, position + Int.random(in: 1...8, using: &rng))) }
            }
        }
        return String(chars)
    }

    private func checkOneLine(_ error: Error, names source: String, _ input: String) {
        let message = "\(error)"
        XCTAssertFalse(message.isEmpty, input)
        XCTAssertTrue(message.contains(source), "\(message) should name \(source) (input \(input.debugDescription))")
    }

    func testBoxSpecParsing() {
        var rng = BatchSeededGenerator(seed: 0xB0C5)
        let seeds = ["157,138,22,55", "walker=157,138,22,55", "a=1.5,2.25,3,4", "-10,-10,40,40"]
        for round in 0..<4000 {
            let spec = mutate(seeds[round % seeds.count], using: &rng)
            do {
                let target = try TrackTarget(parsing: spec)
                XCTAssertTrue(target.box.isValid, spec.debugDescription)
            } catch let error as BoxSpecError {
                XCTAssertFalse(error.reason.isEmpty)
                XCTAssertEqual(error.spec, spec)
            } catch {
                XCTFail("unexpected error type \(error) for \(spec.debugDescription)")
            }
        }
    }

    func testTracksCSVParsing() {
        var rng = BatchSeededGenerator(seed: 0xC5F)
        let seed = #"""
            frame,time_s,track_id,label,x,y,width,height,confidence,style,state
            0,0.000000,1,walker,157,138,22,55,1.0000,solid,tracked
            1,0.100000,1,"a, ""b""",158.5,139,22,55,0.4000,dashed,lost
            1,0.100000,2,,10,10,5,5,0.9,solid,reseeded
            """#
        for _ in 0..<3000 {
            let text = mutate(seed, using: &rng)
            do {
                for record in try TrackCSV.parse(text, path: "fuzz.csv") {
                    XCTAssertTrue(record.box.x.isFinite && record.box.y.isFinite, text)
                    XCTAssertTrue(record.box.width >= 0 && record.box.height >= 0, text)
                    XCTAssertTrue((0...1).contains(record.confidence), text)
                    XCTAssertTrue(record.frame >= 0 && record.trackID >= 0, text)
                }
            } catch {
                XCTAssertTrue(error is TrackCSVError, "\(error)")
                checkOneLine(error, names: "fuzz.csv", text)
            }
        }
    }

    func testMOTChallengeParsing() {
        var rng = BatchSeededGenerator(seed: 0x307)
        let seed = "1,1,157,138,22,55,1.0000,-1,-1,-1\n2,1,158.5,139,22,55,0.4000,-1,-1,-1\n2,2,10,10,5,5,-1,-1,-1,-1\n"
        for _ in 0..<3000 {
            let text = mutate(seed, using: &rng)
            do {
                for record in try TrackFileFormat(detecting: text, path: "fuzz.txt").parse(text, path: "fuzz.txt") {
                    XCTAssertTrue(record.box.x.isFinite && record.box.y.isFinite, text)
                    XCTAssertTrue(record.box.width >= 0 && record.box.height >= 0, text)
                    XCTAssertTrue((0...1).contains(record.confidence), text)
                    XCTAssertTrue(record.frame >= 0 && record.trackID >= 0, text)
                }
            } catch {
                XCTAssertTrue(error is MOTChallengeError || error is TrackCSVError, "\(error)")
                checkOneLine(error, names: "fuzz.txt", text)
            }
        }
    }

    func testSidecarAndManifestParsing() {
        var rng = BatchSeededGenerator(seed: 0x51DE)
        let csv = "frame,label,x,y,width,height\n0,walker,157,138,22,55\n0,\"car, red\",401,149,27,52\n"
        let json = #"[{"label":"car","x":10,"y":20.5,"width":64,"height":40,"frame":3},{"x":1,"y":2,"width":3,"height":4}]"#
        let manifest = "clip,frame,label,x,y,width,height\ncam/a.mp4,0,w,1,2,3,4\n./cam/b.mkv,,,5,6,7,8\n"
        func check(_ boxes: ClipBoxes, _ input: String) {
            XCTAssertFalse(boxes.targets.isEmpty, input)
            for target in boxes.targets { XCTAssertTrue(target.box.isValid, input) }
            XCTAssertTrue(boxes.startFrame.map { $0 >= 0 } ?? true, input)
        }
        for _ in 0..<2000 {
            let text = mutate(csv, using: &rng)
            do { check(try BoxSidecar.parseCSV(text, path: "s.boxes.csv"), text) } catch { checkOneLine(error, names: "s.boxes.csv", text) }
            let jsonText = mutate(json, using: &rng)
            do { check(try BoxSidecar.parseJSON(Data(jsonText.utf8), path: "s.boxes.json"), jsonText) } catch {
                checkOneLine(error, names: "s.boxes.json", jsonText)
            }
            let manifestText = mutate(manifest, using: &rng)
            do {
                let parsed = try BatchManifest(parsing: manifestText, path: "m.csv")
                for clip in parsed.clips {
                    switch parsed.boxes(for: clip) {
                    case .success(let boxes)?: check(boxes, manifestText)
                    case .failure(let error)?: checkOneLine(error, names: "m.csv", manifestText)
                    case nil: XCTFail("listed clip \(clip) has no entry")
                    }
                }
            } catch {
                checkOneLine(error, names: "m.csv", manifestText)
            }
        }
    }

    /// Damaged copies of a real clip: bytes overwritten, ranges zeroed, cut short, chunks repeated.
    /// The reader must open and decode what it can, or throw a `VideoError` naming the file.
    func testVideoReaderOnCorruptedCopies() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: batchSmallClip)))
        // FFmpeg logs every concealed macroblock; the reader's own warnings are what is checked here.
        FFmpegLog.setLevel(.quiet)
        defer { FFmpegLog.setLevel(.info) }
        let folder = try BatchTemporaryFolder()
        var rng = BatchSeededGenerator(seed: 0x71DE0)
        var opened = 0, failed = 0
        for round in 0..<36 {
            var bytes = original
            switch round % 4 {
            case 0:
                for _ in 0..<Int.random(in: 1...300, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            case 1:
                let start = Int.random(in: 0..<bytes.count, using: &rng)
                let end = min(bytes.count, start + Int.random(in: 1...4096, using: &rng))
                for i in start..<end { bytes[i] = 0 }
            case 2:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            default:
                let start = Int.random(in: 0..<bytes.count, using: &rng)
                let chunk = bytes[start..<min(bytes.count, start + Int.random(in: 1...20_000, using: &rng))]
                bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &rng))
            }
            let path = folder.path("mutant-\(round).mp4")
            try folder.write(Data(bytes), to: "mutant-\(round).mp4")
            do {
                let reader = try VideoReader(path: path)
                opened += 1
                var frames = 0
                while frames < 400, let frame = try reader.nextFrame() {
                    XCTAssertEqual(frame.width, reader.info.width, path)
                    XCTAssertEqual(frame.height, reader.info.height, path)
                    XCTAssertEqual(frame.luma.pixels.count, frame.width * frame.height, path)
                    frames += 1
                }
                XCTAssertLessThan(frames, 400, "\(path) decoded more frames than the clip has")
            } catch let error as VideoError {
                failed += 1
                XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
                XCTAssertFalse("\(error)".contains("\n"), "\(error)")
            }
        }
        XCTAssertGreaterThan(opened, 0, "some damaged copies still open")
        print("fuzz: \(opened) damaged copies opened, \(failed) rejected with an error")
    }
}
