import ArgumentParser

/// `vtrack eval`: scores vtrack against ground truth, single-object (`otb`, the default) or
/// multi-object (`mot`).
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score vtrack on a dataset with ground truth: single-object tracking (otb, the default) or multi-object tracking (mot).",
        discussion: """
        What each figure means and what each run writes: docs/evaluation.md.

        Examples:
          vtrack eval otb data/sequences --protocol sre
          vtrack eval data/sequences --protocol sre     (otb is the default)
          vtrack eval mot data/mot --out mot-out
        """,
        subcommands: [OTBEvalCommand.self, MOTEvalCommand.self, ReviewLoopEvalCommand.self],
        defaultSubcommand: OTBEvalCommand.self
    )

    /// The arguments of `vtrack eval mot DIR ...` for the earlier form `vtrack eval --mot DIR ...`
    /// (`--mot=DIR` too); any other arguments unchanged. `arguments` exclude the program name.
    static func currentForm(of arguments: [String]) -> [String] {
        guard arguments.first == "eval", arguments.dropFirst().first != "otb", arguments.dropFirst().first != "mot" else { return arguments }
        var rest = Array(arguments.dropFirst())
        if let index = rest.firstIndex(where: { $0.hasPrefix("--mot=") }) {
            let folder = String(rest[index].dropFirst("--mot=".count))
            rest.remove(at: index)
            return ["eval", "mot", folder] + rest
        }
        if let index = rest.firstIndex(of: "--mot"), index + 1 < rest.count {
            let folder = rest[index + 1]
            rest.removeSubrange(index...(index + 1))
            return ["eval", "mot", folder] + rest
        }
        return arguments
    }

    /// The names of a comma-separated `--sequences` list.
    static func sequenceNames(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
