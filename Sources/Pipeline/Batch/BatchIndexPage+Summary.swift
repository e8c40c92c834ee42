import Pages

extension BatchIndexPage {
    /// The rows of every clip of a whole batch's `summary`, read from the outputs under `outputFolder`
    /// (see ``BatchIndexRow/init(result:layout:)``).
    public init(summary: BatchSummary, outputFolder: String) {
        let layout = BatchOutputLayout(outputFolder: outputFolder, clips: summary.clips.map(\.clip))
        self.init(rows: summary.clips.map { BatchIndexRow(result: $0, layout: layout) })
    }
}
