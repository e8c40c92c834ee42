import Foundation

/// Where a command's closing summary lines go: standard output, or standard error when an output
/// file is being written to standard output (`--csv -`), or nowhere with `--quiet`.
struct SummaryOutput {
    let quiet: Bool
    let standardOutputTaken: Bool

    func say(_ line: String) {
        guard !quiet else { return }
        if standardOutputTaken {
            StandardError.write(line + "\n")
        } else {
            print(line)
        }
    }
}
