import Foundation
import Pipeline
import XCTest

/// `vtrack detect`: a detector's findings per frame in a CSV, and clear one-line errors when the
/// runtime, the model or the arguments are wrong.
final class CLIDetectTests: XCTestCase {
    private var pedestrians: String {
        URL(fileURLWithPath: cliSampleClip).deletingLastPathComponent().appendingPathComponent("pets09_s2l1_vtest_pedestrians.mp4").path
    }

    func testPersonDetectorWritesEveryNthFrameToTheCSV() throws {
        let folder = try CLITemporaryFolder()
        let csv = folder.path("new/people.csv")
        let outcome = try CLI.vtrack(["detect", pedestrians, "--detector", "person", "--every", "200", "--csv", csv])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "frame,time_s,label,x,y,width,height,score")
        let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(Set(rows.map { $0[0] }), ["0", "200", "400", "600"], "795 frames, every 200th")
        for row in rows {
            XCTAssertEqual(row.count, 8)
            XCTAssertEqual(row[2], "person")
            let values = row[3...].compactMap(Double.init)
            XCTAssertEqual(values.count, 5)
            XCTAssertTrue(values[0] >= 0 && values[1] >= 0 && values[0] + values[2] <= 480.01 && values[1] + values[3] <= 360.01, "\(row)")
            XCTAssertTrue(values[4] >= 0.5 && values[4] <= 1, "\(row)")
        }
        XCTAssertEqual(rows.filter { $0[0] == "0" }.count, 3, "the three people on the first frame")
        XCTAssertTrue(outcome.stdout.contains("ms per detection"), outcome.stdout)
    }

    func testMissingRuntimeIsOneLineAndOtherDetectorsStillWork() throws {
        let folder = try CLITemporaryFolder()
        let csv = folder.path("faces.csv")
        let environment = ["VTRACK_DEPS": folder.path("nothing-installed")]
        let outcome = try CLI.vtrack(["detect", cliSampleClip, "--detector", "face", "--csv", csv], environment: environment)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.messages.count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("OpenVINO runtime not available"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("bash scripts/install-deps.sh"), outcome.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: csv))

        let cascade = try CLI.vtrack(["detect", cliSampleClip, "--detector", "haar-face", "--every", "40", "--csv", csv],
                                     environment: environment)
        XCTAssertEqual(cascade.status, 0, cascade.stderr)
        XCTAssertTrue(try String(contentsOfFile: csv, encoding: .utf8).contains(",face,"))
    }

    func testBadModelAndArgumentsAreOneLineErrors() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("not an onnx model", to: "broken.onnx")
        let csv = folder.path("out.csv")
        let cases: [([String], String)] = [
            (["--detector", folder.path("broken.onnx")], folder.path("broken.onnx") + ": "),
            (["--detector", folder.path("missing.onnx")], folder.path("missing.onnx")),
            (["--detector", "template"], "give a class --detector"),
            (["--detector", "person", "--every", "0"], "--every must be 1 or more"),
            (["--detector", "person", "--min-score", "1.5"], "--min-score must be in 0...1"),
            (["--detector", "person", "--classes", "car"], "--classes and --class-names apply to a .onnx detector"),
        ]
        for (arguments, expected) in cases {
            let outcome = try CLI.vtrack(["detect", cliSampleClip, "--csv", csv] + arguments)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            XCTAssertFalse(outcome.signalled, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: csv), "\(arguments) left a CSV")
        }
    }

    /// As `vtrack track` does, `detect` and `register` create a CSV's missing folder; a folder that
    /// is a file is a one-line error naming the CSV, and nothing is written.
    func testTheCSVFolderIsCreatedUnlessItIsAFile() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("a file, not a folder", to: "taken")
        for command in [["detect", cliSampleClip, "--detector", "face"], ["register", cliSampleClip]] {
            let made = folder.path("\(command[0])/a/b.csv")
            let outcome = try CLI.vtrack(command + ["--csv", made, "--quiet"])
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            XCTAssertTrue(try String(contentsOfFile: made, encoding: .utf8).split(separator: "\n").count > 1, "\(command[0]) wrote no rows")

            let blocked = folder.path("taken/b.csv")
            let refused = try CLI.vtrack(command + ["--csv", blocked, "--quiet"])
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertEqual(refused.messages.count, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(blocked) && refused.stderr.contains("is not a folder"), refused.stderr)
            XCTAssertEqual(try String(contentsOfFile: folder.path("taken"), encoding: .utf8), "a file, not a folder")
        }
    }
}
