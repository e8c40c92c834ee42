import Files
import Foundation
import NeuralDetection

/// The files one command reads and writes, and the one rule that protects them: no output may be,
/// or resolve to, an input of the command or another of its outputs, and every output is a path
/// that can be written (see ``OutputDestination``); a folder the command writes whole (a page's
/// stills, an evaluation's results) holds no other file of the command. Every file of vtrack's installed models, whatever
/// their kind (``InstalledModelFiles``), is an input of every command: any command may read them
/// (the appearance describer with every box, NanoTrack at the learned levels).
///
/// Paths are compared after resolving symbolic links (`..`, links to files and to folders) and by
/// device and inode (hard links). Commands check before any work starts:
///
///     var files = CommandFiles()
///     files.input("the clip", clip)
///     files.output("CSV", csvPath)
///     try files.check()
public struct CommandFiles: Sendable {
    /// A file with what it is to the command (`the clip`, `the model`; `CSV`, `MP4`).
    public struct File: Sendable, Equatable {
        public var role: String
        public var path: String

        public init(role: String, path: String) {
            self.role = role
            self.path = path
        }
    }

    public private(set) var inputs: [File] = []
    public private(set) var outputs: [File] = []
    /// Folders an output writes and replaces whole (a page's stills).
    public private(set) var outputFolders: [File] = []
    private var streamable: [Bool] = []

    public init() {}

    /// Adds an input (nothing when `path` is nil). `role` reads in an error as "(the clip)".
    public mutating func input(_ role: String, _ path: String?) {
        if let path, !path.isEmpty { inputs.append(File(role: role, path: path)) }
    }

    /// Adds an output of `kind` (nothing when `path` is nil). `streams` says whether it can go to
    /// standard output, a FIFO or a device (text can; an MP4 cannot).
    public mutating func output(_ kind: String, _ path: String?, streams: Bool = true) {
        guard let path else { return }
        outputs.append(File(role: kind, path: path))
        streamable.append(streams)
    }

    /// Adds a folder of `kind` that the command writes whole (a page's stills, replaced with what is
    /// in it; an evaluation's results, plots and CSVs), nothing when `path` is nil: it must be a
    /// folder or nothing yet (``OutputFolder``), and no input or other output of the command may be inside it.
    public mutating func outputFolder(_ kind: String, _ path: String?) {
        if let path { outputFolders.append(File(role: kind, path: path)) }
    }

    /// Throws the first violation as a one-line ``OutputError``; returns where each output goes,
    /// in the order they were added.
    @discardableResult
    public func check() throws -> [OutputDestination] {
        let inputs = inputs + Self.installedModels
        var destinations: [OutputDestination] = []
        for (index, output) in outputs.enumerated() {
            let destination = try OutputDestination(path: output.path, kind: output.role, streams: streamable[index])
            if let input = inputs.first(where: { Self.sameFile($0.path, output.path) }) {
                throw OutputError.wouldOverwriteInput(path: output.path, input: input.role)
            }
            if let earlier = outputs[..<index].indices.first(where: {
                destination == .standardOutput ? destinations[$0] == .standardOutput : Self.sameFile(outputs[$0].path, output.path)
            }) {
                throw OutputError.sameFileForTwoOutputs(path: output.path, first: outputs[earlier].role, second: output.role)
            }
            destinations.append(destination)
        }
        for folder in outputFolders {
            try OutputFolder.check(folder.path, kind: folder.role)
            let others = inputs + outputs.filter { $0.path != "-" }
            if let inside = others.first(where: { Self.isInside($0.path, folder: folder.path) }) {
                throw OutputError.folderHoldsAnotherFile(folder: folder.path, kind: folder.role, file: inside.path, role: inside.role)
            }
        }
        return destinations
    }

    /// Every file of vtrack's installed models, as inputs.
    private static var installedModels: [File] {
        InstalledModelFiles.all.map { File(role: "vtrack's installed \($0.model) model", path: $0.path) }
    }

    /// True when `path` is `folder` or inside it, once symbolic links are resolved.
    private static func isInside(_ path: String, folder: String) -> Bool {
        let file = OutputDestination.resolved(path), container = OutputDestination.resolved(folder)
        return file == container || file.hasPrefix(container == "/" ? "/" : container + "/")
    }

    /// True when both paths name the same file: the same path once symbolic links are resolved, or
    /// the same device and inode. `-` (standard output) is no file.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        guard a != "-", b != "-", !a.isEmpty, !b.isEmpty else { return false }
        let ra = OutputDestination.resolved(a), rb = OutputDestination.resolved(b)
        if ra == rb { return true }
        var sa = stat(), sb = stat()
        guard stat(ra, &sa) == 0, stat(rb, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
