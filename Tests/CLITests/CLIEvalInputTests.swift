import Foundation
import XCTest

/// What `vtrack eval` says about its inputs: a dataset that is a file is not a folder, and an
/// output folder in the way of a file is named before any tracking; `--set` names an unknown
/// parameter at every level, and its help's examples run where the help says; a ground truth longer
/// than the clip is warned about by `review-loop` as by `otb`, and its keyframes stay on the clip's
/// frames.
final class CLIEvalInputTests: XCTestCase {
    func testADatasetThatIsAFileIsNotAFolder() throws {
        let folder = try CLITemporaryFolder()
        try folder.write("not a dataset\n", to: "data.txt")
        let file = folder.path("data.txt")
        for command in [["eval", "otb"], ["eval", "mot"], ["eval", "review-loop"], ["eval"]] {
            let outcome = try CLI.vtrack(command + [file])
            XCTAssertEqual(outcome.status, 1, "\(command): \(outcome.stderr)")
            XCTAssertEqual(outcome.messages.count, 1, "\(command): \(outcome.stderr)")
            XCTAssertTrue(outcome.messages.first?.hasPrefix("Error: \(file): not a folder (expected ") ?? false, "\(command): \(outcome.stderr)")
        }
        let batch = try CLI.vtrack(["batch", file, "--out", folder.path("out")])
        XCTAssertEqual(batch.messages, ["Error: \(file): not a folder"], "batch's input folder, by the same rule")
    }

    func testSetNamesAnUnknownParameterAtEveryLevelAndTheHelpsExamplesRun() throws {
        let folder = try CLITemporaryFolder()
        let nowhere = folder.path("nowhere")
        for level in ["both", "fast", "accurate"] {
            let unknown = try CLI.vtrack(["eval", "otb", nowhere, "--level", level, "--set", "nosuch=1"])
            XCTAssertNotEqual(unknown.status, 0)
            XCTAssertTrue(unknown.stderr.contains("unknown parameter 'nosuch' (known: "), "\(level): \(unknown.stderr)")
        }
        let help = try CLI.vtrack(["eval", "otb", "--help"])
        XCTAssertTrue(help.stdout.contains("lookAlikes=off") && help.stdout.contains("padding=2"), help.stdout)
        // As the help says: lookAlikes at the default level; padding at accurate, or with --correlation-filter.
        for arguments in [["--set", "lookAlikes=off"], ["--set", "padding=2", "--level", "accurate"], ["--set", "padding=2", "--correlation-filter"]] {
            let outcome = try CLI.vtrack(["eval", "otb", nowhere] + arguments)
            XCTAssertEqual(outcome.messages.count, 1, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains("\(nowhere): cannot read: no such folder"), "the parameter is taken: \(arguments): \(outcome.stderr)")
        }
        let filterAtFast = try CLI.vtrack(["eval", "otb", nowhere, "--set", "padding=2"])
        XCTAssertTrue(filterAtFast.stderr.contains("padding=2 sets the correlation filter; level fast runs the Siamese tracker alone"),
                      filterAtFast.stderr)
        let choice = try CLI.vtrack(["eval", "otb", nowhere, "--level", "fast", "--set", "fusionChoice=nearest"])
        XCTAssertTrue(choice.stderr.contains("fusionChoice=nearest: expected siamese-box"), choice.stderr)
    }

    /// A 40-frame clip whose ground truth has 60 lines.
    func testGroundTruthLongerThanTheClipIsWarnedAboutAndKeyframesStayOnTheClip() throws {
        let folder = try CLITemporaryFolder()
        let made = try CLI.vtrack(["synth", folder.path("data/Short/Short.mp4"), "--frames", "40", "--width", "320", "--height", "180"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let truthPath = folder.path("data/Short/groundtruth_rect.txt")
        let lines = try String(contentsOfFile: truthPath, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 40)
        try ((lines + Array(repeating: lines[39], count: 20)).joined(separator: "\n") + "\n").write(toFile: truthPath, atomically: true, encoding: .utf8)
        let warning = "warning: Short: the video has 40 frames, the ground truth 60: the missing frames score as misses"

        let otb = try CLI.vtrack(["eval", "otb", folder.path("data"), "--level", "fast", "--correlation-filter", "--out", folder.path("otb")],
                                 timeout: 300)
        XCTAssertEqual(otb.status, 0, otb.stderr)
        XCTAssertTrue(otb.messages.contains(warning), otb.stderr)
        try folder.write("not a folder\n", to: "file")
        let outIsAFile = try CLI.vtrack(["eval", "otb", folder.path("data"), "--level", "fast", "--out", folder.path("file")])
        XCTAssertEqual(outIsAFile.messages, ["Error: \(folder.path("file")): cannot write the evaluation folder there: it is a file, not a folder"],
                       "refused before any sequence is tracked")

        let loop = try CLI.vtrack(["eval", "review-loop", folder.path("data"), "--corrections", "0,1,3", "--level", "fast", "--correlation-filter",
                                   "--csv", folder.path("loop.csv")], timeout: 300)
        XCTAssertEqual(loop.status, 0, loop.stderr)
        XCTAssertEqual(loop.messages.filter { $0.hasPrefix("warning: ") }, [warning], "once for the sequence, as eval otb says it")
        let rows = try String(contentsOfFile: folder.path("loop.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 4, "a row for each K: \(rows)")
    }
}
