import Foundation
import Imaging

/// Tracks every clip of a folder (or this process's shard of it), a few clips at a time, and
/// writes per-clip outputs and a summary.
///
///     let runner = try BatchRunner(configuration: BatchConfiguration(
///         inputFolder: "footage", outputFolder: "tracks", jobs: 2))
///     let summary = try runner.run(clipFinished: { result, progress in print(progress.logLine(for: result)) })
///     // tracks/cam1/0001.csv, tracks/cam1/0001.mp4, tracks/cam1/0001.done.json, ..., tracks/summary.csv
///
/// - Boxes come from the manifest (for the clips it names), else from the clip's sidecar
///   (``BoxSidecar``); a clip with neither starts its tracks from the detector when
///   `options.detector` is a class detector (`face`, ...), and is `skipped` otherwise.
/// - Outputs are written under temporary names and renamed when complete; the clip's marker
///   (``BatchOutputLayout/markerPath(for:)``) is written last. A clip whose marker and outputs exist
///   and whose inputs did not change is skipped unless ``BatchConfiguration/force`` is set, so a
///   killed batch run again finishes only the rest.
/// - A clip that cannot be tracked becomes a `failed` entry with a one-line reason; the others go on.
/// - No output may replace an input (a clip, a sidecar or the manifest): such a clip fails.
public final class BatchRunner {
    public let configuration: BatchConfiguration
    /// Every clip of the batch (all shards): those found under the input folder and any others the
    /// manifest names, sorted by UTF-8 bytes.
    public let allClips: [String]
    /// This shard's clips, in order.
    public let clips: [String]
    public let layout: BatchOutputLayout
    private let manifest: BatchManifest?
    private let found: Set<String>
    private let inputs: InputFiles

    /// Lists the clips, reads the manifest and creates the output folder. Throws ``BatchError`` for a
    /// missing input folder, an output folder equal to it or an unlistable folder, ``BoxFileError``
    /// for an unreadable or headerless manifest, and ``OutputError`` when the output folder cannot be made.
    public init(configuration: BatchConfiguration) throws {
        self.configuration = configuration
        let input = configuration.inputFolder, output = configuration.outputFolder
        if ClipFinder.canonicalPath(input) == ClipFinder.canonicalPath(output) {
            throw BatchError.outputIsInput(path: output)
        }
        let foundClips = try ClipFinder.clips(under: input, excluding: output)
        manifest = try configuration.manifestPath.map { try BatchManifest(path: $0) }
        found = Set(foundClips)
        allClips = Array(found.union(manifest?.clips ?? [])).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        clips = allClips.enumerated().filter { configuration.shard.includes(position: $0.offset) }.map(\.element)
        layout = BatchOutputLayout(outputFolder: output, clips: allClips)
        var inputPaths = foundClips.map { (input as NSString).appendingPathComponent($0) }
        inputPaths += inputPaths.flatMap { [BoxSidecar.csvPath(forClip: $0), BoxSidecar.jsonPath(forClip: $0)] }
        if let path = configuration.manifestPath { inputPaths.append(path) }
        inputs = InputFiles(paths: inputPaths)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw OutputError.cannotCreate(path: output)
        }
    }

    /// Identifies the clip list, so that shards of different lists are not merged.
    public var clipListFingerprint: String {
        "\(allClips.count)-" + BatchOutputLayout.hashHex(allClips.joined(separator: "\n"))
    }

    /// Tracks this shard's clips, `configuration.jobs` at a time, then writes the summary (see
    /// ``BatchSummary/write(into:)``) and returns it. `progress` is called at most every few frames and
    /// `clipFinished` once per clip; calls never overlap. Throws ``OutputError`` only when the
    /// summary cannot be written; problems with clips are entries of the summary.
    public func run(progress: ((BatchProgress) -> Void)? = nil,
                    clipFinished: ((BatchClipResult, BatchProgress) -> Void)? = nil) throws -> BatchSummary {
        let state = RunState(total: clips.count)
        let workers = max(1, min(configuration.jobs, clips.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                while let (position, clip) = state.nextClip(clips) {
                    let result = process(clip) { fraction, frames in
                        state.update(clip: clip, fraction: fraction, frames: frames, progress: progress)
                    }
                    state.finish(position: position, clip: clip, result: result, clipFinished: clipFinished)
                }
                group.leave()
            }
            thread.name = "vtrack.batch"
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        let summary = BatchSummary(shard: configuration.shard, totalClips: allClips.count,
                                   clipListFingerprint: clipListFingerprint, clips: state.results.compactMap { $0 })
        try summary.write(into: configuration.outputFolder)
        return summary
    }

    /// Tracks one clip; never throws: every problem becomes a failed entry.
    private func process(_ clip: String, onFrames: @escaping (Double, Int) -> Void) -> BatchClipResult {
        let clipPath = (configuration.inputFolder as NSString).appendingPathComponent(clip)
        guard found.contains(clip) else {
            let extensions = ClipFinder.videoExtensions.sorted().joined(separator: "/")
            return .failed(clip, "\(configuration.manifestPath ?? "manifest"): names \(clip), but there is no such .\(extensions) file under \(configuration.inputFolder)")
        }
        let csvPath = layout.csvPath(for: clip), markerPath = layout.markerPath(for: clip)
        let videoPath = configuration.writesVideo ? layout.videoPath(for: clip) : nil
        for path in [csvPath, markerPath, videoPath].compactMap({ $0 }) where inputs.contains(path) {
            return .failed(clip, OutputError.wouldOverwriteInput(path: path))
        }
        let boxes: ClipBoxes
        do {
            if let given = try clipBoxes(for: clip, at: clipPath) {
                boxes = given
            } else if configuration.options.detector.findsNewObjects {
                boxes = ClipBoxes(targets: [], startFrame: nil, source: "--detector \(configuration.options.detector)")
            } else {
                let sidecar = (BoxSidecar.csvPath(forClip: clip) as NSString).lastPathComponent
                return BatchClipResult(clip: clip, status: .skipped,
                                       error: "no boxes: no \(sidecar) or .boxes.json beside it, no manifest row, and no class --detector")
            }
        } catch {
            return .failed(clip, error)
        }
        var options = configuration.options
        if let frame = boxes.startFrame { options.startFrame = frame }
        let inputDescription = describeInputs(clipPath: clipPath, boxes: boxes, options: options)
        let outputs = [csvPath, videoPath].compactMap { $0 }
        if !configuration.force, let marker = BatchDoneMarker.read(path: markerPath), marker.inputs == inputDescription,
           outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
            var result = marker.result
            result.status = .skipped
            result.error = "already complete (--force runs it again)"
            return result
        }
        try? FileManager.default.removeItem(atPath: markerPath)
        do {
            let paths = try OutputPaths(clip: clipPath, out: nil, csv: csvPath, video: videoPath)
            let session = try ClipTrackingSession(clipPath: clipPath, targets: boxes.targets, options: options)
            let frameCount = session.info.frameCount ?? 0
            var lastReported = 0
            let report = try session.run(
                makeSinks: { try paths.makeSinks(clip: clipPath, info: session.info) },
                progress: { frame in
                    let done = frame + 1 - options.startFrame
                    guard done - lastReported >= 5 else { return }
                    onFrames(frameCount > 0 ? Double(frame + 1) / Double(frameCount) : 0, done - lastReported)
                    lastReported = done
                })
            let result = BatchClipResult(
                clip: clip, status: .ok, frames: report.framesTracked,
                framesPerSecond: (report.framesPerSecond * 100).rounded() / 100, tracks: report.tracks,
                meanConfidence: (report.meanConfidence * 10_000).rounded() / 10_000,
                lowConfidenceRecords: report.lowConfidenceRecords,
                decoderWarnings: report.warnings.map(BatchClipResult.oneLine),
                outputs: [layout.relativeCSV(for: clip)] + (videoPath == nil ? [] : [layout.relativeVideo(for: clip)]))
            onFrames(1, report.framesTracked - lastReported)
            try BatchDoneMarker(inputs: inputDescription, result: result).write(to: markerPath)
            return result
        } catch {
            return .failed(clip, error)
        }
    }

    /// The manifest's boxes for the clips it names, else the sidecar's, else `nil`.
    private func clipBoxes(for clip: String, at clipPath: String) throws -> ClipBoxes? {
        if let entry = manifest?.boxes(for: clip) { return try entry.get() }
        return try BoxSidecar.boxes(forClip: clipPath)
    }

    /// Everything the outputs depend on, as text: a marker with other inputs is stale.
    private func describeInputs(clipPath: String, boxes: ClipBoxes, options: TrackingOptions) -> String {
        var info = stat()
        let file = stat(clipPath, &info) == 0 ? "bytes=\(info.st_size) modified=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "unreadable"
        let targets = boxes.targets.map { "\($0.label)=\($0.box)" }.joined(separator: ";")
        return "clip \(file); boxes \(targets); \(String(describing: options))"
    }
}

/// The shared bookkeeping of the worker threads.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var progress: BatchProgress
    private let started = Date()
    private var lastProgress = Date.distantPast
    private(set) var results: [BatchClipResult?]

    init(total: Int) {
        progress = BatchProgress(total: total)
        results = Array(repeating: nil, count: total)
    }

    func nextClip(_ clips: [String]) -> (Int, String)? {
        lock.lock()
        defer { lock.unlock() }
        guard next < clips.count else { return nil }
        next += 1
        progress.running[clips[next - 1]] = 0
        return (next - 1, clips[next - 1])
    }

    func update(clip: String, fraction: Double, frames: Int, progress callback: ((BatchProgress) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        progress.running[clip] = fraction
        progress.framesTracked += frames
        progress.elapsed = Date().timeIntervalSince(started)
        guard let callback, Date().timeIntervalSince(lastProgress) >= 0.2 else { return }
        lastProgress = Date()
        callback(progress)
    }

    func finish(position: Int, clip: String, result: BatchClipResult, clipFinished: ((BatchClipResult, BatchProgress) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        results[position] = result
        progress.running[clip] = nil
        switch result.status {
        case .ok: progress.ok += 1
        case .failed: progress.failed += 1
        case .skipped: progress.skipped += 1
        }
        progress.elapsed = Date().timeIntervalSince(started)
        clipFinished?(result, progress)
    }
}

/// The batch's input files, to refuse outputs that would replace one of them.
private struct InputFiles {
    private let paths: Set<String>
    private let identities: Set<FileIdentity>

    init(paths: [String]) {
        self.paths = Set(paths.map(ClipFinder.canonicalPath))
        identities = Set(paths.compactMap(FileIdentity.init))
    }

    func contains(_ path: String) -> Bool {
        if paths.contains(ClipFinder.canonicalPath(path)) { return true }
        return FileIdentity(path).map(identities.contains) ?? false
    }
}

/// Device and inode of an existing file: equal for two paths of the same file (hard or symbolic links).
private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
