import Foundation
import XCTest

/// An option's value is the word after it, whatever it starts with: `--box -30,-30,60,62` tracks a
/// box partly outside the frame, `--frame -1` is refused for the rule it breaks, and no option of any
/// command answers a value starting with `-` with "Missing value". The commands the pick page, the
/// review page and a batch's review page show run as shown for a clip named `-v.mp4` and a box
/// named `-x` (headless chromium; skipped with a line where it is not installed).
final class CLIValuesStartingWithDashTests: XCTestCase {
    /// Every option of every command, given `-1`: the value is read (and then judged), never missing.
    func testEveryOptionOfEveryCommandReadsAValueStartingWithADash() throws {
        let dump = try CLI.vtrack(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let tool = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let options = Self.options(of: try XCTUnwrap(tool["command"] as? [String: Any]), path: [])
        XCTAssertGreaterThan(options.count, 60, "every command's options: \(options)")
        let folder = try CLITemporaryFolder()
        for (command, option) in options {
            let outcome = try CLI.vtrack(command + [option, "-1"], timeout: 60, directory: folder.root)
            let words = (command + [option, "-1"]).joined(separator: " ")
            XCTAssertFalse(outcome.signalled, words)
            XCTAssertFalse(outcome.stderr.contains("Missing value"), "\(words): \(outcome.stderr)")
        }
    }

    func testNegativeValuesAreReadAndJudged() throws {
        let folder = try CLITemporaryFolder()
        let spaced = try CLI.vtrack(["track", cliSampleClip, "--box", "-30,-30,60,62", "--level", "fast", "--correlation-filter",
                                     "--csv", folder.path("spaced.csv"), "--quiet"])
        XCTAssertEqual(spaced.status, 0, spaced.stderr)
        let joined = try CLI.vtrack(["track", cliSampleClip, "--box=-30,-30,60,62", "--level", "fast", "--correlation-filter",
                                     "--csv", folder.path("joined.csv"), "--quiet"])
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertEqual(try folder.data("spaced.csv"), try folder.data("joined.csv"), "--box -30,... tracks as --box=-30,... does")

        try folder.write("frame,label,x,y,width,height\n0,thing,40,30,40,40\n", to: "in/a.boxes.csv")
        try folder.copy(cliSampleClip, to: "in/a.mp4")
        let refused: [(arguments: [String], says: String)] = [
            (["pick", cliSampleClip, "--frame", "-1"], "--frame must be 0 or more"),
            (["pick", cliSampleClip, "--stills", "-1"], "--stills must be between 0 and 100"),
            (["batch", folder.path("in"), "--out", folder.path("out"), "--shard", "-1/2"], "-1/2"),
            (["batch", folder.path("in"), "--out", folder.path("out"), "--jobs", "-1"], "--jobs must be 1 or more"),
            (["eval", "review-loop", folder.path("in"), "--corrections", "-1"], "--corrections must be whole numbers of 0 or more"),
            (["track", cliSampleClip, "--start-frame", "-1", "--box", "1,1,9,9"], "--start-frame must be 0 or more"),
        ]
        for (arguments, says) in refused {
            let outcome = try CLI.vtrack(arguments, directory: folder.root)
            let words = arguments.joined(separator: " ")
            XCTAssertNotEqual(outcome.status, 0, words)
            XCTAssertFalse(outcome.signalled, words)
            XCTAssertTrue(outcome.stderr.contains(says), "\(words): \(outcome.stderr)")
            XCTAssertFalse(outcome.stderr.contains("Missing value"), "\(words): \(outcome.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out/summary.json")), "no batch ran")
    }

    /// The pick page's box and keyframes commands, for a clip named `-v.mp4` and a box named `-x`.
    func testThePickPagesCommandsRunForNamesStartingWithADash() throws {
        let folder = try CLITemporaryFolder()
        try folder.copy(cliSampleClip, to: "-v.mp4")
        let picked = try CLI.vtrack(["pick", folder.path("-v.mp4"), "--page", folder.path("pick/page.html"), "--stills", "1",
                                     "--level", "fast", "--correlation-filter"])
        XCTAssertEqual(picked.status, 0, picked.stderr)
        let result = try CLI.checkPickPage(folder.path("pick/page.html"), spec: [
            "downloads": folder.path("downloads"), "runs": [["dpr": 1, "boxes": [["box": [58, 32, 56, 65], "name": "-x"]]]],
        ])
        XCTAssertNil(result["failure"] as? String, "\(result)")
        let run = try XCTUnwrap((result["runs"] as? [[String: Any]])?.first, "\(result)")
        XCTAssertEqual((run["saved"] as? [String: Any])?["name"] as? String, "-v.keyframes.csv")

        let boxCommand = CLI.shellWords(try XCTUnwrap(run["command"] as? String))
        try folder.write("", to: "boxes/.keep")
        let fromBox = try CLI.vtrack(Array(boxCommand.dropFirst()) + ["--quiet"], directory: folder.path("boxes"))
        XCTAssertEqual(fromBox.status, 0, "\(boxCommand): \(fromBox.stderr)")
        let rows = try String(contentsOfFile: folder.path("boxes/vtrack-out/-v.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(rows.dropFirst().first?.hasPrefix("0,0.000000,1,-x,58,32,56,65,") ?? false, "the box named -x: \(rows.prefix(2))")

        let keyframesCommand = CLI.shellWords(try XCTUnwrap(run["keyframesCommand"] as? String))
        let fromFile = try CLI.vtrack(Array(keyframesCommand.dropFirst()) + ["--quiet"], directory: folder.path("downloads/run-0"))
        XCTAssertEqual(fromFile.status, 0, "\(keyframesCommand): \(fromFile.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("downloads/run-0/vtrack-out/-v.csv")))
    }

    /// The re-track command of a review page, written by `track --report` and by `batch`, for a clip
    /// named `-v.mp4`: run where its keyframes file is (the run's own CSV serves as one), it tracks.
    func testTheReviewPagesRetrackCommandRunsForAClipNamedWithADash() throws {
        let folder = try CLITemporaryFolder()
        try folder.copy(cliSampleClip, to: "-v.mp4")
        try folder.copy(cliSampleClip, to: "in/-v.mp4")
        try folder.write("label,x,y,width,height\n-x,60,30,50,60\n", to: "in/-v.boxes.csv")
        let tracked = try CLI.vtrack(["track", folder.path("-v.mp4"), "--box=-x=60,30,50,60", "--level", "fast", "--correlation-filter",
                                      "--out", folder.path("track"), "--report", folder.path("track/-v.html"), "--quiet"])
        XCTAssertEqual(tracked.status, 0, tracked.stderr)
        let batch = try CLI.vtrack(["batch", folder.path("in"), "--out", folder.path("batch"), "--level", "fast", "--correlation-filter",
                                    "--no-video", "--quiet"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        for run in ["track", "batch"] {
            let result = try CLI.pageTexts(folder.path("\(run)/-v.html"), ids: ["retrack-command"])
            XCTAssertNil(result["failure"] as? String, "\(result)")
            let words = CLI.shellWords(try XCTUnwrap((result["texts"] as? [String: Any])?["retrack-command"] as? String, "\(result)"))
            XCTAssertTrue(words.contains("--keyframes=-v.keyframes.csv"), "\(run): \(words)")
            try folder.copy(folder.path("\(run)/-v.csv"), to: "\(run)-again/-v.keyframes.csv")
            let again = try CLI.vtrack(Array(words.dropFirst()) + ["--quiet"], directory: folder.path("\(run)-again"))
            XCTAssertEqual(again.status, 0, "\(run): \(words): \(again.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("\(run)-again/vtrack-out/retracked/-v.csv")), run)
        }
    }

    /// `(command words, --option)` for every option (not flag) of `command` and its subcommands.
    private static func options(of command: [String: Any], path: [String]) -> [([String], String)] {
        let own = (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument -> ([String], String)? in
            guard argument["kind"] as? String == "option",
                  let long = (argument["names"] as? [[String: Any]])?.first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
                  long != "help" else { return nil }
            return (path, "--" + long)
        }
        let subcommands = command["subcommands"] as? [[String: Any]] ?? []
        return own + subcommands.flatMap { sub in options(of: sub, path: path + [sub["commandName"] as? String ?? ""]) }
    }
}
