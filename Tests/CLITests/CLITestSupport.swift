import Files
import Foundation
import Pipeline
import TestFootage
import XCTest

/// What a finished `vtrack` (or `ffmpeg`) process left behind.
struct ProcessOutcome {
    /// Exit status, or the signal number when ``signalled``.
    let status: Int32
    /// True when the process ended by a signal (a crash, or our kill).
    let signalled: Bool
    let stdout: String
    let stderr: String

    /// Standard error without FFmpeg's own log lines (`[h264 @ 0x...] ...`), which libav prints for damaged input.
    var messages: [String] {
        stderr.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("[") }
    }
}

/// Runs the `vtrack` binary built next to the test bundle, and `ffmpeg` for making test clips.
enum CLI {
    /// `vtrack` in the folder of the running test executable (`swift build -c release --product vtrack`
    /// followed by `swift test -c release` puts both in `.build/release`).
    static func vtrackBinary() throws -> String {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("vtrack").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no vtrack binary beside the tests (looked at \(candidates.joined(separator: ", "))); run swift build --product vtrack with the same configuration first")
        }
        return found
    }

    /// Runs vtrack to completion (in `directory` when given); a run longer than `timeout` seconds is
    /// killed and reported as a failure.
    static func vtrack(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 120, directory: String? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutcome {
        try run(vtrackBinary(), arguments, environment: environment, timeout: timeout, directory: directory, file: file, line: line)
    }

    /// Starts vtrack without waiting; its output goes to `stdout.log` and `stderr.log` in `logFolder`.
    static func startVtrack(_ arguments: [String], environment: [String: String] = [:], logFolder: String) throws -> Process {
        try FileManager.default.createDirectory(atPath: logFolder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try vtrackBinary())
        process.arguments = arguments
        process.environment = schedulerFree(environment)
        process.standardOutput = try logFile(FilePath.joining(logFolder, "stdout.log"))
        process.standardError = try logFile(FilePath.joining(logFolder, "stderr.log"))
        try process.run()
        return process
    }

    /// Waits for a process from ``startVtrack(_:environment:logFolder:)`` and collects its output.
    static func outcome(of process: Process, logFolder: String) -> ProcessOutcome {
        process.waitUntilExit()
        func log(_ name: String) -> String {
            (try? String(contentsOfFile: FilePath.joining(logFolder, name), encoding: .utf8)) ?? ""
        }
        return ProcessOutcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                              stdout: log("stdout.log"), stderr: log("stderr.log"))
    }

    /// This process's environment without the job-scheduler variables a test machine might carry,
    /// plus `extra`.
    private static func schedulerFree(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "VTRACK_SHARD_COUNT"] {
            env[name] = nil
        }
        env.merge(extra) { $1 }
        return env
    }

    /// The executable `name` on the `PATH`, or nil.
    static func executable(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// The `ffmpeg` command-line tool, or a skip when it is not installed.
    static func ffmpegBinary() throws -> String {
        guard let found = executable(named: "ffmpeg") else {
            throw XCTSkip("ffmpeg is not installed; it makes the test clips")
        }
        return found
    }

    /// Runs ffmpeg quietly, overwriting outputs; fails the test when it fails.
    static func ffmpeg(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try run(ffmpegBinary(), ["-nostdin", "-v", "error", "-y"] + arguments, environment: [:], timeout: 120, file: file, line: line)
        guard outcome.status == 0, !outcome.signalled else {
            XCTFail("ffmpeg \(arguments.joined(separator: " ")) failed: \(outcome.stderr)", file: file, line: line)
            throw CocoaError(.executableLoad)
        }
    }

    /// Opens `page` in headless `chromium` (CI installs it) through `Browser/review_page_check.py`
    /// (the DevTools protocol over a pipe), clicks the moment at `moment` and writes a 1000x1400
    /// screenshot to `screenshot`; returns the script's JSON. Skips when chromium is not installed.
    static func checkReviewPage(_ page: String, moment: Int, screenshot: String,
                                file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try runBrowserScript("review_page_check.py", [page, String(moment), screenshot], file: file, line: line)
    }

    /// Opens a batch's `index.html` in headless chromium through `Browser/index_page_check.py`: the
    /// rows' order as shown, after choosing "by name" and after choosing "needs review" again, the
    /// images, the links, and where clicking the first row's link leads. Skips as
    /// ``checkReviewPage(_:moment:screenshot:file:line:)`` does.
    static func checkIndexPage(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try runBrowserScript("index_page_check.py", [page], file: file, line: line)
    }

    /// Draws boxes on a `vtrack pick` page in headless chromium through `Browser/pick_page_check.py`
    /// with mouse events, as `spec` says (its runs: pixel ratio, zoom, frame, boxes, a resize, a
    /// deletion; see the script), saves each run's keyframes file into `spec["downloads"]` and returns
    /// the script's JSON. Skips as ``checkReviewPage(_:moment:screenshot:file:line:)`` does.
    static func checkPickPage(_ page: String, spec: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try runBrowserScript("pick_page_check.py", [page, try specFile(spec)], file: file, line: line)
    }

    /// Corrects a moment of a review page in headless chromium through
    /// `Browser/review_correction_check.py` as `spec` says (the frame, a box to drag, an object to
    /// mark absent, one to add), reloads the page, saves the keyframes file into `spec["downloads"]`
    /// and returns the script's JSON. Skips as ``checkReviewPage(_:moment:screenshot:file:line:)`` does.
    static func checkReviewCorrection(_ page: String, spec: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try runBrowserScript("review_correction_check.py", [page, try specFile(spec)], file: file, line: line)
    }

    /// Opens `page` in headless chromium through `Browser/page_text_check.py` and returns the script's
    /// JSON: `texts`, the text of each element of `ids` once the page's script has run (null where
    /// there is none), and the problems. Skips as ``checkReviewPage(_:moment:screenshot:file:line:)`` does.
    static func pageTexts(_ page: String, ids: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try runBrowserScript("page_text_check.py", [page] + ids, file: file, line: line)
    }

    /// `spec` as a JSON file in the system's temporary folder, for a browser script to read.
    private static func specFile(_ spec: [String: Any]) throws -> String {
        let path = FilePath.joining(NSTemporaryDirectory(), "vtrack-spec-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The words of a command line as a POSIX shell splits it, for the commands the pages show:
    /// words separated by spaces, single-quoted parts taken as they are (`'it'\''s'` is `it's`).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", inWord = false, quoted = false, escaped = false
        for character in line {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
            } else if escaped {
                word.append(character)
                escaped = false
            } else if character == "'" || character == "\\" {
                quoted = character == "'"
                escaped = character == "\\"
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Runs `Browser/SCRIPT CHROMIUM ARGUMENTS...` with python3 and returns the JSON object it prints.
    static func runBrowserScript(_ name: String, _ arguments: [String], file: StaticString, line: UInt) throws -> [String: Any] {
        guard let chromium = executable(named: "chromium") else {
            throw XCTSkip("needs a browser: chromium is not installed (.ci/run installs Debian's chromium)")
        }
        let python = try XCTUnwrap(executable(named: "python3"), "python3 drives the browser", file: file, line: line)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/" + name).path
        let outcome = try run(python, [script, chromium] + arguments, environment: [:], timeout: 120, file: file, line: line)
        XCTAssertEqual(outcome.status, 0, outcome.stderr, file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
        return try XCTUnwrap(object as? [String: Any], outcome.stdout, file: file, line: line)
    }

    /// The presentation time of every video frame of `path`, in seconds, by `ffprobe`.
    static func frameTimes(of path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let ffprobe = try FilePath.folder(of: ffmpegBinary()) + "/ffprobe"
        let outcome = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", path],
                              environment: [:], timeout: 120, file: file, line: line)
        XCTAssertEqual(outcome.status, 0, outcome.stderr, file: file, line: line)
        return outcome.stdout.split(whereSeparator: \.isNewline).compactMap { Double($0.split(separator: ",").first ?? "") }
    }

    /// A synthetic H.264 clip from FFmpeg's moving test pattern.
    static func makeClip(_ path: String, size: String = "160x120", frames: Int = 40, rate: Int = 20, pattern: String = "testsrc2",
                         extra: [String] = []) throws {
        try FileManager.default.createDirectory(atPath: FilePath.folder(of: path), withIntermediateDirectories: true)
        try ffmpeg(["-f", "lavfi", "-i", "\(pattern)=size=\(size):rate=\(rate)", "-frames:v", "\(frames)",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] + extra + [path])
    }

    private static func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Double,
                            directory: String? = nil, file: StaticString, line: UInt) throws -> ProcessOutcome {
        let logs = FilePath.joining(NSTemporaryDirectory(), "vtrack-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let out = FilePath.joining(logs, "stdout"), err = FilePath.joining(logs, "stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = schedulerFree(environment)
        process.standardOutput = try logFile(out)
        process.standardError = try logFile(err)
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            XCTFail("\(FilePath.name(of: executable)) \(arguments.joined(separator: " ")) ran longer than \(timeout) s", file: file, line: line)
        }
        return ProcessOutcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                              stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                              stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    private static func logFile(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return handle
    }
}

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class CLITemporaryFolder {
    let root: String

    init() throws {
        root = FilePath.joining(NSTemporaryDirectory(), "vtrack-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { FilePath.joining(root, relative) }

    func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }

    func write(_ data: Data, to relative: String) throws {
        let target = path(relative)
        try FileManager.default.createDirectory(atPath: FilePath.folder(of: target), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: target, contents: data) else { throw CocoaError(.fileWriteUnknown) }
    }

    func copy(_ source: String, to relative: String) throws {
        try write(try Data(contentsOf: URL(fileURLWithPath: source)), to: relative)
    }

    func data(_ relative: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(relative))) }

    /// Every regular file under `relative`, as paths relative to it, sorted.
    func files(under relative: String) -> [String] {
        let base = path(relative)
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: FilePath.joining(base, item), isDirectory: &isFolder), !isFolder.boolValue {
                found.append(item)
            }
        }
        return found.sorted()
    }
}

/// Whether a file of an output folder is not one of a review page's stills
/// (`NAME.stills/frame-000012.png`), which a run writes for each moment it finds. A still being
/// written (in the hidden folder `.NAME.stills.PID-RANDOM.partial/`) is not a still.
func isNotAStill(_ relativePath: String) -> Bool {
    !relativePath.contains(".stills/frame-")
}

/// The bundled 120-frame, 176x144 sample clip.
let cliSampleClip = TestFootage.sampleVideo("carphone_face_in_car.mp4")

/// Deterministic pseudo-random numbers (SplitMix64) for repeatable corruption.
struct CLISeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
