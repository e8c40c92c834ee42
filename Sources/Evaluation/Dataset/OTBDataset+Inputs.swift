import Pipeline

extension OTBDataset {
    /// Adds every sequence's video and ground truth to `files` as inputs of the command that reads them.
    public func addInputs(to files: inout CommandFiles) {
        for sequence in sequences {
            files.input("the video of \(sequence.name)", sequence.videoPath)
            files.input("the ground truth of \(sequence.name)", sequence.groundTruthPath)
        }
    }
}
