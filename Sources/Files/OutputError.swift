/// Why an output cannot be written. Every description is one line that starts with the path.
public enum OutputError: Error, CustomStringConvertible, Equatable {
    /// The file (or its hidden temporary file) could not be created; `reason` is the system's.
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// The output is a pipe (or standard output into one) whose reader went away, as when
    /// `vtrack ... --csv - | head` has read enough. Commands end quietly, as by SIGPIPE.
    case closedPipe(path: String)
    /// The output is, or resolves to, an input of the same command; `input` names which
    /// (`the clip`, `the model`, ...).
    case wouldOverwriteInput(path: String, input: String)
    /// One file given for two outputs; `first` and `second` name their kinds (`CSV`, `MOT`, ...).
    case sameFileForTwoOutputs(path: String, first: String, second: String)
    /// An output folder (a page's stills, replaced whole; an evaluation's results) holds, or would
    /// hold, another file of the command: `file`, whose `role` is `the clip`, `CSV`, ...
    case folderHoldsAnotherFile(folder: String, kind: String, file: String, role: String)
    /// The path cannot be an output of this kind: empty, a folder, a device the output cannot go
    /// to, a name too long; `reason` says which.
    case unusablePath(path: String, kind: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): return "\(path): cannot create the file (\(reason))"
        case .writeFailed(let path, let reason): return "\(path): write failed: \(reason)"
        case .closedPipe(let path): return "\(path): the reader of the pipe went away"
        case .wouldOverwriteInput(let path, let input): return "\(path): refusing to overwrite an input file (\(input))"
        case .sameFileForTwoOutputs(let path, let first, let second):
            return "\(path): given for two outputs (\(first) and \(second)); each output needs its own file"
        case .folderHoldsAnotherFile(let folder, let kind, let file, let role):
            return "\(folder): cannot write the \(kind) there: \(file) (\(role)) is inside it, and the command writes that folder whole"
        case .unusablePath(let path, let kind, let reason):
            return path.isEmpty ? "the \(kind) output's path is empty" : "\(path): cannot write the \(kind) there: \(reason)"
        }
    }
}
