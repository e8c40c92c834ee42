import Files
import Foundation
import Imaging
import Pages
import TrackFormats

/// Tracks every clip of a folder (or this process's shard of it), a few clips at a time, and
/// writes per-clip outputs, a summary and (for a whole batch) an index page.
///
///     let runner = try BatchRunner(configuration: BatchConfiguration(
///         inputFolder: "footage", outputFolder: "tracks", jobs: 2))
///     let summary = try runner.run(clipFinished: { result, progress in print(progress.logLine(for: result)) })
///     // tracks/cam1/0001.csv, tracks/cam1/0001.html, tracks/cam1/0001.thumb.png, tracks/cam1/0001.mp4,
///     // tracks/cam1/0001.done.json, ..., tracks/summary.csv, tracks/summary.json, tracks/index.html
///     // (and tracks/cam1/0001.mot.txt, .jsonl, .cvat.xml with writesMOT, writesJSONLines, writesCVAT)
///
/// - Boxes come from the manifest (for the clips it names), else from the clip's sidecar
///   (``BoxSidecar``); a clip with neither starts its tracks from the detector when
///   `options.detector` is a class detector (`face`, ...), and is `skipped` otherwise.
/// - Outputs are written under temporary names and renamed when complete; the clip's marker
///   (``BatchOutputLayout/markerPath(for:)``) is written last. A clip whose marker and outputs exist
///   and whose inputs (clip, boxes, options, the contents of the detector's files) did not change
///   is skipped unless ``BatchConfiguration/force`` is set, so a killed batch run again finishes only
///   the rest.
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
    /// The boxes sidecar of each clip that had one when the batch started.
    private let sidecarAtStart: [String: String]
    private let inputs: BatchInputFiles
    /// The contents of the files the detector reads (a model, class names, a cascade), so that a
    /// clip is tracked again when one of them changed.
    private let detectorFiles: String

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
        sidecarAtStart = foundClips.reduce(into: [:]) { sidecars, clip in
            let path = FilePath.joining(input, clip)
            sidecars[clip] = [BoxSidecar.csvPath(forClip: path), BoxSidecar.jsonPath(forClip: path)]
                .first(where: FileManager.default.fileExists)
        }
        allClips = Array(found.union(manifest?.clips ?? [])).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        clips = allClips.enumerated().filter { configuration.shard.includes(position: $0.offset) }.map(\.element)
        layout = BatchOutputLayout(outputFolder: output, clips: allClips)
        var inputPaths = foundClips.map { FilePath.joining(input, $0) }
        inputPaths += inputPaths.flatMap { [BoxSidecar.csvPath(forClip: $0), BoxSidecar.jsonPath(forClip: $0)] }
        if let path = configuration.manifestPath { inputPaths.append(path) }
        inputPaths += configuration.options.detector.inputFiles.map(\.path)
        inputs = BatchInputFiles(paths: inputPaths)
        detectorFiles = configuration.options.detector.fingerprintedFiles
            .map { "\($0) \(FileContentFingerprint.of($0))" }.joined(separator: "; ")
        var batchFiles = CommandFiles()
        batchFiles.input("the manifest", configuration.manifestPath)
        for file in configuration.options.detector.inputFiles { batchFiles.input(file.role, file.path) }
        let jsonName = BatchSummary(shard: configuration.shard, totalClips: 0, clipListFingerprint: "", clips: []).jsonFileName
        let summaries = ["summary.csv", jsonName, BatchIndexPage.fileName].map { FilePath.joining(output, $0) }
        for path in summaries { batchFiles.output("summary", path, streams: false) }
        try batchFiles.check()
        if let clobbered = summaries.first(where: inputs.contains) {
            throw OutputError.wouldOverwriteInput(path: clobbered, input: "an input of the batch")
        }
        try FilePath.createFolder(output, for: output)
    }

    /// Identifies the clip list, so that shards of different lists are not merged.
    public var clipListFingerprint: String {
        "\(allClips.count)-" + BatchOutputLayout.hashHex(allClips.joined(separator: "\n"))
    }

    /// Tracks this shard's clips, `configuration.jobs` at a time, then writes the summary (see
    /// ``BatchSummary/write(into:)``) and, for a whole batch, the index page (``BatchIndexPage``;
    /// `vtrack merge` writes a sharded batch's), and returns the summary. `progress` is called at most
    /// five times a second and `clipFinished` once per clip; calls never overlap. Throws
    /// ``OutputError`` only when the summary or the index page cannot be written, and
    /// ``BatchError/busy(path:holder:)`` when another batch is writing the same clips into the output
    /// folder (see ``BatchLock``); problems with clips are entries of the summary.
    public func run(progress: ((BatchProgress) -> Void)? = nil,
                    clipFinished: ((BatchClipResult, BatchProgress) -> Void)? = nil) throws -> BatchSummary {
        let lock = try BatchLock(folder: configuration.outputFolder, shard: configuration.shard)
        defer { withExtendedLifetime(lock) {} }
        let state = BatchRunState(total: clips.count)
        let workers = max(1, min(configuration.jobs, clips.count))
        let group = DispatchGroup()
        // The workers share this runner's settings read-only; BatchRunState serialises the callbacks.
        nonisolated(unsafe) let runner = self, progress = progress, clipFinished = clipFinished
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let (position, clip) = state.nextClip(runner.clips) {
                    let result = runner.process(clip) { fraction, frames in
                        state.update(clip: clip, fraction: fraction, frames: frames, progress: progress)
                    }
                    state.finish(position: position, clip: clip, result: result, clipFinished: clipFinished)
                }
                group.leave()
            }
            thread.name = "vtrack.batch"
            // The whole session runs on this thread: give it the main thread's usual 8 MiB stack on
            // every platform (some give secondary threads 512 KiB).
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        let summary = BatchSummary(shard: configuration.shard, totalClips: allClips.count,
                                   clipListFingerprint: clipListFingerprint, clips: state.results.compactMap { $0 })
        try summary.write(into: configuration.outputFolder)
        if configuration.shard.isWhole {
            try BatchIndexPage(summary: summary, outputFolder: configuration.outputFolder).write(into: configuration.outputFolder)
        }
        return summary
    }

    /// Tracks one clip; never throws: every problem becomes a failed entry.
    private func process(_ clip: String, onFrames: @escaping (Double, Int) -> Void) -> BatchClipResult {
        let clipPath = FilePath.joining(configuration.inputFolder, clip)
        guard found.contains(clip) else {
            let extensions = ClipFinder.videoExtensions.sorted().joined(separator: "/")
            return .failed(clip, "\(configuration.manifestPath ?? "manifest"): names \(clip), but there is no such .\(extensions) file under \(configuration.inputFolder)")
        }
        let markerPath = layout.markerPath(for: clip)
        let paths: OutputPaths
        do {
            paths = try OutputPaths(clip: clipPath, out: nil, csv: layout.csvPath(for: clip),
                                    video: configuration.writesVideo ? layout.videoPath(for: clip) : nil,
                                    mot: configuration.writesMOT ? layout.motPath(for: clip) : nil,
                                    jsonLines: configuration.writesJSONLines ? layout.jsonLinesPath(for: clip) : nil,
                                    cvat: configuration.writesCVAT ? layout.cvatPath(for: clip) : nil,
                                    report: layout.reviewPagePath(for: clip))
        } catch {
            return .failed(clip, error)
        }
        let written = paths.written + [layout.thumbnailPath(for: clip)]
        for path in written + [markerPath] where inputs.contains(path) {
            return .failed(clip, OutputError.wouldOverwriteInput(path: path, input: "an input of the batch"))
        }
        let boxes: ClipBoxes
        do {
            guard let resolved = try resolvedBoxes(for: clip, at: clipPath) else {
                // No sidecar because it or the clip is gone (removed during the batch): that clip
                // fails, it is not a clip without boxes.
                guard FileManager.default.fileExists(atPath: clipPath) else {
                    return .failed(clip, "\(clipPath): file not found (removed since the batch started)")
                }
                if let vanished = sidecarAtStart[clip] {
                    return .failed(clip, "\(clipPath): its boxes \(vanished): file not found (removed since the batch started)")
                }
                let sidecar = FilePath.name(of: BoxSidecar.csvPath(forClip: clip))
                return BatchClipResult(clip: clip, status: .skipped,
                                       error: "no boxes: no \(sidecar) or .boxes.json beside it, no manifest row, and no class --detector")
            }
            boxes = resolved
        } catch {
            return .failed(clip, error)
        }
        var options = configuration.options
        if let frame = boxes.startFrame { options.startFrame = frame }
        let inputDescription = describeInputs(clipPath: clipPath, boxes: boxes, options: options)
        if !configuration.force, let marker = BatchDoneMarker.read(path: markerPath), marker.inputs == inputDescription,
           marker.vouchesFor(written) {
            var result = marker.result
            result.status = .skipped
            result.error = "already complete (--force runs it again)"
            return result
        }
        try? FileManager.default.removeItem(atPath: markerPath)
        do {
            let result = try track(clip, at: clipPath, boxes: boxes, options: options, outputs: paths, onFrames: onFrames)
            try BatchDoneMarker(inputs: inputDescription, result: result, outputs: written).write(to: markerPath)
            return result
        } catch {
            return .failed(clip, error)
        }
    }

    /// The manifest's boxes for the clips it names, else the sidecar's, else no boxes when a class
    /// detector will find the objects, else `nil`.
    private func resolvedBoxes(for clip: String, at clipPath: String) throws -> ClipBoxes? {
        if let entry = manifest?.boxes(for: clip) { return try entry.get() }
        if let sidecar = try BoxSidecar.boxes(forClip: clipPath) { return sidecar }
        guard configuration.options.detector.findsNewObjects else { return nil }
        return ClipBoxes(targets: [], startFrame: nil, source: "--detector \(configuration.options.detector)")
    }

    /// Runs the session with the sinks of `outputs` and a ``ThumbnailSink`` and returns the clip's `ok` entry.
    /// `onFrames` gets the fraction done and the frames tracked since its last call.
    private func track(_ clip: String, at clipPath: String, boxes: ClipBoxes, options: TrackingOptions, outputs: OutputPaths,
                       onFrames: @escaping (Double, Int) -> Void) throws -> BatchClipResult {
        let session = try ClipTrackingSession(clipPath: clipPath, targets: boxes.targets, options: options)
        let frameCount = session.info.frameCount ?? 0
        var reported = 0
        let report = try session.run(
            // The thumbnail first: it reads the colour picture that the MP4's sink then draws on.
            makeSinks: { [ThumbnailSink(path: layout.thumbnailPath(for: clip))]
                + (try outputs.makeSinks(clip: clipPath, info: session.info, resultRules: session.resultRules, options: session.options)) },
            progress: { frame in
                let done = frame + 1 - options.startFrame
                guard done - reported >= 5 else { return }
                onFrames(frameCount > 0 ? Double(frame + 1) / Double(frameCount) : 0, done - reported)
                reported = done
            })
        onFrames(1, report.framesTracked - reported)
        return BatchClipResult(
            clip: clip, status: .ok, frames: report.framesTracked,
            framesPerSecond: (report.framesPerSecond * 100).rounded() / 100, tracks: report.tracks,
            meanConfidence: (report.meanConfidence * 10_000).rounded() / 10_000,
            lowConfidenceRecords: report.lowConfidenceRecords,
            decoderWarnings: report.warnings.map(BatchClipResult.oneLine),
            outputs: [layout.relativeCSV(for: clip)] + (outputs.mot == nil ? [] : [layout.relativeMOT(for: clip)])
                + (outputs.jsonLines == nil ? [] : [layout.relativeJSONLines(for: clip)])
                + (outputs.cvat == nil ? [] : [layout.relativeCVAT(for: clip)])
                + (outputs.video == nil ? [] : [layout.relativeVideo(for: clip)])
                + [layout.relativeReviewPage(for: clip), layout.relativeThumbnail(for: clip)])
    }

    /// Everything the outputs depend on, as text: a marker with other inputs is stale.
    private func describeInputs(clipPath: String, boxes: ClipBoxes, options: TrackingOptions) -> String {
        var info = stat()
        let file = stat(clipPath, &info) == 0 ? "bytes=\(info.st_size) modified=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "unreadable"
        let targets = boxes.targets.map { "\($0.label)=\($0.box)" }.joined(separator: ";")
        return "clip \(file); boxes \(targets); \(String(describing: options)); detector files \(detectorFiles)"
    }
}
